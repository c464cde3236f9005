import { spawn } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AkiraError } from '../errors';
import { readConfined } from '../workspace/confinedFs';
import { createGitignoreRules, type GitignoreRules } from '../workspace/gitignoreRules';
import { resolveInsideEx } from '../workspace/pathGuard';
import type { TaskReferences } from './taskReferences';
import { assessReasons, plainWords, type ErrorWords, type Words } from '../../../shared/errors';

/**
 * The decision engine's quick checks (issue 9): before a spec task runs, are the files it names there,
 * are the symbols it names somewhere in the code, do the commands it names pass? Cheap evidence, never a
 * judgement that a task is done: the answer is `not_done` (a check shows it is not) or `unknown` (the
 * model decides), with a score for how much the checks support "already done" and one line per check for
 * people and for the model's prompt.
 *
 * - **Files** go through the workspace's confinement (`pathGuard.resolveInsideEx`): a path that leads
 *   outside (a symlink) counts as missing and is never read. A file or a folder counts as existing. A bare
 *   name (`service.ts`, no `/`) missing at the root is looked for by name in the workspace's files.
 * - **Symbols** are searched as whole words, literally: with ripgrep when it is on the PATH (an argument
 *   array, never a shell; .gitignore respected, hidden files searched), else a walk in Node (gitignore
 *   rules, symbolic links not followed, files read through `confinedFs`). Both skip `SKIPPED_DIRS`, files
 *   over 1 MB and binary files, stop at `MAX_SYMBOL_FILES` hits, and are time-boxed (`SYMBOL_SEARCH_MS`
 *   each, `SYMBOL_BUDGET_MS` in all). A search that did not finish is `checked: false`, never "found nowhere".
 * - **Commands** run only through the caller's `runCommand` (the caller applies the user's policy), one
 *   after the other, and only while no file or symbol check has already shown the task not done.
 * - **Verdict**: `not_done` when a named file is missing, a named symbol is found nowhere, or a command
 *   exits with a code other than 0 (a time-out or a kill is not counted); `unknown` otherwise.
 * - **Score** (0..1): 0 when the verdict is `not_done` or nothing was named; else the sum over the kinds
 *   named of `SCORE_WEIGHTS[kind] × confirmed / named` (confirmed: exists, found, exit 0). Weights: commands
 *   0.5, files 0.25, symbols 0.25, so 1 needs a passing command *and* every file and symbol present.
 */

export interface CommandOutcome {
  exitCode: number | null;
  output: string;
  timedOut?: boolean;
}

export interface CheckTaskInput {
  /** The workspace's real path. */
  root: string;
  refs: TaskReferences;
  /** Runs a command in the workspace as the user's policy allows; absent: commands are not run. */
  runCommand?: (command: string) => Promise<CommandOutcome>;
  /** Workspace-relative files that contain `symbol` as a word; absent: the default search (see module doc). */
  searchSymbol?: (symbol: string, signal: AbortSignal) => Promise<string[]>;
  signal?: AbortSignal;
  /** Search every named symbol even once a missing file or symbol shows the task is not done (default: stop searching then). */
  exhaustive?: boolean;
  /** The ripgrep binary of the default search ('rg', looked up on the PATH), or false for the walk in Node. */
  ripgrep?: string | false;
}

export interface FileFinding {
  path: string;
  exists: boolean;
  /** For a bare name missing at the root: where a file of that name is. */
  foundAt?: string;
  /** False when the check could not finish (it then counts neither way). */
  checked: boolean;
  why?: string;
}

export interface SymbolFinding {
  name: string;
  /** Workspace-relative files, at most `MAX_SYMBOL_FILES`. */
  foundIn: string[];
  checked: boolean;
  why?: string;
}

export interface CommandFinding {
  command: string;
  ran: boolean;
  exitCode: number | null;
  passed: boolean;
  outputTail: string;
  why?: string;
}

export interface TaskFindings {
  files: FileFinding[];
  symbols: SymbolFinding[];
  commands: CommandFinding[];
  /** 'not_done' when the quick checks show the task is not done; 'unknown' otherwise (see module doc). */
  verdict: 'not_done' | 'unknown';
  /** 0..1: how much the quick checks support "already done" (see module doc). */
  score: number;
  /** One line per check, e.g. "file src/users/service.ts: exists", "command `npm test -- users`: exit 1 (failed)". */
  lines: string[];
  /** `lines` in words of the assess catalog (issue 14), one for each. */
  lineWords: ErrorWords[];
  durationMs: number;
}

