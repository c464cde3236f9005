import { readableLabel } from '../../../../shared/checkpointLabels';
import type { CheckpointRecordT } from '../../../../shared/contract';

type Origin = CheckpointRecordT['origin'];

/** The origin as a short badge word. */
export function originWord(record: Pick<CheckpointRecordT, 'origin' | 'todoId'>): string {
  if (record.origin === 'agent') return record.todoId ? `agent · ${record.todoId}` : 'agent';
  if (record.origin === 'before-restore') return 'before restore';
  return 'manual';
}

export const originTitle: Record<Origin, string> = {
  manual: 'Taken by hand',
  agent: 'Taken by the agent after a TODO',
  'before-restore': 'The state just before a restore: restoring it undoes that restore',
};

/** "#12 “before refactor”", or a short id when the record is not at hand. */
export function checkpointName(id: string | null, record: CheckpointRecordT | undefined): string {
  if (id === null) return 'nothing';
  if (id === 'now') return 'now';
  if (!record) return id.slice(0, 8);
  return `#${record.n} “${readableLabel(record.label)}”`;
}

/** "3 files" / "1 file". */
export function filesWord(count: number): string {
  return `${count.toLocaleString()} ${count === 1 ? 'file' : 'files'}`;
}
