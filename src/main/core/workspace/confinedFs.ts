import { randomBytes } from 'node:crypto';
import { constants, existsSync, type Stats } from 'node:fs';
import { lstat, mkdir, open, readlink, realpath, rename, rm, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { AkiraError } from '../errors';
import { isInside, toRelative } from './pathGuard';
import { fileErrors } from '../../../shared/errors';

/**
 * File I/O confined to the workspace as it is when a file is *opened*, not only when its path was
 * checked: pathGuard resolves a path to a real one, but a folder on it can be swapped for a symlink
 * before the open, and O_NOFOLLOW only covers the last component. So:
 * - reads open the resolved path (O_NOFOLLOW, O_NONBLOCK so a FIFO swapped in cannot block), then
 *   check where the open descriptor really is: on Linux its /proc/self/fd link must be the resolved
 *   path; elsewhere its dev+ino must match the path resolved again (realpath + lstat) after the open;
 * - writes open the target's folder (creating missing folders one at a time, each checked), check it
 *   the same way, create a temporary file in it with O_EXCL|O_NOFOLLOW, check the temporary's
 *   location, write, and rename it over the target; deletes unlink in a checked folder. On Linux the
 *   temporary, the rename and the unlink name entries through the folder's descriptor
 *   (/proc/self/fd/N/name), so a swap after the check cannot redirect them; elsewhere the folder is
 *   checked again right before the rename or unlink.
 * Only the Linux check is exact. Node has no openat/F_GETPATH, so the portable one compares paths that
 * a process flipping a folder back and forth at the right moments can still fool: it narrows the race
 * (a few outside answers in tens of thousands of reads under a tight flip loop) but cannot close it;
 * on macOS, opening with O_NOFOLLOW_ANY (no symlink anywhere on the path) would.
 * A check that fails is AkiraError('forbidden', '<relative path> leads outside the workspace.').
 * Every `real` argument is a path pathGuard resolved inside `root`.
 *
 * Used by every read, write and delete done on a caller's behalf: workspace.read, checkpoints.fileAt
 * "now" and restore, git.diff's working side, the agent's file tools and applyProposedChange, the
 * undo of protected files, and the reviewer's evidence.
 */

/** Whether /proc/self/fd names open descriptors (Linux). Tests turn it off to exercise the fallback. */
export const fdPaths = { available: process.platform === 'linux' && existsSync('/proc/self/fd') };

const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const O_NONBLOCK = constants.O_NONBLOCK ?? 0;
/** Undefined on Windows, where folders cannot be opened: names are then checked by path only. */
const O_DIRECTORY: number | undefined = constants.O_DIRECTORY;

function errno(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | undefined)?.code;
}

/** `real` as the caller may see it: workspace-relative ('.' for the root), never absolute. */
function shown(root: string, real: string): string {
  try {
    return toRelative(root, real) || '.';
  } catch {
    return basename(real);
  }
}

function leadsOutside(root: string, real: string): AkiraError {
  return new AkiraError('forbidden', fileErrors.leadsOutside(shown(root, real)));
}

/** Throws unless `handle`, opened from `real`, is the file or folder at `real` now (see module doc). */
async function verifyOpened(root: string, handle: FileHandle, real: string): Promise<void> {
  if (fdPaths.available) {
    const where = await readlink(`/proc/self/fd/${handle.fd}`).catch(() => null);
    if (where === real && isInside(root, where)) return;
    throw leadsOutside(root, real);
  }
  // Without /proc: the path, resolved again, must still be `real` and name the same dev+ino, before
  // and after the lstat (an lstat alone follows a folder swapped back into a link meanwhile).
  const opened = await handle.stat();
  const unchanged = async () => (await realpath(real).catch(() => null)) === real;
  if (isInside(root, real) && (await unchanged())) {
    const now = await lstat(real).catch(() => null);
    if (now && now.dev === opened.dev && now.ino === opened.ino && (await unchanged())) return;
  }
  throw leadsOutside(root, real);
}

export interface OpenedFile {
  handle: FileHandle;
  /** The open descriptor's own stats (what was opened, not what the path names now). */
  stats: Stats;
}