export const SCORE_WEIGHTS = { commands: 0.5, files: 0.25, symbols: 0.25 } as const;
export const MAX_SYMBOL_FILES = 5;
export const SYMBOL_SEARCH_MS = 5_000;
export const SYMBOL_BUDGET_MS = 20_000;
export const WALK_MAX_FILES = 20_000;
export const SEARCH_MAX_FILE_BYTES = 1024 * 1024;
export const OUTPUT_TAIL_CHARS = 2_000;
/** Folders neither search enters (version control, Akira's own data, dependencies, build output). */
export const SKIPPED_DIRS: ReadonlySet<string> = new Set(['.git', '.akira', 'node_modules', 'dist', 'out']);

interface SearchResult {
  files: string[];
  /** Why the search did not finish; absent when it did. */
  incomplete?: string;
}

interface Budget {
  signal: AbortSignal;
  deadline: number;
}

/** Why a budget is spent, or null. */
function spent(b: Budget): string | null {
  return b.signal.aborted ? 'cancelled' : Date.now() > b.deadline ? 'timed out' : null;
}

async function probe(root: string, rel: string): Promise<Omit<FileFinding, 'path'>> {
  try {
    const r = await resolveInsideEx(root, rel);
    if (!r.exists) return { exists: false, checked: true };
    const s = await stat(r.real);
    return { exists: s.isFile() || s.isDirectory(), checked: true };
  } catch (err) {
    if (err instanceof AkiraError) {
      return { exists: false, checked: true, why: err.code === 'forbidden' ? 'leads outside the workspace' : err.message };
    }
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { exists: false, checked: true };
    return { exists: false, checked: false, why: (err as Error).message };
  }
}

/**
 * Breadth-first walk of the workspace's files for the searches without ripgrep: gitignored entries,
 * `SKIPPED_DIRS` and symbolic links are left out. `visit` answers true to stop. Answers why the walk
 * stopped early (spent budget, `WALK_MAX_FILES`), or null.
 */
async function walkFiles(root: string, rules: GitignoreRules, b: Budget, visit: (rel: string, abs: string) => Promise<boolean>): Promise<string | null> {
  const queue = [{ abs: root, rel: '' }];
  let seen = 0;
  while (queue.length) {
    const dir = queue.shift()!;
    const entries = await readdir(dir.abs, { withFileTypes: true }).catch(() => []);
    const ignored = await rules.forDir(dir.abs);
    for (const e of entries.sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0))) {
      if (SKIPPED_DIRS.has(e.name) || ignored(e.name, e.isDirectory())) continue;
      const rel = dir.rel ? `${dir.rel}/${e.name}` : e.name;
      if (e.isDirectory()) queue.push({ abs: join(dir.abs, e.name), rel });
      if (!e.isFile()) continue;
      const why = spent(b) ?? (++seen > WALK_MAX_FILES ? `stopped after ${WALK_MAX_FILES} files` : null);
      if (why) return why;
      if (await visit(rel, join(dir.abs, e.name))) return null;
    }
  }
  return null;
}

/** `work`'s answer, or a rejection when the budget is spent first (the work is left to finish on its own). */
function withinBudget<T>(work: Promise<T>, b: Budget): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stop = (why: string) => () => {
      cleanup();
      reject(new Error(why));
    };
    const onAbort = stop('cancelled');
    const timer = setTimeout(stop('timed out'), Math.max(0, b.deadline - Date.now()));
    const cleanup = () => {
      clearTimeout(timer);
      b.signal.removeEventListener('abort', onAbort);
    };
    b.signal.addEventListener('abort', onAbort);
    work.then(
      (value) => (cleanup(), resolve(value)),
      (err: unknown) => (cleanup(), reject(err instanceof Error ? err : new Error(String(err)))),
    );
  });
}

const isWordByte = (c: number | undefined) =>
  c !== undefined && ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36 || c >= 128);

/** True when `word` occurs in `bytes` with no word character (ASCII letter, digit, `_`, `$`, non-ASCII) on either side. */
export function containsWord(bytes: Buffer, word: string): boolean {
  const needle = Buffer.from(word);
  for (let i = bytes.indexOf(needle); i >= 0; i = bytes.indexOf(needle, i + 1)) {
    if (!isWordByte(bytes[i - 1]) && !isWordByte(bytes[i + needle.length])) return true;
  }
  return false;
}

