import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { GitignoreRules } from '../../workspace/gitignoreRules';
import { isDotGitName } from '../../workspace/pathGuard';

/**
 * Breadth-first walk of a workspace folder for list_files and search_files: `.git` (in any case or disguise) and gitignored
 * entries are hidden (a walk that starts in an ignored folder shows what it holds), each folder's entries come in a stable order (folders first, then names compared naturally),
 * symbolic links are reported but never followed, and folders that hold dependencies or build
 * output by convention (node_modules) are reported but not entered unless the walk starts inside one.
 */
export interface WalkEntry {
  /** Workspace-relative path (forward slashes). */
  rel: string;
  abs: string;
  kind: 'dir' | 'file' | 'symlink';
  depth: number;
  /** A folder the walk did not enter (see `notEntered`). */
  notEntered?: boolean;
}

export interface WalkOptions {
  rules: GitignoreRules;
  /** Enter sub-folders (default true). */
  recursive?: boolean;
  signal?: AbortSignal;
}

/** Folders listed but not entered by a recursive walk (unless it starts inside one). */
export const notEntered = new Set(['node_modules']);

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

export function compareNames(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** Orders entries as a tree: folder by folder, folders before files, names compared naturally. */
export function compareTreeEntries(a: { rel: string; kind: string }, b: { rel: string; kind: string }): number {
  const pa = a.rel.split('/');
  const pb = b.rel.split('/');
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    if (pa[i] === pb[i]) continue;
    const aDir = i < pa.length - 1 || a.kind === 'dir';
    const bDir = i < pb.length - 1 || b.kind === 'dir';
    if (aDir !== bDir) return aDir ? -1 : 1;
    return compareNames(pa[i], pb[i]);
  }
  return pa.length - pb.length;
}

export async function* walk(startAbs: string, startRel: string, options: WalkOptions): AsyncGenerator<WalkEntry> {
  const recursive = options.recursive ?? true;
  const insideSkipped = startRel.split('/').some((part) => notEntered.has(part));
  // Asked explicitly for a folder that is itself ignored (dist/, node_modules/pkg): show what it holds.
  const unfiltered = startRel !== '' && options.rules.isIgnoredSync(startAbs, true);
  const queue: { abs: string; rel: string; depth: number }[] = [{ abs: startAbs, rel: startRel, depth: 0 }];
  while (queue.length) {
    if (options.signal?.aborted) return;
    const dir = queue.shift()!;
    let dirents;
    try {
      dirents = await readdir(dir.abs, { withFileTypes: true });
    } catch {
      continue; // unreadable (permissions) or gone meanwhile
    }
    const ignored = unfiltered ? () => false : await options.rules.forDir(dir.abs);
    const visible = dirents
      .filter((d) => !isDotGitName(d.name) && !ignored(d.name, d.isDirectory()))
      .sort((a, b) => Number(b.isDirectory()) - Number(a.isDirectory()) || compareNames(a.name, b.name));
    for (const d of visible) {
      const rel = dir.rel ? `${dir.rel}/${d.name}` : d.name;
      const abs = join(dir.abs, d.name);
      const depth = dir.depth + 1;
      if (d.isDirectory()) {
        const enter = recursive && (insideSkipped || !notEntered.has(d.name));
        if (enter) queue.push({ abs, rel, depth });
        yield { rel, abs, kind: 'dir', depth, ...(recursive && !enter ? { notEntered: true } : {}) };
      } else if (d.isSymbolicLink()) {
        yield { rel, abs, kind: 'symlink', depth };
      } else if (d.isFile()) {
        yield { rel, abs, kind: 'file', depth };
      }
    }
  }
}
