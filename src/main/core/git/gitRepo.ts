import { AkiraError } from '../errors';
import { isInsideDotGit, normalizeRelative } from '../workspace/pathGuard';
import { gitErrorText, type Git } from './gitRunner';
import { gitErrors, type GitAction } from '../../../shared/errors';

/**
 * The repository the git actions (stage, unstage, discard, hunks, commit, branches, checkout) work on, as
 * the git service hands it out (`GitService.repo()`): git at the workspace folder and at the work tree's
 * top, and the mapping between the two kinds of path. Workspace-relative paths are what the contract
 * speaks; repository-relative ones are what `git diff` prints and `git apply` reads.
 */
export interface GitRepo {
  /** The workspace folder (a real path). */
  root: string;
  /** The work tree's top-level folder. */
  top: string;
  /** The workspace's path inside the work tree: '' at the top, else ending in '/'. */
  prefix: string;
  /** git run in the workspace folder (pathspecs relative to it). */
  atRoot: Git;
  /** git run at the work tree's top (repository-relative paths). */
  atTop: Git;
}

/** A caller's workspace-relative file path, normalised; refuses the folder itself and `.git`. */
export function filePath(repo: GitRepo, path: string): string {
  const rel = normalizeRelative(repo.root, path);
  if (rel === '') throw new AkiraError('bad_request', gitErrors.nameAFile);
  if (isInsideDotGit(rel)) throw new AkiraError('forbidden', gitErrors.insideDotGit(rel));
  return rel;
}

/** The repository-relative form of a workspace-relative path. */
export const repoPath = (repo: GitRepo, rel: string): string => repo.prefix + rel;

/** The workspace-relative form of a repository-relative path (unchanged when it lies outside the workspace). */
export const workspacePath = (repo: GitRepo, path: string): string => (path.startsWith(repo.prefix) ? path.slice(repo.prefix.length) : path);

/** True when HEAD names a commit (false in a repository without commits). */
export async function hasHead(repo: GitRepo): Promise<boolean> {
  try {
    await repo.atTop.text(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']);
    return true;
  } catch {
    return false;
  }
}

/**
 * A git failure of an action, in words: another git holding the index lock is a conflict (try again), the
 * rest says what failed and git's own first lines.
 */
export function gitActionError(err: unknown, action: GitAction, subject = '', count = 1): AkiraError {
  if (err instanceof AkiraError) return err;
  const text = gitErrorText(err).trim();
  if (/index\.lock': File exists|Unable to create .*\.lock/i.test(text)) {
    return new AkiraError('conflict', gitErrors.actionBusy(action, subject, count));
  }
  const said = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 6)
    .join(' ');
  return new AkiraError('internal', gitErrors.actionFailed(action, subject, count, said));
}
