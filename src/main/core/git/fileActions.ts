import { basename, dirname, join } from 'node:path';
import type { GitFile } from '../../../shared/contract';
import { AkiraError } from '../errors';
import { removeConfined } from '../workspace/confinedFs';
import { resolveInside } from '../workspace/pathGuard';
import { filePath, gitActionError, hasHead, type GitRepo } from './gitRepo';
import { parsePorcelainV2, toGitFiles } from './porcelainV2';
import { checkpointBefore, type TakeCheckpoint } from './takeCheckpoint';
import { gitErrors, listedNames } from '../../../shared/errors';

/**
 * File by file (issue 13): stage, unstage and discard whole files, with workspace-relative paths.
 *
 *   stage     git add (changes, new files and deletions alike)
 *   unstage   git restore --staged (a staged rename takes the file it came from along); in a repository
 *             without commits, git rm --cached
 *   discard   the working tree back to the index (git restore --worktree); an untracked file is deleted.
 *             Only files git status lists with unstaged changes; checkpointed first.
 */

/** The workspace's git status now (not the service's cached one: an action must see the latest state). */
async function filesNow(repo: GitRepo): Promise<GitFile[]> {
  const out = await repo.atRoot.text(['status', '--porcelain=v2', '-z', '--untracked-files=all', '--find-renames', '--', '.']);
  return toGitFiles(parsePorcelainV2(out).entries, repo.prefix);
}

const unique = (paths: string[]) => [...new Set(paths)];
const listed = (paths: string[]) => listedNames(paths, 3);
const filesWord = (paths: string[]) => (paths.length === 1 ? paths[0] : `${paths.length} files`);

/** `git.stage` */
export async function stagePaths(repo: GitRepo, paths: string[]): Promise<{ paths: string[] }> {
  const rels = unique(paths.map((p) => filePath(repo, p)));
  try {
    await repo.atRoot.text(['add', '--', ...rels]);
  } catch (err) {
    throw gitActionError(err, 'stage', rels[0] ?? '', rels.length);
  }
  return { paths: rels };
}

/** `git.unstage` */
export async function unstagePaths(repo: GitRepo, paths: string[]): Promise<{ paths: string[] }> {
  const rels = unique(paths.map((p) => filePath(repo, p)));
  const renamedFrom = (await filesNow(repo)).filter((f) => f.staged && f.origPath && rels.includes(f.path)).map((f) => f.origPath!);
  const all = unique([...rels, ...renamedFrom]);
  try {
    if (await hasHead(repo)) await repo.atRoot.text(['restore', '--staged', '--', ...all]);
    else await repo.atRoot.text(['rm', '--cached', '-r', '-q', '--ignore-unmatch', '--', ...all]);
  } catch (err) {
    throw gitActionError(err, 'unstage', rels[0] ?? '', rels.length);
  }
  return { paths: rels };
}

/** `git.discard`: the named files' unstaged changes are gone (checkpointed first). */
export async function discardPaths(repo: GitRepo, paths: string[], checkpoint: TakeCheckpoint): Promise<{ paths: string[]; checkpointId: string }> {
  const rels = unique(paths.map((p) => filePath(repo, p)));
  const unstaged = new Map((await filesNow(repo)).filter((f) => !f.staged).map((f) => [f.path, f]));
  const none = rels.filter((p) => !unstaged.has(p));
  if (none.length) throw new AkiraError('bad_request', gitErrors.nothingToDiscard(...listed(none)));
  const conflicted = rels.filter((p) => unstaged.get(p)!.status === 'conflicted');
  if (conflicted.length) throw new AkiraError('conflict', gitErrors.discardConflicted(...listed(conflicted), conflicted.length));

  const untracked = rels.filter((p) => unstaged.get(p)!.status === 'untracked');
  const tracked = rels.filter((p) => unstaged.get(p)!.status !== 'untracked');
  const checkpointId = await checkpointBefore(checkpoint, `Before discarding ${filesWord(rels)}`, rels);
  try {
    if (tracked.length) await repo.atRoot.text(['restore', '--worktree', '--', ...tracked]);
  } catch (err) {
    throw gitActionError(err, 'discard', tracked[0] ?? '', tracked.length);
  }
  for (const rel of untracked) {
    // The entry itself goes (a link is unlinked, never followed), from its checked folder.
    const folder = await resolveInside(repo.root, dirname(rel) === '.' ? '' : dirname(rel));
    await removeConfined(repo.root, join(folder, basename(rel)));
  }
  return { paths: rels, checkpointId };
}
