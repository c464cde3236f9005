/**
 * Windowing for a list of cards of different heights: offsets from measured heights (an estimate for cards
 * not measured yet), and the range of cards a viewport shows. Pure, so the list stays fast to reason about:
 * thousands of cards cost one O(n) pass per layout and an O(log n) search per scroll.
 */

export interface ListLayout {
  /** offsets[i]: where card i starts; offsets[n]: the total height. */
  offsets: Float64Array;
}

export function layoutList(keys: readonly string[], heights: ReadonlyMap<string, number>, estimate: number): ListLayout {
  const offsets = new Float64Array(keys.length + 1);
  for (let i = 0; i < keys.length; i++) offsets[i + 1] = offsets[i] + (heights.get(keys[i]) ?? estimate);
  return { offsets };
}

export const totalHeight = (l: ListLayout) => l.offsets[l.offsets.length - 1];

/** The first card whose bottom is below `y`. */
function indexAt(l: ListLayout, y: number): number {
  const n = l.offsets.length - 1;
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (l.offsets[mid + 1] <= y) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Cards [start, end) that intersect the viewport, with `overscan` pixels more on each side. */
export function visibleRange(l: ListLayout, scrollTop: number, viewport: number, overscan: number): [number, number] {
  const n = l.offsets.length - 1;
  if (n === 0) return [0, 0];
  const start = Math.min(indexAt(l, Math.max(0, scrollTop - overscan)), n - 1);
  const end = Math.min(n, indexAt(l, scrollTop + viewport + overscan) + 1);
  return [start, Math.max(end, start + 1)];
}
