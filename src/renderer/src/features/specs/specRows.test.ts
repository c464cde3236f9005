import { describe, expect, it } from 'vitest';
import type { SpecTaskT } from '../../../../shared/contract';
import { nextState, progressOf, specRows, touchesSpecs } from './specRows';

const task = (id: string, parentId: string | null, extra: Partial<SpecTaskT> = {}): SpecTaskT => ({
  id,
  number: id,
  title: `Task ${id}`,
  state: 'open',
  optional: false,
  depth: 0,
  parentId,
  children: [],
  details: [],
  requirements: [],
  line: 0,
  ...extra,
});

const TASKS = [
  task('1', null, { details: ['Create the folders'] }),
  task('2', null, { children: ['2.1', '2.2'] }),
  task('2.1', '2', { children: ['2.1.1'], requirements: ['2.1'] }),
  task('2.1.1', '2.1'),
  task('2.2', '2'),
  task('3', null),
];

describe('specRows', () => {
  it('lists every task in order with its depth from the parent chain', () => {
    const rows = specRows(TASKS, new Set());
    expect(rows.map((r) => [r.task.id, r.depth, r.foldable, r.collapsed])).toEqual([
      ['1', 0, true, false],
      ['2', 0, true, false],
      ['2.1', 1, true, false],
      ['2.1.1', 2, false, false],
      ['2.2', 1, false, false],
      ['3', 0, false, false],
    ]);
  });

  it('a collapsed task keeps its row and hides everything under it', () => {
    expect(specRows(TASKS, new Set(['2'])).map((r) => r.task.id)).toEqual(['1', '2', '3']);
    const rows = specRows(TASKS, new Set(['2.1', '1']));
    expect(rows.map((r) => r.task.id)).toEqual(['1', '2', '2.1', '2.2', '3']);
    expect(rows.filter((r) => r.collapsed).map((r) => r.task.id)).toEqual(['1', '2.1']);
  });

  it('survives a parent that is missing or a cycle', () => {
    const odd = [task('a', 'missing'), task('b', 'c'), task('c', 'b')];
    expect(specRows(odd, new Set()).map((r) => [r.task.id, r.depth])).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 1],
    ]);
  });
});

describe('nextState, progressOf, touchesSpecs', () => {
  it('ticks open and in-progress tasks, reopens done ones', () => {
    expect(nextState('open')).toBe('done');
    expect(nextState('in_progress')).toBe('done');
    expect(nextState('done')).toBe('open');
  });

  it('formats progress and its fraction', () => {
    expect(progressOf({ done: 3, total: 7 })).toEqual({ text: '3/7', fraction: 3 / 7 });
    expect(progressOf({ done: 0, total: 0 })).toEqual({ text: '0/0', fraction: 0 });
  });

  it('knows which workspace paths are specs', () => {
    expect(touchesSpecs('.akira/specs/auth/tasks.md')).toBe(true);
    expect(touchesSpecs('.kiro/specs')).toBe(true);
    expect(touchesSpecs('.kiro')).toBe(true);
    expect(touchesSpecs('.akira/checkpoints/x')).toBe(false);
    expect(touchesSpecs('src/specs/a.ts')).toBe(false);
  });
});
