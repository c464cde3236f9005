import type { StoreGit } from './gitProcess';

/** Differences between two store trees (or commits), as git computes them (no rename detection). */

export const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
export const ZERO_OID = '0000000000000000000000000000000000000000';

export interface RawChange {
  path: string;
  /** A added, D deleted, M modified (content and/or mode), T type changed (file ↔ symlink). */
  status: 'A' | 'D' | 'M' | 'T';
  oldMode: number;
  newMode: number;
  oldOid: string;
  newOid: string;
}

export interface FileStat {
  path: string;
  /** null for binary files. */
  insertions: number | null;
  deletions: number | null;
}

export interface DiffStats {
  files: FileStat[];
  insertions: number;
  deletions: number;
}

function pathArgs(paths?: string[]): string[] {
  return paths && paths.length ? ['--', ...paths] : [];
}

/** Every changed file between `from` (null = nothing) and `to`, limited to `paths` (files or folders). */
export async function diffRaw(git: StoreGit, from: string | null, to: string, paths?: string[]): Promise<RawChange[]> {
  const out = await git.run(['diff-tree', '-r', '-z', '--no-renames', '--no-ext-diff', from ?? EMPTY_TREE, to, ...pathArgs(paths)]);
  const parts = out.toString('utf8').split('\0');
  const changes: RawChange[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const meta = parts[i];
    if (!meta.startsWith(':')) continue;
    const [oldMode, newMode, oldOid, newOid, status] = meta.slice(1).split(' ');
    changes.push({
      path: parts[i + 1],
      status: status[0] as RawChange['status'],
      oldMode: parseInt(oldMode, 8),
      newMode: parseInt(newMode, 8),
      oldOid,
      newOid,
    });
  }
  return changes;
}

/** Per-file +/- line counts between `from` (null = nothing) and `to`. */
export async function diffStats(git: StoreGit, from: string | null, to: string, paths?: string[]): Promise<DiffStats> {
  const out = await git.run(['diff-tree', '-r', '-z', '--numstat', '--no-renames', '--no-ext-diff', from ?? EMPTY_TREE, to, ...pathArgs(paths)]);
  return parseNumstat(out.toString('utf8'));
}

/** Parses `--numstat -z` records ("<ins>\t<del>\t<path>\0"; "-" for binary files). */
export function parseNumstat(text: string): DiffStats {
  const files: FileStat[] = [];
  let insertions = 0;
  let deletions = 0;
  for (const part of text.split('\0')) {
    const m = /^(-|\d+)\t(-|\d+)\t([\s\S]*)$/.exec(part);
    if (!m) continue;
    const ins = m[1] === '-' ? null : Number(m[1]);
    const del = m[2] === '-' ? null : Number(m[2]);
    insertions += ins ?? 0;
    deletions += del ?? 0;
    files.push({ path: m[3], insertions: ins, deletions: del });
  }
  return { files, insertions, deletions };
}
