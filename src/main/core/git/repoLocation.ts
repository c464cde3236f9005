import { isAbsolute, resolve } from 'node:path';
import { createGit } from './gitRunner';

/** Where the repository containing a workspace lives. */
export interface RepoLocation {
  /** The work tree's top-level folder. */
  toplevel: string;
  /** This work tree's git dir (`.git`, or `.git/worktrees/<name>` for a linked worktree). */
  gitDir: string;
  /** The shared git dir (refs, packed-refs); equals gitDir outside linked worktrees. */
  commonDir: string;
  /** The workspace's path inside the work tree: '' at the top, else ending in '/'. */
  prefix: string;
}

/**
 * Finds the repository the workspace belongs to, or null when it is not inside a work tree
 * (no repository, a bare repository, inside a .git folder, git missing, or git refusing the folder).
 */
export async function locateRepo(root: string): Promise<RepoLocation | null> {
  let out: string;
  try {
    out = await createGit(root).text([
      'rev-parse',
      '--is-inside-work-tree',
      '--show-toplevel',
      '--absolute-git-dir',
      '--git-common-dir',
      '--show-prefix',
    ]);
  } catch {
    return null;
  }
  const lines = out.split('\n');
  if (lines[0] !== 'true' || lines.length < 5) return null;
  const [, toplevel, gitDir, common, prefix] = lines;
  if (!toplevel || !gitDir) return null;
  const commonDir = isAbsolute(common) ? common : resolve(root, common);
  return { toplevel, gitDir, commonDir: resolve(commonDir), prefix };
}
