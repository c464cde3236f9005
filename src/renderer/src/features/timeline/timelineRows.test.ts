import { describe, expect, it } from 'vitest';
import { record } from '../../../../testing/checkpointRecords';
import {
  agentGroupId,
  buildRows,
  CHECKPOINT_ROW_HEIGHT,
  GROUP_ROW_HEIGHT,
  DAY_ROW_HEIGHT,
  layoutRows,
  stepCheckpoint,
  STATUS_ROW_HEIGHT,
  TODO_ROW_HEIGHT,
} from './timelineRows';
import { dayKey, dayLabel, relativeTime } from './timeFormat';

const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).toISOString();

describe('buildRows', () => {
  it('puts a day heading before the first checkpoint of each local day', () => {
    const now = new Date(2026, 4, 20, 18).getTime();
    const items = [
      record(4, { createdAt: at(2026, 5, 20, 15) }),
      record(3, { createdAt: at(2026, 5, 20, 9) }),
      record(2, { createdAt: at(2026, 5, 19) }),
      record(1, { createdAt: at(2026, 5, 2) }),
    ];
    const rows = buildRows(items, now, true);
    expect(rows.map((r) => (r.type === 'day' ? r.label : r.type === 'checkpoint' ? r.record.n : r.type))).toEqual([
      'Today',
      4,
      3,
      'Yesterday',
      2,
      dayLabel(dayKey(at(2026, 5, 2)), now),
      1,
      'status',
    ]);
    expect(buildRows([], now, false)).toEqual([]);
  });
});

describe('layout and keyboard', () => {
  // 2000 checkpoints on one day: one heading, 2000 rows, a status row.
  const items = Array.from({ length: 2000 }, (_, i) => record(2000 - i, { createdAt: at(2026, 1, 1) }));
  const rows = buildRows(items, Date.parse(at(2026, 1, 1)), true);

  it('lays rows out end to end, each at its fixed height (the selection\'s detail is in the main area)', () => {
    const layout = layoutRows(rows);
    expect(layout.tops[0]).toBe(0);
    expect(layout.tops[1]).toBe(DAY_ROW_HEIGHT);
    expect(layout.heights[2]).toBe(CHECKPOINT_ROW_HEIGHT);
    expect(layout.tops[3]).toBe(DAY_ROW_HEIGHT + CHECKPOINT_ROW_HEIGHT * 2);
    expect(layout.totalHeight).toBe(DAY_ROW_HEIGHT + CHECKPOINT_ROW_HEIGHT * 2000 + STATUS_ROW_HEIGHT);
  });

  it('steps the keyboard selection over checkpoints only', () => {
    expect(stepCheckpoint(rows, null, 1)).toBe(1);
    expect(stepCheckpoint(rows, rows[1].key, -1)).toBe(1);
    expect(stepCheckpoint(rows, rows[1].key, 1)).toBe(2);
    expect(stepCheckpoint(rows, rows[2000].key, 1)).toBe(2000); // the status row is not a stop
    expect(stepCheckpoint([], null, 1)).toBe(-1);
  });
});

describe('times', () => {
  const now = Date.parse('2026-05-20T12:00:00Z');
  it('says how long ago in short words, and never "in the future"', () => {
    expect(relativeTime('2026-05-20T11:59:50Z', now)).toBe('just now');
    expect(relativeTime('2026-05-20T12:00:30Z', now)).toBe('just now');
    expect(relativeTime('2026-05-20T11:55:00Z', now)).toBe('5 min ago');
    expect(relativeTime('2026-05-20T09:00:00Z', now)).toBe('3 h ago');
    expect(relativeTime('2026-05-18T11:00:00Z', now)).toBe('2 d ago');
    expect(relativeTime('2026-03-01T11:00:00Z', now)).not.toMatch(/ago/);
    expect(relativeTime('not a date', now)).toBe('');
  });
});

describe('agent groups', () => {
  const S1 = 'aaaaaaaa-0000-4000-8000-000000000001';
  const S2 = 'bbbbbbbb-0000-4000-8000-000000000002';
  const agent = (n: number, sessionId: string, todoId?: string) => record(n, { origin: 'agent', sessionId, ...(todoId ? { todoId } : {}) });
  const now = new Date(Date.UTC(2026, 0, 1, 13)).getTime();
  const shape = (rows: ReturnType<typeof buildRows>) =>
    rows.map((r) =>
      r.type === 'group' ? `[${r.sessionId.slice(0, 1)} ${r.count}${r.collapsed ? ' closed' : ''}]` : r.type === 'todo' ? `(${r.todoId ?? '-'} ${r.count})` : r.type === 'checkpoint' ? r.record.n : r.type,
    );

  it('puts one header before each run of a session\'s checkpoints, with its TODOs inside; others stay as they are', () => {
    const items = [agent(8, S1, 't2'), agent(7, S1, 't2'), agent(6, S1, 't1'), agent(5, S1), record(4), agent(3, S1, 't1'), agent(2, S2), agent(1, S1)];
    const rows = buildRows(items, now, false).filter((r) => r.type !== 'day');
    expect(shape(rows)).toEqual(['[a 4]', '(t2 2)', 8, 7, '(t1 1)', 6, '(- 1)', 5, 4, '[a 1]', '(t1 1)', 3, '[b 1]', '(- 1)', 2, '[a 1]', '(- 1)', 1]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
    expect(agentGroupId(items[0])).toBe(S1);
    expect(agentGroupId(record(9))).toBeNull();
    expect(agentGroupId(record(9, { origin: 'agent' }))).toBeNull(); // no session: not grouped
  });

  it('leaves out the TODOs and checkpoints of a collapsed session, keeping its header and count; layout and keys follow', () => {
    const items = [agent(5, S1, 't2'), agent(4, S1, 't1'), record(3), agent(2, S2, 't1'), agent(1, S2, 't1')];
    const rows = buildRows(items, now, true, new Set([S1])).filter((r) => r.type !== 'day');
    expect(shape(rows)).toEqual(['[a 2 closed]', 3, '[b 2]', '(t1 2)', 2, 1, 'status']);
    const layout = layoutRows(rows);
    expect(layout.heights).toEqual([GROUP_ROW_HEIGHT, CHECKPOINT_ROW_HEIGHT, GROUP_ROW_HEIGHT, TODO_ROW_HEIGHT, CHECKPOINT_ROW_HEIGHT, CHECKPOINT_ROW_HEIGHT, STATUS_ROW_HEIGHT]);
    // Keyboard steps go over checkpoints only.
    expect(rows[stepCheckpoint(rows, null, 1)].key).toBe(items[2].checkpointId);
  });
});
