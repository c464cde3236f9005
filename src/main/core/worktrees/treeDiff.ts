import type { WorktreeGit } from './worktreeGit';

/** One file of a session's changes (paths from the top of the repository, `/`-separated). */
export interface WorktreeFileDiff {
  path: string;
  /** renamed: the path at the base. */
  oldPath?: string;
  status: 'added' | 'modified' | 'deleted' | 'renamed';
  /** A side holds a NUL byte in its first 8000 bytes (git's test): no contents. */
  binary: boolean;
  /** A side is over the size limit (1 MB), or the diff's content budget ran out: no contents. */
  tooLarge: boolean;
  /** The text at the base; null when the file did not exist there, or is binary, too large or a submodule. */
  before: string | null;
  /** The text now; null when the file is gone, or is binary, too large or a submodule. */
  after: string | null;
  /**
   * The entry is a symbolic link (git mode 120000; deleted: was one): where it points. `before`/`after` hold a link
   * side's target as its text, as git shows it. Absent for a file.
   */
  symlinkTarget?: string;
}

export const FILE_LIMIT = 1024 * 1024;
/** Contents one diff answers at most (beyond, the remaining files come flagged tooLarge). */
export const TOTAL_LIMIT = 64 * 1024 * 1024;

const ZERO = /^0+$/;
const GITLINK = '160000';
/** A symbolic link's mode in git (its blob is the target). */
export const SYMLINK_MODE = '120000';
/** A link's target is read whatever the budget (Linux's PATH_MAX). */
const TARGET_LIMIT = 4096;

interface RawEntry {
  status: WorktreeFileDiff['status'];
  path: string;
  oldPath?: string;
  oldMode: string;
  newMode: string;
  oldId: string | null;
  newId: string | null;
}

/** Parses `git diff-tree -r -z -M <a> <b>` raw output. */
export function parseRawDiff(out: string): RawEntry[] {
  const parts = out.split('\0');
  const entries: RawEntry[] = [];
  for (let i = 0; i < parts.length; i++) {
    const meta = parts[i];
    if (!meta.startsWith(':')) continue;
    const [oldMode, newMode, oldId, newId, code] = meta.slice(1).split(' ');
    const letter = code[0];
    const blob = (mode: string, id: string) => (ZERO.test(id) || ZERO.test(mode) ? null : id);
    if (letter === 'R' || letter === 'C') {
      const oldPath = parts[++i];
      const path = parts[++i];
      entries.push({ status: letter === 'R' ? 'renamed' : 'added', path, oldPath: letter === 'R' ? oldPath : undefined, oldMode, newMode, oldId: letter === 'R' ? blob(oldMode, oldId) : null, newId: blob(newMode, newId) });
      continue;
    }
    const path = parts[++i];
    const status = letter === 'A' ? 'added' : letter === 'D' ? 'deleted' : 'modified';
    entries.push({ status, path, oldMode, newMode, oldId: status === 'added' ? null : blob(oldMode, oldId), newId: status === 'deleted' ? null : blob(newMode, newId) });
  }
  return entries;
}

/** Every file that differs between two trees (commits or trees), with contents for a side-by-side diff. */
export async function diffTrees(git: WorktreeGit, cwd: string, from: string, to: string): Promise<WorktreeFileDiff[]> {
  const raw = await git.text(cwd, ['diff-tree', '-r', '-z', '-M', '--no-commit-id', from, to]);
  const entries = parseRawDiff(raw);
  const wanted = new Set<string>();
  for (const e of entries) {
    if (e.oldId && e.oldMode !== GITLINK) wanted.add(e.oldId);
    if (e.newId && e.newMode !== GITLINK) wanted.add(e.newId);
  }
  const sizes = await blobSizes(git, cwd, [...wanted]);
  let budget = TOTAL_LIMIT;
  const fetch = new Set<string>();
  const over = new Set<RawEntry>();
  for (const e of entries) {
    const ids = [e.oldId, e.newId].filter((id): id is string => id !== null && wanted.has(id));
    const bytes = ids.reduce((sum, id) => sum + (sizes.get(id) ?? 0), 0);
    if (ids.some((id) => (sizes.get(id) ?? 0) > FILE_LIMIT) || bytes > budget) {
      over.add(e);
      continue;
    }
    budget -= bytes;
    for (const id of ids) fetch.add(id);
  }
  const linkId = (e: RawEntry) => (e.newId && e.newMode === SYMLINK_MODE ? e.newId : !e.newId && e.oldId && e.oldMode === SYMLINK_MODE ? e.oldId : null);
  for (const e of entries) {
    const id = linkId(e);
    if (id && (sizes.get(id) ?? 0) <= TARGET_LIMIT) fetch.add(id);
  }
  const blobs = await readBlobs(git, cwd, [...fetch]);
  return entries.map((e) => {
    const before = e.oldId && !over.has(e) ? blobs.get(e.oldId) ?? null : null;
    const after = e.newId && !over.has(e) ? blobs.get(e.newId) ?? null : null;
    const binary = [before, after].some((b) => b !== null && b.subarray(0, 8000).includes(0));
    const file: WorktreeFileDiff = {
      path: e.path,
      status: e.status,
      binary,
      tooLarge: over.has(e),
      before: binary || !before ? null : before.toString('utf8'),
      after: binary || !after ? null : after.toString('utf8'),
    };
    if (e.oldPath !== undefined) file.oldPath = e.oldPath;
    const link = linkId(e);
    if (link) file.symlinkTarget = blobs.get(link)?.toString('utf8') ?? '';
    return file;
  });
}

async function blobSizes(git: WorktreeGit, cwd: string, ids: string[]): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  if (!ids.length) return sizes;
  const out = await git.text(cwd, ['cat-file', '--batch-check=%(objectname) %(objectsize)'], { input: `${ids.join('\n')}\n` });
  for (const line of out.split('\n')) {
    const [id, size] = line.split(' ');
    if (id && size && /^\d+$/.test(size)) sizes.set(id, Number(size));
  }
  return sizes;
}

/** Blob contents by id, through one `cat-file --batch`. */
export async function readBlobs(git: WorktreeGit, cwd: string, ids: string[]): Promise<Map<string, Buffer>> {
  const blobs = new Map<string, Buffer>();
  if (!ids.length) return blobs;
  const out = await git.bytes(cwd, ['cat-file', '--batch'], { input: `${ids.join('\n')}\n` });
  let at = 0;
  while (at < out.length) {
    const eol = out.indexOf(10, at);
    if (eol < 0) break;
    const [id, type, size] = out.subarray(at, eol).toString('utf8').split(' ');
    if (type === 'missing' || size === undefined) {
      at = eol + 1;
      continue;
    }
    const n = Number(size);
    blobs.set(id, out.subarray(eol + 1, eol + 1 + n));
    at = eol + 1 + n + 1;
  }
  return blobs;
}
