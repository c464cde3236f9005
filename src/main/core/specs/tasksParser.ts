/**
 * The tasks.md model of a spec (issue 9): a pure parser, no fs (specFiles.ts reads the file).
 *
 * The format is Kiro's: a checkbox list, nested by indentation,
 *
 *   - [ ] 1. Set up the project            (top-level task; `[x]` done, `[-]` in progress)
 *     - [x] 1.1 Create the folders         (sub-task; numbers `1.`, `1.1`, `1.1.`)
 *       - Detail bullet                    (details: the bullet lines under a task)
 *       - _Requirements: 1.2, 3.1_         (requirement ids)
 *   - [ ]* 2. Optional task                (Kiro's `*` after the box marks it optional)
 *   - [~] 3. Queued task                   (Kiro's queued mark, read as open)
 *
 * Rules: lines end with CRLF, LF or a lone CR (mixed is fine); indentation counts a tab as up to the
 * next multiple of 4 columns; bullets are `-`, `*` or `+`; a task's parent is the nearest task above it
 * indented less, or, when a dotted number (2.1) sits at the same indentation as the task it extends
 * (2), that task; a heading ends every open task; fenced code (``` or ~~~) and HTML comments are not
 * read; prose between tasks is ignored. A number needs a dot or a colon (`1.`, `1.1`, `1.1.`, `1:`)
 * or the word Task (`Task 1: Title`): `- [ ] 3 tests` is an unnumbered task titled "3 tests". Inserted
 * numbers (`10a.`, `10a.1`) are numbers. A line right after a task's checkbox line, indented more and not a
 * bullet, continues its title (a title that wraps is read whole).
 * Unnumbered tasks get the id `t<n>` (n: the task's 1-based position in the file) and a problem; a
 * repeated number gets `<number>~<k>` and a problem.
 */

export type TaskState = 'open' | 'done' | 'in_progress';

export interface SpecTask {
  /** The number as written without a trailing dot ('1', '2.1'), `t<n>` when unnumbered, `<number>~<k>` when repeated. */
  id: string;
  /** The number as written (without trailing dot), null when the task has none. */
  number: string | null;
  title: string;
  state: TaskState;
  /** The character between the brackets as written: ' ', 'x', 'X', '-', or '~' (Kiro's "queued", read as open). */
  mark: string;
  /** Kiro's `- [ ]*` marker: the task may be skipped. */
  optional: boolean;
  /** 0 for a top-level task. */
  depth: number;
  parentId: string | null;
  /** Ids of the direct sub-tasks, in file order. */
  children: string[];
  /** The lines under the task (bullet markers removed, wrapped lines joined), requirements line excluded. */
  details: string[];
  /** Requirement ids from `_Requirements: 1.2, 3.1_`. */
  requirements: string[];
  /** 0-based index of the checkbox's line. */
  line: number;
  /** Offset in the whole text (UTF-16 units) of the state character between the brackets. */
  checkboxOffset: number;
}

export interface ParsedTasks {
  tasks: SpecTask[];
  /** Human-readable notes on what looked wrong (1-based line numbers). */
  problems: string[];
}

export interface SourceLine {
  /** The line without its ending (a BOM at the start of the text is left out). */
  text: string;
  /** Offset of `text` in the whole text. */
  start: number;
}

/** Splits on CRLF, LF and lone CR; a text ending in a line break has no empty last line. */
export function splitLines(text: string): SourceLine[] {
  const lines: SourceLine[] = [];
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const re = /\r\n|\n|\r/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    lines.push({ text: text.slice(start, m.index), start });
    start = m.index + m[0].length;
  }
  if (start < text.length) lines.push({ text: text.slice(start), start });
  return lines;
}

/** Visual column of the first non-blank character (a tab moves to the next multiple of 4). */
export function indentWidth(line: string): number {
  let col = 0;
  for (const ch of line) {
    if (ch === ' ') col++;
    else if (ch === '\t') col += 4 - (col % 4);
    else break;
  }
  return col;
}

const STATE_OF: Record<string, TaskState> = { ' ': 'open', '~': 'open', x: 'done', X: 'done', '-': 'in_progress' };
export const STATE_CHAR: Record<TaskState, string> = { open: ' ', done: 'x', in_progress: '-' };