async function searchInNode(root: string, rules: GitignoreRules, symbol: string, b: Budget): Promise<SearchResult> {
  const files: string[] = [];
  const incomplete = await walkFiles(root, rules, b, async (rel, abs) => {
    const file = await readConfined(root, abs, {
      check: (s) => {
        if (s.size > SEARCH_MAX_FILE_BYTES) throw new Error('too large');
      },
    }).catch(() => null);
    if (!file || file.bytes.subarray(0, 8192).includes(0)) return false;
    if (containsWord(file.bytes, symbol)) files.push(rel);
    return files.length >= MAX_SYMBOL_FILES;
  });
  return { files, ...(incomplete ? { incomplete } : {}) };
}

/** The ripgrep search; null when ripgrep is missing or refused the arguments without answering (the caller walks in Node). */
function searchWithRipgrep(rg: string, root: string, symbol: string, b: Budget): Promise<SearchResult | null> {
  const globs = [...SKIPPED_DIRS].flatMap((d) => ['--glob', `!${d}`]);
  const args = ['--no-config', '--fixed-strings', '--word-regexp', '--files-with-matches', '--max-count', '1', '--hidden',
    '--no-require-git', '--max-filesize', '1M', '--sort', 'path', '--no-messages', ...globs, '--', symbol];
  return new Promise((resolve) => {
    const child = spawn(rg, args, { cwd: root, stdio: ['ignore', 'pipe', 'ignore'], windowsHide: true });
    const files: string[] = [];
    let rest = '';
    let stopped: string | undefined;
    let done = false;
    const finish = (result: SearchResult | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      b.signal.removeEventListener('abort', onAbort);
      if (child.exitCode === null) child.kill();
      resolve(result);
    };
    const stop = (why: string) => {
      stopped = why;
      finish({ files, incomplete: why });
    };
    const onAbort = () => stop('cancelled');
    const timer = setTimeout(() => stop('timed out'), Math.max(0, b.deadline - Date.now()));
    b.signal.addEventListener('abort', onAbort);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop()!;
      for (const line of lines) {
        if (line && files.length < MAX_SYMBOL_FILES) files.push(line.replace(/\\/g, '/').replace(/^\.\//, ''));
      }
      if (files.length >= MAX_SYMBOL_FILES) finish({ files });
    });
    child.on('error', () => finish(null));
    child.on('close', (code) => {
      if (stopped) return;
      if (rest && files.length < MAX_SYMBOL_FILES) files.push(rest.replace(/\\/g, '/'));
      finish(code === 0 || code === 1 || files.length ? { files } : null);
    });
    if (b.signal.aborted) onAbort();
  });
}

function tail(output: string): string {
  // eslint-disable-next-line no-control-regex
  const text = output.replace(/\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07/g, '').replace(/\r\n?/g, '\n').trimEnd();
  return text.length > OUTPUT_TAIL_CHARS ? `…${text.slice(-OUTPUT_TAIL_CHARS)}` : text;
}

// Each line in words of the assess catalog (issue 14), its English the line.
function fileLine(f: FileFinding): Words {
  if (!f.checked) return assessReasons.checkFileNotChecked(f.path, String(f.why));
  if (f.foundAt) return assessReasons.checkFileFoundAt(f.path, f.foundAt);
  if (f.exists) return assessReasons.checkFileExists(f.path);
  return assessReasons.checkFileMissing(f.path, f.why ?? '');
}

function symbolLine(s: SymbolFinding): Words {
  if (!s.checked && !s.foundIn.length) return assessReasons.checkSymbolNotChecked(s.name, String(s.why));
  if (!s.foundIn.length) return assessReasons.checkSymbolNowhere(s.name);
  return assessReasons.checkSymbolFound(s.name, s.foundIn.join(', '), s.foundIn.length >= MAX_SYMBOL_FILES ? 1 : 0);
}

function commandLine(c: CommandFinding): Words {
  if (!c.ran) return assessReasons.checkCommandNotRun(c.command, String(c.why));
  if (c.why) return assessReasons.checkCommandNotCounted(c.command, c.why);
  return assessReasons.checkCommandExit(c.command, String(c.exitCode), c.passed ? 1 : 0);
}

