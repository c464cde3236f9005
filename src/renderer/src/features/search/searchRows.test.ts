import { describe, expect, it } from 'vitest';
import type { SearchFileMatches } from '../../../../shared/contract';
import { usePrefsStore } from '../../i18n';
import { highlightOf, mergeFiles, searchRows, statusText } from './searchRows';

const match = (line: number, text: string, start: number, end: number) => ({ line, column: start + 1, length: end - start, text, preview: { start, end } });
const A: SearchFileMatches = { path: 'src/a.ts', matches: [match(1, 'const foo = 1;', 6, 9), match(4, 'foo()', 0, 3)] };
const B: SearchFileMatches = { path: 'b.md', matches: [match(2, 'a foo', 2, 5)] };

describe('search rows', () => {
  it('lists each file then its matches, leaves out a collapsed file\'s matches, keeps files in path order', () => {
    const files = mergeFiles(mergeFiles([], [A]), [B]);
    expect(files.map((f) => f.path)).toEqual(['b.md', 'src/a.ts']);
    expect(searchRows(files, new Set()).map((r) => (r.type === 'file' ? `${r.path} (${r.count})` : `  ${r.match.line}`))).toEqual([
      'b.md (1)',
      '  2',
      'src/a.ts (2)',
      '  1',
      '  4',
    ]);
    const rows = searchRows(files, new Set(['b.md']));
    expect(rows.map((r) => r.key)).toEqual(['f:b.md', 'f:src/a.ts', 'm:0:src/a.ts', 'm:1:src/a.ts']);
    expect(rows[0]).toMatchObject({ type: 'file', expanded: false, count: 1 });
    // A batch with a file again replaces it; an empty batch changes nothing.
    expect(mergeFiles(files, [{ ...B, matches: [] }]).find((f) => f.path === 'b.md')?.matches).toEqual([]);
    expect(mergeFiles(files, [])).toBe(files);
  });

  it('splits a line around the match, without its indentation', () => {
    expect(highlightOf(match(1, '\t  return foo(bar);', 10, 13))).toEqual({ before: 'return ', hit: 'foo', after: '(bar);' });
    expect(highlightOf(match(1, '…xxfooyy…', 3, 6))).toEqual({ before: '…xx', hit: 'foo', after: 'yy…' });
    // A long start is cut so the match stays in sight, from a word's start when one is near.
    const line = 'export async function loadEverything(): Promise<void> { return fetchUser(1); }';
    const at = line.indexOf('fetchUser');
    expect(highlightOf(match(1, line, at, at + 9))).toEqual({ before: '…{ return ', hit: 'fetchUser', after: '(1); }' });
    expect(highlightOf(match(1, `${'x'.repeat(40)}foo`, 40, 43)).before).toBe(`…${'x'.repeat(16)}`);
    // A short line fits whole: its start is not cut (issue 27 defect 25).
    expect(highlightOf(match(1, "export const greeting = 'hello';", 25, 30))).toEqual({ before: "export const greeting = '", hit: 'hello', after: "';" });
    expect(highlightOf(match(1, '    const value = computeTotal(a);', 18, 30))).toEqual({ before: 'const value = ', hit: 'computeTotal', after: '(a);' });
  });

  it('says what was found, how, and when it was cut', () => {
    expect(statusText({ searching: true, files: 0, matches: 0, done: null })).toBe('Searching…');
    expect(statusText({ searching: true, files: 1, matches: 4, done: null })).toBe('Searching… 4 results in 1 file');
    expect(statusText({ searching: false, files: 3, matches: 12, done: { files: 3, matches: 12, truncated: false, durationMs: 35.4, engine: 'ripgrep' } })).toBe(
      '12 results in 3 files (ripgrep, 35 ms)',
    );
    expect(statusText({ searching: false, files: 0, matches: 0, done: { files: 0, matches: 0, truncated: false, durationMs: 9, engine: 'node' } })).toBe('No results (node, 9 ms)');
    expect(statusText({ searching: false, files: 9, matches: 5000, done: { files: 9, matches: 5000, truncated: true, durationMs: 1200, engine: 'ripgrep' } })).toBe(
      '5,000 results in 9 files (ripgrep, 1,200 ms) — truncated: more matches exist, narrow the search',
    );
  });

  it('says why a search failed midway in the UI\'s language, the English error when it has no words (issue 14)', () => {
    const done = { files: 1, matches: 2, truncated: false, durationMs: 40, engine: 'node' as const, error: 'The search failed: out of memory', errorWords: { key: 'search.failed', values: ['out of memory'] } };
    expect(statusText({ searching: false, files: 1, matches: 2, done })).toBe('The search failed: out of memory — found before it stopped: 2 results in 1 file (node, 40 ms)');
    usePrefsStore.setState({ language: 'zh-CN' });
    try {
      expect(statusText({ searching: false, files: 1, matches: 2, done })).toBe('搜索失败：out of memory — 停止前找到：1 个文件中有 2 个结果（node，40 毫秒）');
      // An older core's event: no words, its English.
      expect(statusText({ searching: false, files: 0, matches: 0, done: { ...done, files: 0, matches: 0, errorWords: undefined } })).toBe('The search failed: out of memory — 停止前找到：没有结果（node，40 毫秒）');
    } finally {
      usePrefsStore.setState({ language: 'en' });
    }
  });
});