/** A checkbox item: indent, bullet, `[`, state char, `]`, optional `*`, rest. */
const TASK_RE = /^([ \t]*)([-*+])[ \t]+\[(.)\](\*?)(?:[ \t]+(.*))?$/;
/** `1.`, `1.1`, `1.1.`, `1.1:`, and `Task 1:` / `Task 1.1 —` (the other common checklist style). */
const NUMBER_RE = /^(Task[ \t]+)?(\d+[a-z]?(?:\.\d+[a-z]?)*)(\.?)([:：])?(?=[ \t]|$)/i;
const BULLET_RE = /^[ \t]*[-*+][ \t]+(.*)$/;
/** `_Requirements: 1.2, 3.1_`, `*Requirement: 4*`, `**Requirements**: 1`, `_需求：9.5_`, and Kiro's `**Validates: Requirements 1.2, 1.3**`. */
const REQUIREMENTS_RES = [/^[_*]{0,2}(?:Requirements?|需求)[_*]{0,2}[ \t]*[:：][ \t]*(.*)$/i, /^[_*]{0,2}Validates[ \t]*[:：][ \t]*Requirements?[ \t]+(.*)$/i];
const HEADING_RE = /^ {0,3}#{1,6}(?:[ \t]|$)/;
const FENCE_RE = /^[ \t]*(`{3,}|~{3,})/;

export interface TaskLineMatch {
  indent: number;
  stateChar: string;
  /** Column of the state character within the line. */
  stateColumn: number;
  optional: boolean;
  number: string | null;
  title: string;
}

/** Reads one line as a checkbox item (any state character), or null. */
export function matchTaskLine(line: string): TaskLineMatch | null {
  const m = TASK_RE.exec(line);
  if (!m) return null;
  const [, lead, bullet, stateChar, star, rest = ''] = m;
  const stateColumn = lead.length + bullet.length + (/^[ \t]+/.exec(line.slice(lead.length + 1))?.[0].length ?? 0) + 1;
  let number: string | null = null;
  let title = rest.trim();
  const n = NUMBER_RE.exec(title);
  if (n && (n[1] || n[3] === '.' || n[4] || n[2].includes('.'))) {
    number = n[2];
    title = title.slice(n[0].length).trim();
    if (n[1]) title = title.replace(/^[—–-][ \t]+/, '');
  }
  return { indent: indentWidth(lead), stateChar, stateColumn, optional: star === '*', number, title };
}

/** Requirement ids of a requirements line (`_Requirements: 1.2, 3.1_`), or null when it is not one. */
export function matchRequirements(content: string): string[] | null {
  const text = content.trim();
  const m = REQUIREMENTS_RES.map((re) => re.exec(text)).find(Boolean);
  if (!m) return null;
  let end = m[1].length;
  while (end > 0 && (m[1][end - 1] === '_' || m[1][end - 1] === '*')) end--; // (a /[_*]+$/ is quadratic on long runs)
  return m[1]
    .slice(0, end)
    .replace(/\([^)]*\)/g, '') // notes like "(Design §2)"
    .split(/[,;，、]/)
    .map((s) => s.trim().replace(/\.$/, ''))
    .filter(Boolean);
}

interface Open {
  indent: number;
  task: SpecTask;
  /** Column where the task's last detail bullet's text starts (for wrapped lines), or -1. */
  detailColumn: number;
}

/** The task whose title the next line may continue (the line right after its checkbox, or after a line that continued it). */
type TitleWrap = { task: SpecTask; indent: number } | null;

/** Parses tasks.md text; never throws. */
export function parseTasks(text: string): ParsedTasks {
  const tasks: SpecTask[] = [];
  const problems: string[] = [];
  const numberCount = new Map<string, number>();
  let stack: Open[] = [];
  let fence: { char: string; size: number; line: number } | null = null;
  let comment = false;
  let wrap: TitleWrap = null;
  const lines = splitLines(text);

  for (const [index, src] of lines.entries()) {
    const line = src.text;
    const human = index + 1;
    const continues: TitleWrap = wrap;
    wrap = null;
    if (fence) {
      const close = FENCE_RE.exec(line);
      if (close && close[1][0] === fence.char && close[1].length >= fence.size && line.trim() === close[1]) fence = null;
      continue;
    }
    if (comment) {
      if (line.includes('-->')) comment = false;
      continue;
    }
    const open = FENCE_RE.exec(line);
    if (open && !(open[1][0] === '`' && line.slice(line.indexOf('`') + open[1].length).includes('`'))) {
      fence = { char: open[1][0], size: open[1].length, line: human };
      continue;
    }
    const trimmed = line.trim();
    if (trimmed.startsWith('<!--')) {
      if (!trimmed.includes('-->')) comment = true;
      continue;
    }
    if (trimmed === '') continue;
    if (HEADING_RE.test(line)) {
      stack = [];
      continue;
    }

    const item = matchTaskLine(line);
    if (item && !(item.stateChar in STATE_OF) && !/[\p{L}\p{N}]/u.test(item.stateChar)) {
      problems.push(`line ${human}: "[${item.stateChar}]" is not a task state ([ ], [x], [-], [~]); the line is not read as a task.`);
    }
    if (item && item.stateChar in STATE_OF) {
      // Close the tasks this one is not inside of; a dotted number at the same indentation may extend one.
      const popped: Open[] = [];
      while (stack.length && stack[stack.length - 1].indent >= item.indent) popped.push(stack.pop()!);
      if (item.number) {
        // Back onto the stack go the tasks at this indentation whose numbers this one extends (2, then 2.1 for 2.1.1).
        const extended = (o: Open) => o.indent === item.indent && !!o.task.number && item.number!.startsWith(`${o.task.number}.`);
        stack.push(...popped.filter(extended).reverse());
      }
      const parent = stack.length ? stack[stack.length - 1].task : null;
      let id: string;
      if (item.number) {
        const seen = (numberCount.get(item.number) ?? 0) + 1;
        numberCount.set(item.number, seen);
        id = seen === 1 ? item.number : `${item.number}~${seen}`;
        if (seen > 1) problems.push(`line ${human}: task number ${item.number} is used again; this one gets the id ${id}.`);
        if (parent?.number && !item.number.startsWith(`${parent.number}.`)) {
          problems.push(`line ${human}: task ${item.number} is nested under task ${parent.number}.`);
        }
      } else {
        id = `t${tasks.length + 1}`;
        problems.push(`line ${human}: task "${item.title}" has no number; its id is ${id}.`);
      }
      if (!item.title) problems.push(`line ${human}: task ${id} has no title.`);
      const task: SpecTask = {
        id,
        number: item.number,
        title: item.title,
        state: STATE_OF[item.stateChar],
        mark: item.stateChar,
        optional: item.optional,
        depth: parent ? parent.depth + 1 : 0,
        parentId: parent?.id ?? null,
        children: [],
        details: [],
        requirements: [],
        line: index,
        checkboxOffset: src.start + item.stateColumn,
      };
      parent?.children.push(id);
      tasks.push(task);
      stack.push({ indent: item.indent, task, detailColumn: -1 });
      wrap = { task, indent: item.indent };
      continue;
    }

    // Not a task: a detail of the innermost task it is indented under, or prose (ignored).
    const indent = indentWidth(line);
    let ownerAt = stack.length - 1;
    while (ownerAt >= 0 && stack[ownerAt].indent >= indent) ownerAt--;
    if (ownerAt < 0) continue;
    const owner = stack[ownerAt];
    const bullet = BULLET_RE.exec(line);
    const content = (bullet ? bullet[1] : trimmed).trim();
    const requirements = matchRequirements(content);
    if (!bullet && !requirements && continues && indent > continues.indent) {
      // The task's title wraps onto this line (no blank line, no bullet between): it is read whole.
      continues.task.title = `${continues.task.title} ${content}`.trim();
      wrap = continues;
      continue;
    }
    if (requirements) {
      owner.task.requirements.push(...requirements);
      owner.detailColumn = -1;
      continue;
    }
    if (!bullet && owner.detailColumn >= 0 && indent >= owner.detailColumn && owner.task.details.length) {
      owner.task.details[owner.task.details.length - 1] += ` ${content}`;
      continue;
    }
    owner.task.details.push(content);
    owner.detailColumn = bullet ? indent + 2 : -1;
  }
  if (fence) problems.push(`line ${fence.line}: a code fence is never closed; the rest of the file is not read.`);
  return { tasks, problems };
}

/** Tasks without sub-tasks, in file order. */
export function leafTasks(tasks: readonly SpecTask[]): SpecTask[] {
  return tasks.filter((t) => t.children.length === 0);
}

/**
 * True when the task is work of its own: it has no sub-tasks, or only optional ones (Kiro writes
 * `- [ ] 2. Implement the store` and then `- [ ]* 2.1 Write property tests`). Such a task runs and is
 * ticked by itself; its optional sub-tasks run only when named.
 */
export function isWorkTask(task: SpecTask, byId: ReadonlyMap<string, SpecTask>): boolean {
  return task.children.every((id) => byId.get(id)?.optional === true);
}

/** The tasks that are work of their own (see isWorkTask), in file order: what a session runs and progress counts. */
export function workTasks(tasks: readonly SpecTask[]): SpecTask[] {
  const byId = new Map(tasks.map((t) => [t.id, t]));
  return tasks.filter((t) => isWorkTask(t, byId));
}
