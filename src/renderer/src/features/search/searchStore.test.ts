import { beforeEach, describe, expect, it } from 'vitest';
import { emptyForm, useSearchStore } from './searchStore';

const file = (path: string, lines: number[]) => ({
  path,
  matches: lines.map((line) => ({ line, column: 1, length: 3, text: 'foo', preview: { start: 0, end: 3 } })),
});
const done = { files: 2, matches: 3, truncated: false, durationMs: 5, engine: 'ripgrep' as const };

beforeEach(() => {
  useSearchStore.setState({ form: emptyForm });
  useSearchStore.getState().clear();
});

describe('search store', () => {
  it('takes the batches of its search only, counts them, and ends with done', () => {
    const store = useSearchStore.getState();
    store.pending('k');
    store.start('s1');
    store.receive({ searchId: 'old', files: [file('x.ts', [1])] });
    store.receive({ searchId: 's1', files: [file('b.ts', [1, 2])] });
    expect(useSearchStore.getState()).toMatchObject({ searching: true, matches: 2, done: null });
    store.receive({ searchId: 's1', files: [file('a.ts', [7])], done });
    const s = useSearchStore.getState();
    expect(s.files.map((f) => f.path)).toEqual(['a.ts', 'b.ts']);
    expect(s).toMatchObject({ searching: false, matches: 3, done });
  });

  it('keeps batches that come before the search id is known, and drops the last results on a new search', () => {
    const store = useSearchStore.getState();
    store.pending('k');
    store.receive({ searchId: 's2', files: [file('early.ts', [3])] });
    store.receive({ searchId: 'other', files: [file('other.ts', [3])] });
    store.start('s2');
    expect(useSearchStore.getState().files.map((f) => f.path)).toEqual(['early.ts']);
    store.toggleCollapsed('early.ts');
    expect(useSearchStore.getState().collapsed.has('early.ts')).toBe(true);
    store.pending('k');
    expect(useSearchStore.getState()).toMatchObject({ files: [], matches: 0, searching: true, searchId: null });
    expect(useSearchStore.getState().collapsed.size).toBe(0);
    store.fail('Invalid regular expression: Unterminated group.');
    expect(useSearchStore.getState()).toMatchObject({ searching: false, error: 'Invalid regular expression: Unterminated group.' });
  });
});
