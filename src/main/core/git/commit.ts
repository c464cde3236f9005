import type { GitCommit } from '../../../shared/contract';
import { AkiraError } from '../errors';
import { GitFailure } from '../../common/gitRun';
import { gitErrorText } from './gitRunner';
import { gitActionError, hasHead, type GitRepo } from './gitRepo';
import { gitErrors } from '../../../shared/errors';

/**
 * `git.commit` (issue 13): commits what is staged, the whole index as `git commit` does, with the
 * person's message (stdin, `-F -`, so no editor ever opens); `amend` replaces the last commit. Refused in
 * words: an empty message, nothing staged (unless amending), amending without a commit, git not knowing
 * who the author is; a hook that refuses is reported with what it printed.
 */

/** HEAD as the contract shows a commit. */
export async function headCommit(repo: GitRepo): Promise<GitCommit> {
  const [hash, shortHash, subject] = (await repo.atTop.text(['log', '-1', '--format=%H%x00%h%x00%s', 'HEAD'])).replace(/\n$/, '').split('\0');
  let branch: string | null = null;
  try {
    branch = (await repo.atTop.text(['symbolic-ref', '--quiet', '--short', 'HEAD'])).trim() || null;
  } catch {
    branch = null; // detached
  }
  return { hash, shortHash, subject: subject ?? '', branch };
}

/** True when the index differs from HEAD (or holds anything, without commits). */
async function somethingStaged(repo: GitRepo, head: boolean): Promise<boolean> {
  if (!head) return (await repo.atTop.text(['ls-files', '-z', '--cached'])).length > 0;
  return (await repo.atTop.text(['diff', '--cached', '--name-only', '-z', '--no-renames', 'HEAD'])).length > 0;
}

export async function commit(repo: GitRepo, message: string, amend: boolean): Promise<{ commit: GitCommit }> {
  if (!message.trim()) throw new AkiraError('bad_request', gitErrors.noCommitMessage);
  const head = await hasHead(repo);
  if (amend && !head) throw new AkiraError('bad_request', gitErrors.nothingToAmend);
  if (!amend && !(await somethingStaged(repo, head))) {
    throw new AkiraError('bad_request', gitErrors.nothingStaged);
  }
  try {
    await repo.atTop.text(['commit', '--quiet', '--no-edit', ...(amend ? ['--amend'] : []), '-F', '-'], message);
  } catch (err) {
    const text = gitErrorText(err);
    if (/Please tell me who you are|Author identity unknown|unable to auto-detect email|empty ident name/i.test(text)) {
      throw new AkiraError('bad_request', gitErrors.whoAreYou);
    }
    if (err instanceof GitFailure && err.started && !err.stderr.trim()) throw new AkiraError('conflict', gitErrors.hookRefused);
    throw gitActionError(err, 'commit');
  }
  return { commit: await headCommit(repo) };
}
