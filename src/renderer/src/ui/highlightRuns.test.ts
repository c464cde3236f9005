import { describe, expect, it } from 'vitest';
import { highlightRuns } from './highlightRuns';

describe('highlightRuns', () => {
  it('cuts the label into matched and unmatched runs', () => {
    expect(highlightRuns('src/util.ts', [4, 5, 7])).toEqual([
      { text: 'src/', match: false },
      { text: 'ut', match: true },
      { text: 'i', match: false },
      { text: 'l', match: true },
      { text: '.ts', match: false },
    ]);
    expect(highlightRuns('abc', [])).toEqual([{ text: 'abc', match: false }]);
    expect(highlightRuns('', [0])).toEqual([]);
  });
});
