import type { CheckpointRecordT } from '../../../../shared/contract';
import { dayKey, dayLabel } from './timeFormat';

/**
 * The Timeline's rows: day headings between checkpoints (newest first), agent groups (a header before
 * each run of an agent session's checkpoints for one TODO: "Session: <task> · TODO t2 …", collapsible),
 * and a status row at the end ("load more", loading, error). Rows have fixed heights except the
 * selected checkpoint, which grows by its detail (measured), so the list can be windowed without measuring
 * its rows: only rows near the viewport are rendered (TimelineList, with @tanstack/react-virtual).
 */

export const DAY_ROW_HEIGHT = 26;
export const CHECKPOINT_ROW_HEIGHT = 46;
export const STATUS_ROW_HEIGHT = 34;
export const GROUP_ROW_HEIGHT = 40;

export type TimelineRow =
  | { type: 'day'; key: string; label: string }
  | { type: 'group'; key: string; groupId: string; sessionId: string; todoId: string | null; count: number; collapsed: boolean }
  | { type: 'checkpoint'; key: string; record: CheckpointRecordT; index: number }
  | { type: 'status'; key: 'status' };

/** The agent group of a checkpoint (its session and TODO), or null for others. Collapsing is per group. */
export function agentGroupId(record: Pick<CheckpointRecordT, 'origin' | 'sessionId' | 'todoId'>): string | null {
  if (record.origin !== 'agent' || !record.sessionId) return null;
  return `${record.sessionId}/${record.todoId ?? ''}`;
}

/**
 * Day headings, agent group headers and checkpoint rows; `withStatus` adds the trailing status row.
 * Checkpoints of a collapsed group are left out (its header stays, with their count).
 */
export function buildRows(
  items: readonly CheckpointRecordT[],
  now: number,
  withStatus: boolean,
  collapsed: ReadonlySet<string> = new Set(),
): TimelineRow[] {
  const rows: TimelineRow[] = [];
  let day: string | null = null;
  let group: Extract<TimelineRow, { type: 'group' }> | null = null;
  items.forEach((record, index) => {
    const key = dayKey(record.createdAt);
    if (key !== day) {
      day = key;
      group = null;
      rows.push({ type: 'day', key: `day:${key}`, label: dayLabel(key, now) });
    }
    const groupId = agentGroupId(record);
    if (groupId === null) group = null;
    else if (!group || group.groupId !== groupId) {
      group = { type: 'group', key: `group:${record.checkpointId}`, groupId, sessionId: record.sessionId!, todoId: record.todoId ?? null, count: 0, collapsed: collapsed.has(groupId) };
      rows.push(group);
    }
    if (group) group.count++;
    if (!group?.collapsed) rows.push({ type: 'checkpoint', key: record.checkpointId, record, index });
  });
  if (withStatus) rows.push({ type: 'status', key: 'status' });
  return rows;
}

export interface RowLayout {
  /** Top of each row, in px from the top of the list. */
  tops: number[];
  /** Height of each row. */
  heights: number[];
  totalHeight: number;
}

export function rowHeight(row: TimelineRow): number {
  if (row.type === 'day') return DAY_ROW_HEIGHT;
  if (row.type === 'status') return STATUS_ROW_HEIGHT;
  if (row.type === 'group') return GROUP_ROW_HEIGHT;
  return CHECKPOINT_ROW_HEIGHT;
}

/** Positions of every row; the expanded checkpoint (if any) is `extra` px taller. */
export function layoutRows(rows: readonly TimelineRow[], expandedKey: string | null, extra: number): RowLayout {
  const tops = new Array<number>(rows.length);
  const heights = new Array<number>(rows.length);
  let y = 0;
  for (let i = 0; i < rows.length; i++) {
    const h = rowHeight(rows[i]) + (rows[i].key === expandedKey ? Math.max(0, extra) : 0);
    tops[i] = y;
    heights[i] = h;
    y += h;
  }
  return { tops, heights, totalHeight: y };
}

/** Index of the checkpoint row `step` checkpoints away from `key` (keyboard ↑ ↓); -1 when there are none. */
export function stepCheckpoint(rows: readonly TimelineRow[], key: string | null, step: number): number {
  const indices: number[] = [];
  rows.forEach((r, i) => r.type === 'checkpoint' && indices.push(i));
  if (indices.length === 0) return -1;
  const at = indices.findIndex((i) => rows[i].key === key);
  if (at < 0) return indices[0];
  return indices[Math.max(0, Math.min(indices.length - 1, at + step))];
}
