import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { FolderEntry, FolderListing } from '../../../shared/contract';
import { AkiraError } from '../errors';
import type { FolderAccess } from './folderAccess';
import { fileErrors } from '../../../shared/errors';

/**
 * One folder of the allowed roots as the "Open Folder…" dialog lists it: its sub-folders (symbolic links to
 * folders inside the roots included, links leading out and `.git` left out), visible ones first and dot-folders after, in
 * natural case-insensitive order; at most MAX_ENTRIES of them.
 *
 *   await browseFolder(access, '/home/me/code', null)   // {path, parent, entries, truncated, roots}
 */

export const MAX_ENTRIES = 2000;
/** Folders examined at once (each costs a stat for links and one for `.git`). */
const PARALLEL = 16;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

async function exists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null)) !== null;
}

/** The entry for a folder or a link to one inside the roots; null for anything else. */
async function entryOf(dir: string, dirent: Dirent, access: FolderAccess): Promise<FolderEntry | null> {
  const path = join(dir, dirent.name);
  let link = false;
  if (dirent.isSymbolicLink()) {
    const real = await realpath(path).catch(() => null);
    if (!real || !(await stat(real).catch(() => null))?.isDirectory() || !(await access.allows(real))) return null;
    link = true;
  } else if (!dirent.isDirectory()) {
    return null;
  }
  const hidden = dirent.name.startsWith('.');
  return {
    name: dirent.name,
    path,
    isDir: true,
    isGitRepo: await exists(join(path, '.git')),
    ...(hidden ? { hidden } : {}),
    ...(link ? { link } : {}),
  };
}

async function mapLimited<T, R>(items: readonly T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}

/** Where the dialog starts: the open workspace's parent (to pick a sibling), else the workspace, else the first root. */
async function startingFolder(access: FolderAccess, workspaceRoot: string | null): Promise<string> {
  if (workspaceRoot) {
    if (await access.allows(dirname(workspaceRoot))) return dirname(workspaceRoot);
    if (await access.allows(workspaceRoot)) return workspaceRoot;
  }
  const [first] = await access.roots();
  if (!first) throw new AkiraError('unavailable', fileErrors.nothingToBrowse);
  return first.path;
}

export async function browseFolder(access: FolderAccess, path: string | undefined, workspaceRoot: string | null): Promise<FolderListing> {
  const real = await access.resolve(path ?? (await startingFolder(access, workspaceRoot)));
  const dirents = await readdir(real, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'EACCES' || err.code === 'EPERM') throw new AkiraError('forbidden', fileErrors.permissionDenied(real));
    throw err;
  });
  const candidates = dirents.filter((d) => (d.isDirectory() || d.isSymbolicLink()) && d.name !== '.git');
  const entries = (await mapLimited(candidates, (d) => entryOf(real, d, access))).filter((e): e is FolderEntry => e !== null);
  entries.sort((a, b) => Number(!!a.hidden) - Number(!!b.hidden) || collator.compare(a.name, b.name));
  const above = dirname(real);
  return {
    path: real,
    parent: above !== real && (await access.allows(above)) ? above : null,
    entries: entries.slice(0, MAX_ENTRIES),
    truncated: entries.length > MAX_ENTRIES,
    roots: await access.roots(),
  };
}
