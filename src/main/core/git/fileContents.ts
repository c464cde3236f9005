import { AkiraError } from '../errors';
import { openConfined } from '../workspace/confinedFs';
import type { Git } from './gitRunner';
import { fileErrors, gitErrors } from '../../../shared/errors';

/** One side of a diff. */
export type Side =
  | { kind: 'missing' }
  | { kind: 'tooLarge'; size: number }
  | { kind: 'content'; bytes: Buffer };

/** Bytes git itself looks at to call a file binary. */
const SNIFF = 8000;

/** git's heuristic: a NUL byte in the first 8000 bytes makes a file binary. */
export function looksBinary(bytes: Buffer): boolean {
  return bytes.subarray(0, SNIFF).includes(0);
}

/**
 * The blob at HEAD:`repoPath` (repository-relative), or missing when there is no HEAD (no commits),
 * no such path at HEAD, or the path is not a file there (a folder, a submodule).
 * `git` must run at the work tree's top level (with literal pathspecs).
 */
export async function readHeadSide(git: Git, repoPath: string, limit: number): Promise<Side> {
  let listing: string;
  try {
    listing = await git.text(['ls-tree', '-l', '-z', '--full-tree', 'HEAD', '--', repoPath]);
  } catch {
    return { kind: 'missing' }; // no commits yet: HEAD does not resolve
  }
  // <mode> SP <type> SP <object> SP+ <size> TAB <path> NUL
  const record = listing.split('\0').find((line) => line.endsWith(`\t${repoPath}`));
  if (!record) return { kind: 'missing' };
  const match = /^(\d+) (\w+) ([0-9a-f]+) +(-|\d+)\t/.exec(record);
  if (!match || match[2] !== 'blob') return { kind: 'missing' };
  const size = Number(match[4]);
  if (size > limit) return { kind: 'tooLarge', size };
  const bytes = await git.bytes(['cat-file', 'blob', match[3]]);
  return { kind: 'content', bytes };
}

/**
 * The working-tree file at `abs` (a real path inside `root`), or missing when it does not exist. It
 * is read through a descriptor checked to be inside the workspace (a folder swapped for a link since
 * the path was resolved is refused), opened without blocking on a FIFO.
 */
export async function readWorkingSide(root: string, abs: string, limit: number, shownPath: string): Promise<Side> {
  const opened = await openConfined(root, abs);
  if (!opened) return { kind: 'missing' };
  const { handle, stats } = opened;
  try {
    if (stats.isDirectory()) throw new AkiraError('bad_request', gitErrors.notAFile(shownPath));
    if (!stats.isFile()) throw new AkiraError('bad_request', fileErrors.notRegularFile(shownPath));
    if (stats.size > limit) return { kind: 'tooLarge', size: stats.size };
    const bytes = await handle.readFile();
    if (bytes.length > limit) return { kind: 'tooLarge', size: bytes.length };
    return { kind: 'content', bytes };
  } finally {
    await handle.close();
  }
}
