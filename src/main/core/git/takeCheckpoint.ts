import { AkiraError } from '../errors';
import { gitErrors, listedNames } from '../../../shared/errors';

/**
 * Discarding is checkpointed first: before `git.discard` / `git.discardHunk` change a file, the workspace is
 * checkpointed so that restoring that checkpoint (for those files) undoes the discard. The git domain does
 * not know the checkpoint service; createCore hands it this function (a manual checkpoint with a label).
 */
export type TakeCheckpoint = (label: string) => Promise<{ checkpointId: string; skipped: readonly string[] }>;

/** Takes the checkpoint and answers its id; refuses (nothing discarded) when it could not keep one of `paths`. */
export async function checkpointBefore(take: TakeCheckpoint, label: string, paths: readonly string[]): Promise<string> {
  const { checkpointId, skipped } = await take(label);
  const lost = paths.filter((p) => skipped.includes(p));
  if (lost.length) {
    throw new AkiraError('conflict', gitErrors.discardNotCheckpointed(...listedNames(lost, 3)));
  }
  return checkpointId;
}
