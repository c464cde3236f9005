import type { CommandResult, GitBranch } from '../../../shared/contract';
import { AkiraError } from '../errors';
import { gitErrorText } from './gitRunner';
import { gitActionError, workspacePath, type GitRepo } from './gitRepo';
import { gitErrors, listedNames } from '../../../shared/errors';

/**
 * Local branches and switching between them (issue 13): `git.branches` lists refs/heads with each one's
 * upstream and how far ahead or behind it is; `git.checkout` switches to one with `git checkout`, which
 * refuses to overwrite local changes: that refusal is a `conflict` that names the files, and nothing changes.
 */

export type BranchesResult = CommandResult<'git.branches'>;

const FORMAT = ['%(refname)', '%(HEAD)', '%(upstream:short)', '%(upstream:track,nobracket)', '%(objectname:short)', '%(contents:subject)'].join('%00');

/** "ahead 2, behind 1" / "gone" / "" */
function parseTrack(track: string): { ahead: number; behind: number; gone: boolean } {
  const ahead = /ahead (\d+)/.exec(track);
  const behind = /behind (\d+)/.exec(track);
  return { ahead: ahead ? Number(ahead[1]) : 0, behind: behind ? Number(behind[1]) : 0, gone: track.trim() === 'gone' };
}

async function currentBranch(repo: GitRepo): Promise<string | null> {
  try {
    return (await repo.atTop.text(['symbolic-ref', '--quiet', '--short', 'HEAD'])).trim() || null;
  } catch {
    return null;
  }
}

/** `git.branches` */
export async function listBranches(repo: GitRepo): Promise<BranchesResult> {
  const current = await currentBranch(repo);
  const out = await repo.atTop.text(['for-each-ref', `--format=${FORMAT}`, 'refs/heads']).catch((err) => {
    throw gitActionError(err, 'listBranches');
  });
  const branches: GitBranch[] = [];
  for (const line of out.split('\n')) {
    if (!line) continue;
    const [ref, head, upstream, track, shortHash, subject] = line.split('\0');
    const { ahead, behind, gone } = parseTrack(track ?? '');
    branches.push({
      name: ref.replace(/^refs\/heads\//, ''),
      current: head === '*',
      upstream: upstream || null,
      ahead,
      behind,
      upstreamGone: gone,
      shortHash: shortHash ?? '',
      subject: subject ?? '',
    });
  }
  // A repository without commits is on a branch that has no ref yet.
  if (current && !branches.some((b) => b.name === current)) {
    branches.unshift({ name: current, current: true, upstream: null, ahead: 0, behind: 0, upstreamGone: false, shortHash: '', subject: '' });
  }
  return { current, detached: current === null, branches };
}

/** The files git named after "would be overwritten by checkout:" (tab-indented lines). */
function namedFiles(repo: GitRepo, text: string): string[] {
  return text
    .split('\n')
    .filter((l) => l.startsWith('\t'))
    .map((l) => workspacePath(repo, l.trim()));
}

const listed = (paths: string[]) => listedNames(paths, 5);

/** `git.checkout`: switches to a local branch. */
export async function checkoutBranch(repo: GitRepo, branch: string): Promise<{ branch: string }> {
  const name = branch.trim();
  // Only names of existing local branches: never an option, a commit or a path.
  if (!name || name.startsWith('-')) throw new AkiraError('bad_request', gitErrors.notABranchName(branch));
  try {
    await repo.atTop.text(['show-ref', '--verify', '--quiet', `refs/heads/${name}`]);
  } catch {
    throw new AkiraError('not_found', gitErrors.noSuchBranch(name));
  }
  if ((await currentBranch(repo)) === name) return { branch: name };
  try {
    await repo.atTop.text(['checkout', '--quiet', name, '--']);
  } catch (err) {
    const text = gitErrorText(err);
    const files = namedFiles(repo, text);
    if (/untracked working tree files would be (overwritten|removed)/i.test(text)) {
      throw new AkiraError('conflict', gitErrors.checkoutUntracked(name, ...listed(files)));
    }
    if (/local changes to the following files would be overwritten/i.test(text)) {
      throw new AkiraError('conflict', gitErrors.checkoutLocalChanges(name, ...listed(files)));
    }
    if (/resolve your current index first|needs merge|unmerged/i.test(text)) {
      throw new AkiraError('conflict', gitErrors.checkoutConflicts(name));
    }
    throw gitActionError(err, 'checkout', name);
  }
  return { branch: name };
}
