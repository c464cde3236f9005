import type { DomainHandlers } from '../router';
import { checkoutBranch, listBranches } from './branches';
import { commit } from './commit';
import { discardPaths, stagePaths, unstagePaths } from './fileActions';
import type { GitService } from './gitService';
import { discardHunk, fileHunks, stageHunk, unstageHunk } from './hunkActions';
import type { TakeCheckpoint } from './takeCheckpoint';

/**
 * The contract's git.* commands on the open workspace's git service (`git` throws when none is open). The
 * actions run one at a time (`act`); discarding is checkpointed first through `checkpoint`, which createCore
 * hands in (the git domain does not know the checkpoint service).
 */
export function gitHandlers(git: () => GitService, deps: { checkpoint: TakeCheckpoint }): DomainHandlers<'git'> {
  return {
    'git.status': () => git().status(),
    'git.diff': (p) => git().diff(p),
    'git.hunks': async (p) => fileHunks(await git().repo(), p.path),
    'git.stage': (p) => git().act((repo) => stagePaths(repo, p.paths)),
    'git.unstage': (p) => git().act((repo) => unstagePaths(repo, p.paths)),
    'git.discard': (p) => git().act((repo) => discardPaths(repo, p.paths, deps.checkpoint)),
    'git.stageHunk': (p) => git().act((repo) => stageHunk(repo, p.path, p.hunk)),
    'git.unstageHunk': (p) => git().act((repo) => unstageHunk(repo, p.path, p.hunk)),
    'git.discardHunk': (p) => git().act((repo) => discardHunk(repo, p.path, p.hunk, deps.checkpoint)),
    'git.commit': (p) => git().act((repo) => commit(repo, p.message, p.amend)),
    'git.branches': async () => listBranches(await git().repo()),
    'git.checkout': (p) => git().act((repo) => checkoutBranch(repo, p.branch)),
    'git.programs': () => git().programs(),
    'git.trustPrograms': (p) => git().trustPrograms(p.fingerprint, p.trusted),
  };
}
