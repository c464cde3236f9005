import { ASSESS_TOOL_NAME, PINNED_TOOL_NAMES, VERIFY_TOOL_NAME } from './legacySchema';

/**
 * Maps the tool names models invent (`readFile`, `functions.run_command`, `executeCommand`, `str_replace`)
 * to the pinned ones. Answers the pinned name, or null when the name means nothing known.
 */

const ALIASES: Record<string, string> = {
  read: 'read_file',
  cat: 'read_file',
  open_file: 'read_file',
  view_file: 'read_file',
  get_file: 'read_file',
  write: 'write_file',
  create_file: 'write_file',
  save_file: 'write_file',
  put_file: 'write_file',
  edit: 'edit_file',
  replace_in_file: 'edit_file',
  str_replace: 'edit_file',
  apply_diff: 'edit_file',
  modify_file: 'edit_file',
  update_file: 'edit_file',
  delete: 'delete_file',
  remove_file: 'delete_file',
  rm: 'delete_file',
  list: 'list_files',
  ls: 'list_files',
  list_dir: 'list_files',
  list_directory: 'list_files',
  search: 'search_files',
  grep: 'search_files',
  find_in_files: 'search_files',
  search_file: 'search_files',
  run: 'run_command',
  shell: 'run_command',
  bash: 'run_command',
  exec: 'run_command',
  execute: 'run_command',
  execute_command: 'run_command',
  execute_terminal: 'run_command',
  run_terminal_command: 'run_command',
  terminal: 'run_command',
  write_todos: 'todo_write',
  create_todos: 'todo_write',
  set_todos: 'todo_write',
  todowrite: 'todo_write',
  mark_todo: 'update_todo',
  set_todo_status: 'update_todo',
  update_todo_status: 'update_todo',
  finish: 'complete',
  done: 'complete',
  attempt_completion: 'complete',
  complete_task: 'complete',
  task_complete: 'complete',
  verify: VERIFY_TOOL_NAME,
  assess: ASSESS_TOOL_NAME,
};

const KNOWN = new Set<string>([...PINNED_TOOL_NAMES, VERIFY_TOOL_NAME, ASSESS_TOOL_NAME]);

/** `readFile` → `read_file`, `Read-File` → `read_file`, `functions.read_file` → `read_file`. */
function snake(name: string): string {
  return name
    .trim()
    .replace(/^(functions|function|tools|tool)[.:/]/i, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[\s\-.]+/g, '_')
    .toLowerCase();
}

export function resolveToolName(name: string): string | null {
  if (KNOWN.has(name)) return name;
  // An MCP server's tool (mcp__<server>__<tool>): only as named.
  if (/^mcp__[A-Za-z0-9_-]+$/.test(name)) return name;
  const s = snake(name);
  if (KNOWN.has(s)) return s;
  return ALIASES[s] ?? null;
}
