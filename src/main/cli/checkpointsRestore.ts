import { UsageError } from './args';
import { formatConflicts, formatPreview, formatRestored } from './checkpointsFormat';
import { idArgument, type Session } from './checkpointsSession';
import { checkpointsStrings } from './checkpointsStrings';
import { cliText } from './io';

/**
 * `akira checkpoints restore <id> [--file PATH]... [-- PATH...] [--yes] [--dry-run]`: prints the preview,
 * asks on a terminal (y/N) unless --yes, restores, and prints the command that undoes it.
 */
export async function restoreAction(s: Session): Promise<number> {
  const { io, json, parsed } = s;
  const t = cliText(io, checkpointsStrings);
  const id = idArgument(s, 0, 'restore');
  const files = [...((parsed.flags.file as string[] | undefined) ?? []), ...parsed.rest];
  const paths = files.length ? files : undefined;
  const dryRun = parsed.flags['dry-run'] === true;
  const yes = parsed.flags.yes === true;

  const preview = await s.call('checkpoints.preview', { checkpointId: id, paths });
  const nothingToDo = preview.files.length === 0;
  if (!json) {
    io.out(nothingToDo ? `${t.nothingToRestore(preview.checkpointId)}\n` : formatPreview(preview, t));
  }
  if (dryRun || nothingToDo) {
    if (json) io.out(`${JSON.stringify({ preview, restore: null })}\n`);
    return 0;
  }

  if (!yes) {
    if (!io.tty.stdin) {
      throw new UsageError(t.restoreNeedsYes);
    }
    const answer = await io.ask(t.askRestore(t.files(preview.files.length), preview.checkpointId));
    if (!/^y(es)?$/i.test(answer.trim())) {
      io.err(`${t.restoreCancelled}\n`);
      return 1;
    }
  }

  const restore = await s.call('checkpoints.restore', { checkpointId: preview.checkpointId, paths });
  const undo = `${s.restoreCommand} ${restore.beforeCheckpointId} --yes`;
  if (json) {
    io.out(`${JSON.stringify({ preview, restore })}\n`);
    return 0;
  }
  io.out(formatRestored(restore, undo, t));
  if (restore.conflicts.length) io.err(formatConflicts(restore.conflicts, 'were', t));
  return 0;
}
