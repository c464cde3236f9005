import { spawn } from 'node:child_process';
import { SKIPPED_DIRS } from '../workspace/fileIndex';
import { windowOf, type RawFile, type RawMatch } from './matchPreview';

/**
 * The ripgrep engine: `rg --json` in the workspace (an argument array, never a shell), its `match` messages turned
 * into RawFiles as each file's `end` arrives. The files it searches are the ones the file index lists
 * (workspace/fileIndex.ts: the same ignore flags, `--hidden`, `.git` and Akira's own data left out, symbolic links
 * not followed); the service filters its answers through the workspace's rules again where ripgrep reads fewer
 * (nested repositories) and through the globs. Lines are split on `\n` with `--crlf` (so `$` ends a line before
 * `\r\n`); line breaks are dropped; ripgrep's byte offsets become UTF-16 indexes. A file holding a NUL byte is
 * binary: ripgrep stops searching it there.
 */

/** Files bigger than this are not searched (either engine). */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
/** A line longer than this crosses to the service as a window around each match (matchPreview.windowOf). */
const WHOLE_LINE_CHARS = 2000;

/** ripgrep could not run this search (missing, or it refused the pattern): run it in Node. */
export class RipgrepUnusable extends Error {
  constructor(
    message: string,
    /** ripgrep is not on the PATH (or cannot start): do not try it again. */
    readonly missing: boolean,
  ) {
    super(message);
  }
}

export interface RipgrepJob {
  rg: string;
  root: string;
  /** The rules start at the root: read no .gitignore above it. */
  noParentRules: boolean;
  patternArgs: string[];
  globs: string[];
  ignoreCaseInGlobs: boolean;
  /** Takes each file with matches in turn; false stops the search. */
  onFile(file: RawFile): Promise<boolean> | boolean;
}

export interface EngineRun {
  /** Settles once the engine is done (or stopped); rejects with RipgrepUnusable when it could not run at all. */
  done: Promise<void>;
  stop(): void;
  /** The process ids or worker threads it holds now (tests). */
  live(): { processes: number[]; workers: number };
}

export function ripgrepArgs(job: Pick<RipgrepJob, 'noParentRules' | 'patternArgs' | 'globs' | 'ignoreCaseInGlobs'>): string[] {
  return [
    '--json', '--line-number', '--crlf', '--hidden', '--no-config', '--no-messages', '--no-ignore-dot', '--no-ignore-global', '--no-require-git',
    `--max-filesize=${MAX_FILE_BYTES}`,
    ...(job.noParentRules ? ['--no-ignore-parent'] : []),
    ...(job.ignoreCaseInGlobs ? ['--glob-case-insensitive'] : []),
    // Later globs win in ripgrep: the user's includes, then what is always left out.
    ...[...job.globs, '!.git', ...SKIPPED_DIRS.map((d) => `!/${d}`)].flatMap((g) => ['--glob', g]),
    ...job.patternArgs,
  ];
}

interface RgText {
  text?: string;
  bytes?: string;
}

const decode = (value: RgText | undefined): Buffer | string =>
  value?.text !== undefined ? value.text : Buffer.from(value?.bytes ?? '', 'base64');

function dropLineBreak(line: string): string {
  return line.endsWith('\r\n') ? line.slice(0, -2) : line.endsWith('\n') ? line.slice(0, -1) : line;
}

/** A `match` message's matches, in UTF-16 indexes (empty matches dropped). */
function matchesOf(data: { lines: RgText; line_number: number; submatches: { start: number; end: number }[] }): RawMatch[] {
  const raw = decode(data.lines);
  const text = dropLineBreak(typeof raw === 'string' ? raw : raw.toString('utf8'));
  const bytes = typeof raw === 'string' ? (Buffer.byteLength(raw) === raw.length ? null : Buffer.from(raw)) : raw;
  // ASCII lines: byte offsets are UTF-16 indexes.
  const index = (byte: number) => (bytes ? bytes.subarray(0, byte).toString('utf8').length : byte);
  const out: RawMatch[] = [];
  for (const sub of data.submatches) {
    const start = Math.min(index(sub.start), text.length);
    const end = Math.min(index(sub.end), text.length);
    if (end <= start) continue;
    if (text.length <= WHOLE_LINE_CHARS) out.push({ line: data.line_number, start, end, text, offset: 0, lineLength: text.length });
    else {
      const [from, to] = windowOf(start, end, text.length);
      out.push({ line: data.line_number, start, end, text: text.slice(from, to), offset: from, lineLength: text.length });
    }
  }
  return out;
}

export function runRipgrep(job: RipgrepJob): EngineRun {
  const child = spawn(job.rg, ripgrepArgs(job), { cwd: job.root, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
  let stopped = false;
  let spoke = false;
  let rest = '';
  let current: RawFile | null = null;
  /** Files are handed over one at a time, in order (the service may look at the disk for each). */
  let chain: Promise<void> = Promise.resolve();

  const stop = () => {
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) child.kill();
  };
  const take = (line: string) => {
    if (stopped || !line) return;
    let message: { type: string; data: any };
    try {
      message = JSON.parse(line);
    } catch {
      return;
    }
    if (message.type === 'begin') current = { path: String(decode(message.data.path)), matches: [] };
    else if (message.type === 'match' && current) {
      spoke = true;
      current.matches.push(...matchesOf(message.data));
    } else if (message.type === 'end' && current) {
      const file = current;
      current = null;
      if (!file.matches.length) return;
      if (process.platform === 'win32') file.path = file.path.replace(/\\/g, '/');
      chain = chain.then(async () => {
        if (!stopped && !(await job.onFile(file))) stop();
      });
    }
  };

  const done = new Promise<void>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop()!;
      for (const line of lines) take(line);
    });
    child.stderr.resume();
    child.on('error', (err) => {
      stopped = true;
      reject(new RipgrepUnusable(`ripgrep did not start: ${err.message}`, true));
    });
    child.on('close', (code) => {
      take(rest);
      // 2: an error; with no match at all it refused the pattern (or could read nothing): Node's turn.
      if (code === 2 && !spoke && !stopped) reject(new RipgrepUnusable('ripgrep refused the search', false));
      else chain.then(resolve, reject);
    });
  });
  return {
    done,
    stop,
    live: () => ({ processes: child.pid !== undefined && child.exitCode === null && child.signalCode === null ? [child.pid] : [], workers: 0 }),
  };
}
