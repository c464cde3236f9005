import { AkiraError } from '../errors';

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
    throw new AkiraError(
      'conflict',
      `Nothing was discarded: ${lost.slice(0, 3).join(', ')}${lost.length > 3 ? ` and ${lost.length - 3} more` : ''} could not be checkpointed (too large), so the discard could not be undone.`,
    );
  }
  return checkpointId;
}