/** Opens the file at `real` for reading, checked as above; null when it does not exist. */
export async function openConfined(root: string, real: string): Promise<OpenedFile | null> {
  let handle: FileHandle;
  try {
    handle = await open(real, constants.O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  } catch (err) {
    const code = errno(err);
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    if (code === 'ELOOP') throw new AkiraError('forbidden', fileErrors.becameLink(shown(root, real)));
    if (code === 'EISDIR') throw new AkiraError('bad_request', fileErrors.isFolder(shown(root, real)));
    if (code === 'ENXIO') throw new AkiraError('bad_request', fileErrors.notRegularFile(shown(root, real)));
    throw err;
  }
  try {
    await verifyOpened(root, handle, real);
    return { handle, stats: await handle.stat() };
  } catch (err) {
    await handle.close();
    throw err;
  }
}

export interface ReadConfinedOptions {
  /** Read at most this many bytes (default: to the end of the file). */
  limit?: number;
  /** Looks at the opened file's stats first and throws to refuse it (folders, sizes…). */
  check?(stats: Stats): void;
}

/** Reads a regular file at `real` through `openConfined`; null when it does not exist. */
export async function readConfined(root: string, real: string, options: ReadConfinedOptions = {}): Promise<{ bytes: Buffer; stats: Stats } | null> {
  const opened = await openConfined(root, real);
  if (!opened) return null;
  const { handle, stats } = opened;
  try {
    options.check?.(stats);
    if (!stats.isFile()) throw new AkiraError('bad_request', fileErrors.notRegularFile(shown(root, real)));
    if (options.limit === undefined) return { bytes: await handle.readFile(), stats };
    const buffer = Buffer.alloc(Math.min(stats.size, options.limit));
    let got = 0;
    while (got < buffer.length) {
      const { bytesRead } = await handle.read(buffer, got, buffer.length - got, got);
      if (!bytesRead) break;
      got += bytesRead;
    }
    return { bytes: buffer.subarray(0, got), stats };
  } finally {
    await handle.close();
  }
}

/** A checked folder: name its entries with `join(dir.path, name)`. */
export interface ConfinedDir {
  /** On Linux the folder's descriptor (/proc/self/fd/N), so entries follow the folder itself; else `real`. */
  path: string;
  /** `path` goes through the descriptor (a swap of the folder cannot redirect it; `check` is then optional). */
  exact: boolean;
  real: string;
  /** Checks again that the folder is still at `real` (do it right before a rename or unlink). */
  check(): Promise<void>;
  close(): Promise<void>;
}

/** Opens a folder without following a final link; null when it does not exist. */
async function openDirNoFollow(root: string, path: string, real: string): Promise<FileHandle | null> {
  try {
    return await open(path, constants.O_RDONLY | O_DIRECTORY! | O_NOFOLLOW);
  } catch (err) {
    const code = errno(err);
    if (code === 'ENOENT') return null;
    // A final link is ELOOP, or ENOTDIR with O_DIRECTORY on Linux: tell it from a file in the way.
    if (code === 'ELOOP' || (code === 'ENOTDIR' && (await lstat(path).catch(() => null))?.isSymbolicLink())) throw leadsOutside(root, real);
    if (code === 'ENOTDIR') throw new AkiraError('bad_request', fileErrors.notFolder(shown(root, real)));
    throw err;
  }
}

function dirOf(root: string, handle: FileHandle | null, real: string): ConfinedDir {
  const exact = !!handle && fdPaths.available;
  return {
    path: exact ? `/proc/self/fd/${handle!.fd}` : real,
    exact,
    real,
    check: async () => {
      if (handle) return verifyOpened(root, handle, real);
      if ((await realpath(real).catch(() => null)) !== real) throw leadsOutside(root, real);
    },
    close: async () => handle?.close(),
  };
}

/**
 * Opens the folder `dirReal` (inside `root`) and checks it; with `create`, missing folders are made
 * one at a time inside checked ones. Null when it does not exist and `create` is not set.
 */
export async function openConfinedDir(root: string, dirReal: string, options: { create?: boolean } = {}): Promise<ConfinedDir | null> {
  if (!isInside(root, dirReal)) throw leadsOutside(root, dirReal);
  if (O_DIRECTORY === undefined) {
    if (options.create) await mkdir(dirReal, { recursive: true });
    else if (!(await lstat(dirReal).catch(() => null))) return null;
    const dir = dirOf(root, null, dirReal);
    await dir.check();
    return dir;
  }
  // The deepest folder that exists, then the missing names below it.
  const missing: string[] = [];
  let at = dirReal;
  let handle: FileHandle | null;
  while (!(handle = await openDirNoFollow(root, at, at))) {
    if (!options.create) return null;
    if (at === root) throw new AkiraError('not_found', fileErrors.workspaceGone);
    missing.unshift(basename(at));
    at = dirname(at);
  }
  try {
    await verifyOpened(root, handle, at);
    for (const name of missing) {
      const base = dirOf(root, handle, at).path;
      await mkdir(join(base, name)).catch((err: unknown) => {
        if (errno(err) !== 'EEXIST') throw err;
      });
      const child = await openDirNoFollow(root, join(base, name), join(at, name));
      await handle.close();
      handle = child;
      at = join(at, name);
      if (!handle) throw leadsOutside(root, at); // removed again, or replaced, right after it was made
      await verifyOpened(root, handle, at);
    }
  } catch (err) {
    await handle?.close();
    throw err;
  }
  return dirOf(root, handle, dirReal);
}

/**
 * Writes `data` to `real` (inside `root`) so that it lands inside the workspace or not at all:
 * through a temporary file in the checked folder, renamed over the target (readers never see a torn
 * file). Missing folders are created. `mode`, when given, is set exactly (umask not applied).
 */
export async function writeConfined(root: string, real: string, data: string | Uint8Array, mode?: number): Promise<void> {
  if (real === root) throw new AkiraError('bad_request', fileErrors.workspaceNotFile);
  const dir = (await openConfinedDir(root, dirname(real), { create: true }))!;
  const name = basename(real);
  const tmpName = `.${name.slice(0, 80)}.akira-${randomBytes(6).toString('hex')}.tmp`;
  const tmpPath = join(dir.path, tmpName);
  let file: FileHandle | undefined;
  let created = false;
  try {
    file = await open(tmpPath, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW, mode ?? 0o666);
    created = true;
    await verifyOpened(root, file, join(dir.real, tmpName));
    await file.writeFile(data);
    if (mode !== undefined) await file.chmod(mode);
    await file.close();
    file = undefined;
    await dir.check();
    await rename(tmpPath, join(dir.path, name));
  } catch (err) {
    await file?.close().catch(() => undefined);
    if (created) await rm(tmpPath, { force: true }).catch(() => undefined);
    throw err;
  } finally {
    await dir.close();
  }
}

/** Removes the file at `real` (inside `root`) from its checked folder; false when it was not there. */
export async function removeConfined(root: string, real: string): Promise<boolean> {
  const dir = await openConfinedDir(root, dirname(real));
  if (!dir) return false;
  try {
    await dir.check();
    await unlink(join(dir.path, basename(real)));
    return true;
  } catch (err) {
    if (errno(err) === 'ENOENT') return false;
    throw err;
  } finally {
    await dir.close();
  }
}
