import type { CheckpointRecordT } from '../../../../shared/contract';
import { formatsNow, textOf } from '../../i18n';
import { labelText } from './checkpointLabelText';
import { timelineStrings } from './timelineStrings';

type Origin = CheckpointRecordT['origin'];

/** The origin as a short badge word. */
export function originWord(record: Pick<CheckpointRecordT, 'origin' | 'todoId'>): string {
  const t = textOf(timelineStrings);
  if (record.origin === 'agent') return record.todoId ? t.originAgentTodo(record.todoId) : t.originAgent;
  if (record.origin === 'before-restore') return t.originBeforeRestore;
  return t.originManual;
}

/** What the origin means, for tooltips. */
export function originTitle(origin: Origin): string {
  const t = textOf(timelineStrings);
  return origin === 'agent' ? t.originAgentTitle : origin === 'before-restore' ? t.originBeforeRestoreTitle : t.originManualTitle;
}

/** "#12 “before refactor”", or a short id when the record is not at hand. */
export function checkpointName(id: string | null, record: CheckpointRecordT | undefined): string {
  const t = textOf(timelineStrings);
  if (id === null) return t.nameNothing;
  if (id === 'now') return t.nameNow;
  if (!record) return id.slice(0, 8);
  return `#${record.n} “${labelText(record.label, t)}”`;
}

/** "3 files" / "1 file". */
export function filesWord(count: number): string {
  return textOf(timelineStrings).files(count, formatsNow().number(count));
}
