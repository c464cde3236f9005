import { describe, expect, it } from 'vitest';
import { layoutList, totalHeight, visibleRange } from './windowing';

describe('windowing', () => {
  const keys = Array.from({ length: 10_000 }, (_, i) => `k${i}`);

  it('lays out measured heights and estimates the rest', () => {
    const l = layoutList(['a', 'b', 'c'], new Map([['b', 100]]), 40);
    expect([...l.offsets]).toEqual([0, 40, 140, 180]);
    expect(totalHeight(l)).toBe(180);
  });

  it('finds the cards in view with overscan, at the top, the middle and the end', () => {
    const l = layoutList(keys, new Map(), 50);
    expect(visibleRange(l, 0, 500, 0)).toEqual([0, 11]);
    expect(visibleRange(l, 250_000, 500, 100)).toEqual([4998, 5013]);
    expect(visibleRange(l, totalHeight(l) - 500, 500, 0)).toEqual([9990, 10_000]);
    expect(visibleRange(l, totalHeight(l) + 10_000, 500, 0)).toEqual([9999, 10_000]);
    expect(visibleRange(layoutList([], new Map(), 50), 0, 500, 0)).toEqual([0, 0]);
  });

  it('follows measured heights (one tall card fills the view alone)', () => {
    const l = layoutList(keys.slice(0, 5), new Map([['k2', 5000]]), 50);
    expect(visibleRange(l, 1000, 500, 0)).toEqual([2, 3]);
  });
});
