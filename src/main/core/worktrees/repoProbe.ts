import { isAbsolute, relative, resolve, sep } from 'node:path';
import { GitFailure } from '../../common/gitRun';
import { plainGitText, type WorktreeGit } from './worktreeGit';

/** The user's repository as the worktree module needs it. */
export interface RepoFacts {
  /** The top of the user's work tree (real path as git prints it). */
  top: string;
  /** The workspace's place in it: '' at the top, else `sub/dir/`. */
  prefix: string;
  /** The shared git dir (`.git` of the main work tree): refs, `worktrees/<name>` metadata. */
  commonDir: string;
  /** This work tree's own git dir (`.git`, or `.git/worktrees/<name>` when the workspace is itself a linked worktree). */
  gitDir: string;
}

export type ProbeResult = { ok: true; repo: RepoFacts } | { ok: false; reason: string };

/**
 * Can a worktree be made for the workspace at `root`? git must run, `root` must be inside the work tree
 * of a non-bare repository with at least one commit, and the data folder must lie outside that work tree.
 */
export async function probeRepo(git: WorktreeGit, root: string, dataDir: string): Promise<ProbeResult> {
  let first: string[];
  try {
    first = (await git.raw(root, ['rev-parse', '--is-bare-repository', '--is-inside-work-tree'])).toString('utf8').split('\n');
  } catch (err) {
    return { ok: false, reason: notARepoReason(err) };
  }
  if (first[0] === 'true') return { ok: false, reason: 'The workspace is a bare git repository (it has no working files): worktree isolation needs a normal repository.' };
  if (first[1] !== 'true') return { ok: false, reason: 'The workspace is inside a .git folder, not in a repository\'s working files.' };
  const lines = (await git.text(root, ['rev-parse', '--show-toplevel', '--show-prefix', '--git-common-dir', '--absolute-git-dir'])).split('\n');
  const [top, prefix, common, gitDir] = lines;
  if (!top || !gitDir) return { ok: false, reason: 'git did not say where the repository of the workspace is.' };
  const head = await git.raw(root, ['rev-parse', '--verify', '-q', 'HEAD^{commit}'], { okCodes: [1] });
  if (!head.toString('utf8').trim()) {
    return { ok: false, reason: 'The repository has no commits yet: make a first commit to use worktree isolation.' };
  }
  const commonDir = isAbsolute(common) ? common : resolve(root, common);
  if (inside(top, dataDir)) {
    return { ok: false, reason: 'Akira\'s data folder is inside this repository: worktrees would land in your own working files.' };
  }
  return { ok: true, repo: { top, prefix: prefix ?? '', commonDir, gitDir } };
}

function inside(dir: string, path: string): boolean {
  const rel = relative(resolve(dir), resolve(path));
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

function notARepoReason(err: unknown): string {
  if (err instanceof GitFailure && !err.started) return `git cannot run here (${err.stderr}): install git to use worktree isolation.`;
  if (err instanceof GitFailure) {
    const words = plainGitText(err.stderr);
    if (/not a git repository/i.test(words)) return 'The workspace is not a git repository: worktree isolation needs one (git init and a first commit).';
    if (/dubious ownership/i.test(words)) return 'git refuses this repository because it belongs to another user (safe.directory): worktree isolation is off.';
    return `git cannot use this folder as a repository: ${words}`;
  }
  return err instanceof Error ? err.message : String(err);
}
