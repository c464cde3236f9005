import type { CheckpointRecordT } from '../../../../shared/contract';
import { dayKey, dayLabel } from './timeFormat';

/**
 * The Timeline's rows: day headings between checkpoints (newest first), agent groups (one header per run of an
 * agent session's checkpoints, "Session: <task>", collapsible, with a TODO heading before each run of one TODO's
 * checkpoints inside it: "TODO t2 …"), and a status row at the end ("load more", loading, error). Every row has a
 * fixed height, so the list can be windowed without measuring its rows: only rows near the viewport are rendered
 * (TimelineList, with @tanstack/react-virtual). The selected checkpoint's detail is in the main area
 * (TimelineMain), not in the list.
 */

export const DAY_ROW_HEIGHT = 26;
export const CHECKPOINT_ROW_HEIGHT = 46;
export const STATUS_ROW_HEIGHT = 34;
export const GROUP_ROW_HEIGHT = 30;
export const TODO_ROW_HEIGHT = 22;

export type TimelineRow =
  | { type: 'day'; key: string; label: string }
  | { type: 'group'; key: string; groupId: string; sessionId: string; count: number; collapsed: boolean }
  | { type: 'todo'; key: string; sessionId: string; todoId: string | null; count: number }
  | { type: 'checkpoint'; key: string; record: CheckpointRecordT; index: number }
  | { type: 'status'; key: 'status' };

/** The agent group of a checkpoint (its session), or null for others. Collapsing is per session. */
export function agentGroupId(record: Pick<CheckpointRecordT, 'origin' | 'sessionId'>): string | null {
  if (record.origin !== 'agent' || !record.sessionId) return null;
  return record.sessionId;
}

/**
 * Day headings, agent group headers (with their TODO headings) and checkpoint rows; `withStatus` adds the trailing
 * status row. A collapsed group keeps only its header, with the count of its checkpoints.
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
  let todo: Extract<TimelineRow, { type: 'todo' }> | null = null;
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
      group = { type: 'group', key: `group:${record.checkpointId}`, groupId, sessionId: record.sessionId!, count: 0, collapsed: collapsed.has(groupId) };
      todo = null;
      rows.push(group);
    }
    if (!group) {
      rows.push({ type: 'checkpoint', key: record.checkpointId, record, index });
      return;
    }
    group.count++;
    if (group.collapsed) return;
    const todoId = record.todoId ?? null;
    if (!todo || todo.todoId !== todoId) {
      todo = { type: 'todo', key: `todo:${record.checkpointId}`, sessionId: group.sessionId, todoId, count: 0 };
      rows.push(todo);
    }
    todo.count++;
    rows.push({ type: 'checkpoint', key: record.checkpointId, record, index });
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
  if (row.type === 'todo') return TODO_ROW_HEIGHT;
  return CHECKPOINT_ROW_HEIGHT;
}

/** Positions of every row. */
export function layoutRows(rows: readonly TimelineRow[]): RowLayout {
  const tops = new Array<number>(rows.length);
  const heights = new Array<number>(rows.length);
  let y = 0;
  for (let i = 0; i < rows.length; i++) {
    const h = rowHeight(rows[i]);
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
