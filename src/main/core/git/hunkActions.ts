import type { CommandResult, GitHunk } from '../../../shared/contract';
import { AkiraError } from '../errors';
import { hunkHeader, hunkPatch, parseFileDiff, sameHunk, type FileDiff } from './diffHunks';
import { filePath, gitActionError, repoPath, type GitRepo } from './gitRepo';
import { checkpointBefore, type TakeCheckpoint } from './takeCheckpoint';
import { gitErrors, type GitAction } from '../../../shared/errors';

/**
 * Hunk by hunk (issue 13): a file's staged and unstaged hunks from `git diff`, and staging, unstaging or
 * discarding one of them by applying a one-hunk patch (diffHunks.ts) with `git apply`:
 *
 *   stage     index → working tree hunk, applied to the index          git apply --cached
 *   unstage   HEAD → index hunk, reversed on the index                 git apply --cached -R
 *   discard   index → working tree hunk, reversed on the working tree  git apply -R   (checkpointed first)
 *
 * The caller names the hunk by its ranges and lines as `git.hunks` answered them; the diff is read again
 * and a hunk that is no longer in it (the file changed, or another hunk was staged first and moved it) is
 * refused with `conflict` before anything is applied.
 */

/** Above this many bytes of diff a file's hunks are not listed (`tooLarge`). */
const MAX_DIFF_BYTES = 5 * 1024 * 1024;

export type HunksResult = CommandResult<'git.hunks'>;

/** The file's diff, HEAD → index (`staged`) or index → working tree; run at the work tree's top. */
async function readDiff(repo: GitRepo, rel: string, staged: boolean): Promise<FileDiff & { size: number }> {
  const args = [
    // The user's configuration must not change the patch's shape.
    '-c', 'diff.suppressBlankEmpty=false',
    '-c', 'diff.noprefix=false',
    '-c', 'core.quotePath=false',
    'diff', '--no-color', '--no-ext-diff', '--no-textconv', '--no-renames', '-U3', '--src-prefix=a/', '--dst-prefix=b/',
    ...(staged ? ['--cached'] : []),
    '--', repoPath(repo, rel),
  ];
  const out = await repo.atTop.text(args).catch((err) => {
    throw gitActionError(err, 'readDiff', rel);
  });
  return { ...parseFileDiff(out), size: Buffer.byteLength(out) };
}

/** `git.hunks`: the file's staged and unstaged hunks. */
export async function fileHunks(repo: GitRepo, path: string): Promise<HunksResult> {
  const rel = filePath(repo, path);
  const [staged, unstaged] = await Promise.all([readDiff(repo, rel, true), readDiff(repo, rel, false)]);
  const tooLarge = staged.size + unstaged.size > MAX_DIFF_BYTES;
  const binary = staged.binary || unstaged.binary;
  if (tooLarge) return { path: rel, staged: [], unstaged: [], binary, tooLarge };
  return { path: rel, staged: staged.hunks, unstaged: unstaged.hunks, binary };
}

/** The current diff's copy of `hunk`, with the file's header; conflict when it is not there any more. */
async function findHunk(repo: GitRepo, rel: string, hunk: GitHunk, staged: boolean): Promise<{ header: string[]; hunk: GitHunk }> {
  const diff = await readDiff(repo, rel, staged);
  const found = diff.hunks.find((h) => sameHunk(h, hunk));
  if (!found) {
    throw new AkiraError('conflict', (staged ? gitErrors.hunkGoneStaged : gitErrors.hunkGoneUnstaged)(hunkHeader(hunk), rel));
  }
  return { header: diff.header, hunk: found };
}

async function apply(repo: GitRepo, patch: string, args: string[], doing: GitAction, rel: string): Promise<void> {
  try {
    await repo.atTop.text(['apply', '--whitespace=nowarn', ...args, '-'], patch);
  } catch (err) {
    throw gitActionError(err, doing, rel);
  }
}

/** `git.stageHunk`: one unstaged hunk into the index. */
export async function stageHunk(repo: GitRepo, path: string, hunk: GitHunk): Promise<{ path: string }> {
  const rel = filePath(repo, path);
  const found = await findHunk(repo, rel, hunk, false);
  await apply(repo, hunkPatch(found.header, found.hunk), ['--cached'], 'stageHunk', rel);
  return { path: rel };
}

/** `git.unstageHunk`: one staged hunk out of the index (the working tree keeps it). */
export async function unstageHunk(repo: GitRepo, path: string, hunk: GitHunk): Promise<{ path: string }> {
  const rel = filePath(repo, path);
  const found = await findHunk(repo, rel, hunk, true);
  await apply(repo, hunkPatch(found.header, found.hunk), ['--cached', '-R'], 'unstageHunk', rel);
  return { path: rel };
}

/** `git.discardHunk`: one unstaged hunk taken out of the working tree, after a checkpoint of it. */
export async function discardHunk(repo: GitRepo, path: string, hunk: GitHunk, checkpoint: TakeCheckpoint): Promise<{ paths: string[]; checkpointId: string }> {
  const rel = filePath(repo, path);
  const found = await findHunk(repo, rel, hunk, false);
  const taken = await checkpointBefore(checkpoint, `Before discarding a hunk of ${rel}`, [rel]);
  await apply(repo, hunkPatch(found.header, found.hunk), ['-R'], 'discardHunk', rel);
  return { paths: [rel], checkpointId: taken };
}
