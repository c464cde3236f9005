import { describe, expect, it } from 'vitest';
import { BIG_LINES, changedLinesEstimate, DENSE_LINES, reviewDiffOptions } from './diffOptions';
import { keyAction } from './useReviewKeys';

const file = (n: number, tag = (_i: number) => '') => Array.from({ length: n }, (_, i) => `line ${i}${tag(i)}`).join('\n') + '\n';

describe('reviewDiffOptions', () => {
  it('uses the advanced diff for small files and the legacy one with collapsed regions for big files', () => {
    const small = file(200);
    expect(reviewDiffOptions(small, small.replace('line 5\n', 'five\n'))).toMatchObject({ diffAlgorithm: 'advanced', maxComputationTime: 5000, hideUnchangedRegions: { enabled: false } });
    const big = file(BIG_LINES + 1);
    expect(reviewDiffOptions(big, big.replace('line 5\n', 'five\n'))).toMatchObject({ diffAlgorithm: 'legacy', maxComputationTime: 2000, hideUnchangedRegions: { enabled: true } });
  });

  it('gives a big change with thousands of changed lines a short budget (Monaco would give up anyway)', () => {
    const before = file(20_000);
    const dense = file(20_000, (i) => (i % 3 ? '' : ' changed'));
    expect(changedLinesEstimate(before, dense)).toBeGreaterThan(DENSE_LINES);
    expect(reviewDiffOptions(before, dense).maxComputationTime).toBe(500);
    expect(changedLinesEstimate('a\nb\nb\n', 'b\na\nc\n')).toBe(2); // one b out, one c in
  });

  it('lets a benchmark force either choice', () => {
    const big = file(BIG_LINES + 1);
    expect(reviewDiffOptions(big, big, { diffAlgorithm: 'advanced', hideUnchanged: false, maxComputationTime: 0 })).toMatchObject({
      diffAlgorithm: 'advanced',
      maxComputationTime: 0,
      hideUnchangedRegions: { enabled: false },
    });
  });
});

describe('review keys', () => {
  const press = (key: string, mods: Partial<Record<'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey', boolean>> = {}) =>
    keyAction({ key, altKey: false, ctrlKey: false, metaKey: false, shiftKey: false, ...mods });
  it('maps j/k and alt+arrows to next/previous, a/r to accept/reject, shifted to all; leaves ctrl combinations alone', () => {
    expect([press('j'), press('k'), press('ArrowDown', { altKey: true }), press('ArrowUp', { altKey: true })]).toEqual(['next', 'previous', 'next', 'previous']);
    expect([press('a'), press('r'), press('A', { shiftKey: true }), press('R', { shiftKey: true })]).toEqual(['accept', 'reject', 'acceptAll', 'rejectAll']);
    expect([press('n'), press('p'), press('x'), press('t'), press('e')]).toEqual(['nextHunk', 'previousHunk', 'toggleHunk', 'toggleLayout', 'edit']);
    expect([press('a', { ctrlKey: true }), press('ArrowDown'), press('q')]).toEqual([null, null, null]);
  });
});
