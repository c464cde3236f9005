import type { FileStat } from './treeDiff';

/**
 * git's `--numstat` for the files of a new checkpoint, computed here when that is certain, so the
 * metadata can be written while fast-import is still making the pack durable (a `diff-tree` would
 * have to wait for it). Only cases whose answer does not depend on git's diff heuristics are
 * answered; everything else is left to git (`undefined`):
 * - either side binary (a NUL in the first 8,000 bytes, as git checks): `-`/`-`;
 * - added or deleted: every line (git's records end at LF; a last line without one counts);
 * - modified: once the common leading and trailing lines are set aside (git's xdl_trim_ends), if the
 *   two middles share no line, every middle line changed whatever the algorithm; otherwise git.
 */

const FIRST_FEW_BYTES = 8000;
/** git treats files above core.bigFileThreshold (512 MiB) as binary. */
const BIG_FILE = 512 * 1024 * 1024;

export interface LineCounts {
  insertions: number | null;
  deletions: number | null;
}

function isBinary(content: Buffer): boolean {
  return content.length > BIG_FILE || content.subarray(0, FIRST_FEW_BYTES).includes(0);
}

/** Lines with their LF, as byte-exact strings. */
function records(content: Buffer): string[] {
  if (!content.length) return [];
  return content.toString('latin1').split(/(?<=\n)/);
}

export function numstatOf(old: Buffer | null, now: Buffer | null): LineCounts | undefined {
  if ((old && isBinary(old)) || (now && isBinary(now))) return { insertions: null, deletions: null };
  const a = old ? records(old) : [];
  const b = now ? records(now) : [];
  let start = 0;
  const limit = Math.min(a.length, b.length);
  while (start < limit && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const deletions = endA - start;
  const insertions = endB - start;
  if (deletions && insertions) {
    const removedLines = new Set(a.slice(start, endA));
    for (let i = start; i < endB; i++) if (removedLines.has(b[i])) return undefined;
  }
  return { insertions, deletions };
}

export interface ChangedEntry {
  path: string;
  /** null: the file did not exist on that side. */
  old: Buffer | null;
  now: Buffer | null;
}

/** The numstat of every entry (in git's order: byte order of the paths), or undefined if git must answer. */
export function numstatAll(entries: ChangedEntry[]): FileStat[] | undefined {
  const files: FileStat[] = [];
  for (const e of entries) {
    const counts = numstatOf(e.old, e.now);
    if (!counts) return undefined;
    files.push({ path: e.path, ...counts });
  }
  return files.sort((x, y) => Buffer.compare(Buffer.from(x.path), Buffer.from(y.path)));
}
