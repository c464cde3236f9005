import { describe, expect, it } from 'vitest';
import type { FoundFile } from '../../../../shared/contract';
import { parseQuickOpen, quickOpenItems, splitMatch } from './quickOpenItems';

const found = (path: string, positions: number[] = []): FoundFile => ({ path, kind: 'file', score: 1, positions });

describe('parseQuickOpen', () => {
  it('cuts a :line and :line:column suffix off the query', () => {
    expect(parseQuickOpen('src/app.ts:12')).toEqual({ text: 'src/app.ts', line: 12, column: null });
    expect(parseQuickOpen('app:12:5')).toEqual({ text: 'app', line: 12, column: 5 });
    expect(parseQuickOpen('  app  :7 ')).toEqual({ text: 'app', line: 7, column: null });
    expect(parseQuickOpen(':40')).toEqual({ text: '', line: 40, column: null });
  });
  it('drops a colon being typed and a line 0', () => {
    expect(parseQuickOpen('app.ts:')).toEqual({ text: 'app.ts', line: null, column: null });
    expect(parseQuickOpen('app.ts:12:')).toEqual({ text: 'app.ts', line: 12, column: null });
    expect(parseQuickOpen('app.ts:0')).toEqual({ text: 'app.ts', line: null, column: null });
    expect(parseQuickOpen('app.ts:3:0')).toEqual({ text: 'app.ts', line: 3, column: null });
  });
  it('leaves a query without a suffix alone', () => {
    expect(parseQuickOpen('usrv')).toEqual({ text: 'usrv', line: null, column: null });
    expect(parseQuickOpen('a:b')).toEqual({ text: 'a:b', line: null, column: null });
    expect(parseQuickOpen('')).toEqual({ text: '', line: null, column: null });
  });
});

describe('quickOpenItems', () => {
  it('puts the recently opened files first for an empty query, then the rest once', () => {
    const items = quickOpenItems(parseQuickOpen(''), [found('README.md'), found('b.ts'), found('src/a.ts')], ['src/a.ts', 'gone.ts'], null);
    expect(items.map((i) => [i.path, i.recent])).toEqual([
      ['src/a.ts', true],
      ['gone.ts', true],
      ['README.md', false],
      ['b.ts', false],
    ]);
  });
  it('keeps the finder’s order and positions for a query, recent ones marked', () => {
    const items = quickOpenItems(parseQuickOpen('ab:3'), [found('x/ab.ts', [2, 3]), found('a/b.ts', [0, 2])], ['a/b.ts'], null);
    expect(items.map((i) => [i.path, i.positions, i.recent])).toEqual([
      ['x/ab.ts', [2, 3], false],
      ['a/b.ts', [0, 2], true],
    ]);
    expect(quickOpenItems(parseQuickOpen('zz'), null, ['a/b.ts'], null)).toEqual([]);
  });
  it('makes :line alone Go to Line in the open file', () => {
    expect(quickOpenItems(parseQuickOpen(':12'), [], [], 'src/a.ts')).toEqual([{ id: 'line:src/a.ts', kind: 'line', path: 'src/a.ts', positions: [], recent: false }]);
    expect(quickOpenItems(parseQuickOpen(':12'), [], [], null)).toEqual([]);
  });
});

describe('splitMatch', () => {
  it('shares the positions between the file name and its folder', () => {
    expect(splitMatch('src/app/App.tsx', [0, 4, 8, 9])).toEqual({ name: 'App.tsx', namePositions: [0, 1], folder: 'src/app', folderPositions: [0, 4] });
    expect(splitMatch('README.md', [0])).toEqual({ name: 'README.md', namePositions: [0], folder: '', folderPositions: [] });
  });
});
