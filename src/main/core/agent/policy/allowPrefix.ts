import { posix } from 'node:path';
import { gitInternalsProblem, notAsWritten, redirectProblem } from './asWritten';
import { basename, unwrapCommand } from './commandWrappers';
import { parseShell, ShellSyntaxError } from './shellParse';

/**
 * What "Always allow" on a command's approval adds to the allow list (issue 14): the command's program and its
 * subcommand, so later runs with other arguments pass without asking — `npm test -- --watch` → `npm test`,
 * `git commit -m x` → `git commit`, `cargo build --release` → `cargo build`, `npm run lint -- --fix` → `npm run lint`,
 * `make` → `make`. An interpreter or
 * runner keeps what it runs: `node scripts/build.js --fast` → `node scripts/build.js`, `npx vitest run` → `npx vitest`,
 * `python -m pytest -q` → `python -m pytest`.
 *
 *   allowPrefixOf('npm test -- --watch') → 'npm test'      allowPrefixOf('a && b') → null
 *
 * Null (nothing offered) for a line that runs more than one command, uses substitutions or variables in the
 * words that would form the prefix, runs as another user, or is a bare interpreter or shell (`bash`, `node -e …`):
 * allowing those would allow anything. Nor for a line that an allow entry would not cover as it is written
 * (asWritten.ts: `ls > out.txt`, `git diff --output=x`, `git -c k=v log`, `ls ../other`, `PATH=… make`): the entry
 * would not spare its question, and the line asks for what it adds to the command. The command policy still decides every part of later commands on its own
 * (destructive ones always ask), so an entry only ever spares the question for what it names.
 */

const INTERPRETERS = new Set(['node', 'deno', 'bun', 'python', 'python3', 'ruby', 'perl', 'php', 'npx', 'pnpx', 'bunx', 'uvx', 'pipx']);
const NEVER = new Set(['bash', 'sh', 'zsh', 'fish', 'dash', 'ksh', 'eval', 'exec', 'source', '.', 'sudo', 'doas', 'su', 'xargs', 'env', 'command', 'builtin']);
const RUNS_SCRIPT = new Set(['run', 'run-script', 'exec', 'x', 'dlx']);
const SUBCOMMAND = /^[A-Za-z][A-Za-z0-9:_.-]*$/;
const SCRIPT = /^[\w@][\w@./:+-]*$/;

export function allowPrefixOf(command: string, context: { workspaceRoot?: string; cwd?: string } = {}): string | null {
  let list;
  try {
    list = parseShell(command);
  } catch (err) {
    if (err instanceof ShellSyntaxError) return null;
    throw err;
  }
  if (list.items.length !== 1 || list.items[0].pipeline.commands.length !== 1) return null;
  const node = list.items[0].pipeline.commands[0];
  if (node.kind !== 'command' || node.substitutions.length || node.heredocRuns || !node.words.length) return null;
  const { core, elevated, levels } = unwrapCommand(node.words);
  if (elevated || !core.length) return null;
  // A wrapper that feeds its command words it makes up (xargs) or changes who runs it: nothing to offer.
  if (levels.some((level) => level[0] && NEVER.has(basename(level[0].text)))) return null;
  const root = (context.workspaceRoot ?? '/workspace').replace(/\\/g, '/');
  const where = { root, cwds: [context.cwd ? posix.resolve(root, context.cwd.replace(/\\/g, '/')) : root], buildDirs: [] };
  if (redirectProblem(node.redirects, where) || gitInternalsProblem(node.words, core, where) || notAsWritten(levels, core, node.assignments, where)) return null;
  const words = core.map((w) => (w.dynamic || w.glob || w.tilde ? null : w.text));
  const program = words[0] ? basename(words[0]) : null;
  if (!program || NEVER.has(program)) return null;
  if (INTERPRETERS.has(program)) {
    // What it runs: `-m module` or the first non-flag word.
    if (words[1] === '-m' && words[2] && SUBCOMMAND.test(words[2])) return `${program} -m ${words[2]}`;
    const script = words[1];
    return script && !script.startsWith('-') && SCRIPT.test(script) ? `${program} ${script}` : null;
  }
  const sub = words[1];
  if (!sub || !SUBCOMMAND.test(sub) || sub.startsWith('-')) return program;
  // `npm run lint`, `yarn run build`, `cargo run --bin x`: the script a runner runs is part of what is allowed.
  const script = words[2];
  if (RUNS_SCRIPT.has(sub) && script && SUBCOMMAND.test(script)) return `${program} ${sub} ${script}`;
  return `${program} ${sub}`;
}
