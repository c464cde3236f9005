import { readableLabel } from '../../../../shared/checkpointLabels';
import { textOf } from '../../i18n';
import { timelineStrings } from './timelineStrings';

type Words = (typeof timelineStrings)['en'];

/** What a label says once its known English forms are read back (nested restores first, then the rest). */
function shown(text: string, t: Words): string {
  const nested: [string, (what: string) => string][] = [
    ['Before restoring ', t.beforeRestoring],
    ['Before undoing the restore of ', t.beforeUndoing],
    ['Before redoing the restore of ', t.beforeRedoing],
  ];
  for (const [prefix, say] of nested) if (text.startsWith(prefix)) return say(shown(text.slice(prefix.length), t));
  let m: RegExpExecArray | null;
  if ((m = /^Before discarding a hunk of (.+)$/s.exec(text))) return t.beforeDiscardingHunk(m[1]);
  if ((m = /^Before discarding (\d+) files$/.exec(text))) return t.beforeDiscarding(t.nFiles(Number(m[1])));
  if ((m = /^Before discarding (.+)$/s.exec(text))) return t.beforeDiscarding(m[1]);
  if ((m = /^start of TODO (\S+)$/.exec(text))) return t.startOfTodo(m[1]);
  if ((m = /^end of task (\S+): (.+)$/s.exec(text))) return t.endOfTask(m[1], m[2]);
  if (text === 'changes approved before the restart') return t.changesApprovedBeforeRestart;
  if (text === 'changes decided after the restart') return t.changesDecidedAfterRestart;
  if ((m = /^TODO (\S+): after (.+)$/s.exec(text))) return t.todoAfter(m[1], m[2]);
  if ((m = /^TODO (\S+): (.+)$/s.exec(text))) return t.todoDone(m[1], m[2]);
  if (text === 'a checkpoint') return t.aCheckpoint;
  if (text === 'start of the session') return t.startOfSession;
  return text;
}

/**
 * A checkpoint's label as the Timeline shows it, in the UI's language: the labels Akira writes (in English, in the
 * data: `shared/checkpointLabels.ts`, the git discards, the agent's TODO checkpoints) are read and said again through
 * the catalog; a person's own label is shown as written. English reads exactly as `readableLabel`.
 */
export function labelText(label: string, t: Words = textOf(timelineStrings)): string {
  return shown(readableLabel(label), t);
}