/** Checks what a task names against the workspace (see module doc). */
export async function checkTaskReferences(input: CheckTaskInput): Promise<TaskFindings> {
  const started = Date.now();
  const { root, refs } = input;
  const signal = input.signal ?? new AbortController().signal;
  let rules: Promise<GitignoreRules> | undefined;
  const rulesOnce = () => (rules ??= createGitignoreRules(root));

  const files: FileFinding[] = [];
  for (const path of refs.files) {
    files.push(signal.aborted ? { path, exists: false, checked: false, why: 'cancelled' } : { path, ...(await probe(root, path)) });
  }
  const byName = files.filter((f) => f.checked && !f.exists && !f.why && !f.path.includes('/'));
  if (byName.length) {
    const wanted = new Map(byName.map((f) => [f.path, f]));
    const incomplete = await walkFiles(root, await rulesOnce(), { signal, deadline: Date.now() + SYMBOL_SEARCH_MS }, async (rel) => {
      const f = wanted.get(rel.slice(rel.lastIndexOf('/') + 1));
      if (f) {
        Object.assign(f, { exists: true, foundAt: rel });
        wanted.delete(f.path);
      }
      return wanted.size === 0;
    });
    if (incomplete) for (const f of wanted.values()) Object.assign(f, { checked: false, why: `the search by name ${incomplete}` });
  }

  const symbols: SymbolFinding[] = [];
  const budgetEnd = Date.now() + SYMBOL_BUDGET_MS;
  const shownNotDone = () =>
    files.some((f) => f.checked && !f.exists) || symbols.some((s) => s.checked && !s.foundIn.length);
  for (const name of refs.symbols) {
    const b: Budget = { signal, deadline: Math.min(budgetEnd, Date.now() + SYMBOL_SEARCH_MS) };
    // Once a named file or symbol is missing the task is not done: no more searches (each is a process).
    const why = signal.aborted
      ? 'cancelled'
      : shownNotDone() && !input.exhaustive
        ? 'skipped: the checks above already show the task is not done'
        : Date.now() >= budgetEnd
          ? 'the search time budget is spent'
          : null;
    if (why) {
      symbols.push({ name, foundIn: [], checked: false, why });
      continue;
    }
    let result: SearchResult;
    try {
      if (input.searchSymbol) {
        const found = await withinBudget(input.searchSymbol(name, signal), b);
        result = { files: [...new Set(found)].slice(0, MAX_SYMBOL_FILES) };
      } else {
        const rg = input.ripgrep === undefined ? 'rg' : input.ripgrep;
        result = (rg ? await searchWithRipgrep(rg, root, name, b) : null) ?? (await searchInNode(root, await rulesOnce(), name, b));
      }
    } catch (err) {
      result = { files: [], incomplete: (err as Error).message };
    }
    const foundIn = [...result.files].sort();
    symbols.push({ name, foundIn, checked: !result.incomplete || foundIn.length > 0, ...(result.incomplete ? { why: result.incomplete } : {}) });
  }

  const commands: CommandFinding[] = [];
  for (const command of refs.commands) {
    const skip = !input.runCommand
      ? 'no command runner'
      : signal.aborted
        ? 'cancelled'
        : shownNotDone() || commands.some((c) => c.ran && !c.passed && !c.why)
          ? 'skipped: the checks above already show the task is not done'
          : null;
    if (skip) {
      commands.push({ command, ran: false, exitCode: null, passed: false, outputTail: '', why: skip });
      continue;
    }
    try {
      const out = await input.runCommand!(command);
      const why = out.timedOut ? 'timed out' : out.exitCode === null ? 'stopped without an exit code' : undefined;
      commands.push({ command, ran: true, exitCode: out.exitCode, passed: !why && out.exitCode === 0, outputTail: tail(out.output), ...(why ? { why } : {}) });
    } catch (err) {
      commands.push({ command, ran: false, exitCode: null, passed: false, outputTail: '', why: (err as Error).message });
    }
  }

  const notDone = shownNotDone() || commands.some((c) => c.ran && !c.why && !c.passed);
  const part = (weight: number, confirmed: number, named: number) => (named ? (weight * confirmed) / named : 0);
  const score = notDone
    ? 0
    : part(SCORE_WEIGHTS.files, files.filter((f) => f.exists).length, files.length) +
      part(SCORE_WEIGHTS.symbols, symbols.filter((s) => s.foundIn.length).length, symbols.length) +
      part(SCORE_WEIGHTS.commands, commands.filter((c) => c.passed).length, commands.length);
  const lineWords = [...files.map(fileLine), ...symbols.map(symbolLine), ...commands.map(commandLine)];
  return {
    files,
    symbols,
    commands,
    verdict: notDone ? 'not_done' : 'unknown',
    score: Math.round(score * 1000) / 1000,
    lines: lineWords.map((w) => w.en),
    lineWords: lineWords.map(plainWords),
    durationMs: Date.now() - started,
  };
}
