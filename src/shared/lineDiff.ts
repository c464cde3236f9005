/**
 * A line diff, pure (no Node, no DOM): shared by the unified diffs (src/main/common/unifiedDiff.ts)
 * and the Review panel's hunks (src/renderer/src/features/review/hunks.ts).
 *
 *   diffLines(splitLines(a), splitLines(b))   → [{kind: ' ' | '-' | '+', line}]   (lines keep their '\n')
 */

/** A line-level edit: kept, removed from the old side or added on the new side. */
export interface Edit {
  kind: ' ' | '-' | '+';
  line: string;
}

/** Beyond this many differing lines the diff stops looking for the shortest script (old lines out, new lines in). */
export const MAX_EDIT_DISTANCE = 2000;

/** Lines with their terminators, so a missing final newline is itself a difference. */
export function splitLines(text: string | null): string[] {
  return text ? text.split(/(?<=\n)/) : [];
}

/** Myers' O(ND) shortest edit script between `a` and `b`; null when it needs more than `maxD` edits. */
function myers(a: string[], b: string[], maxD: number): Edit[] | null {
  const n = a.length;
  const m = b.length;
  const offset = n + m + 1;
  const v = new Int32Array(2 * offset + 1);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= Math.min(n + m, maxD); d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(a, b, trace);
    }
  }
  return null;
}

function backtrack(a: string[], b: string[], trace: Int32Array[]): Edit[] {
  const edits: Edit[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d >= 0; d--) {
    const snap = trace[d];
    const at = (k: number) => snap[k + d + 1];
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      edits.push({ kind: ' ', line: a[--x] });
      y--;
    }
    if (d > 0) {
      if (x === prevX) edits.push({ kind: '+', line: b[--y] });
      else edits.push({ kind: '-', line: a[--x] });
    }
  }
  return edits.reverse();
}

/** The edits turning `a` into `b`: common ends kept, the middle by Myers (or replaced wholesale when too different). */
export function diffLines(a: string[], b: string[]): Edit[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const middle = myers(midA, midB, MAX_EDIT_DISTANCE) ?? [
    ...midA.map((line): Edit => ({ kind: '-', line })),
    ...midB.map((line): Edit => ({ kind: '+', line })),
  ];
  const keep = (line: string): Edit => ({ kind: ' ', line });
  return [...a.slice(0, start).map(keep), ...middle, ...a.slice(endA).map(keep)];
}

/** Below this many lines (both sides of a gap) the anchored diff uses Myers directly. */
const SMALL_GAP = 400;

/** Pairs of lines that occur exactly once on each side, longest run increasing on both (patience sorting). */
function uniqueAnchors(a: string[], aLo: number, aHi: number, b: string[], bLo: number, bHi: number): [number, number][] {
  const count = new Map<string, [number, number, number]>(); // line → [in a, in b, index in a]
  for (let i = aLo; i < aHi; i++) {
    const c = count.get(a[i]);
    if (c) c[0]++;
    else count.set(a[i], [1, 0, i]);
  }
  const pairs: [number, number][] = [];
  const inB = new Map<string, number>();
  for (let j = bLo; j < bHi; j++) {
    const c = count.get(b[j]);
    if (!c) continue;
    c[1]++;
    inB.set(b[j], j);
  }
  for (const [line, c] of count) if (c[0] === 1 && c[1] === 1) pairs.push([c[2], inB.get(line)!]);
  pairs.sort((p, q) => p[0] - q[0]);
  // Longest increasing subsequence on the b indexes.
  const tails: number[] = [];
  const prev = new Int32Array(pairs.length).fill(-1);
  for (let k = 0; k < pairs.length; k++) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (pairs[tails[mid]][1] < pairs[k][1]) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[k] = tails[lo - 1];
    tails[lo] = k;
  }
  const out: [number, number][] = [];
  for (let k = tails.length ? tails[tails.length - 1] : -1; k !== -1; k = prev[k]) out.push(pairs[k]);
  return out.reverse();
}

/**
 * Like diffLines, but big differences are split at lines unique to both sides (patience diff) before
 * Myers runs on each gap, so a file with thousands of scattered changes still gets one small hunk per
 * change instead of one wholesale replacement. For the Review panel's hunks.
 */
export function diffLinesAnchored(a: string[], b: string[]): Edit[] {
  const edits: Edit[] = [];
  const gap = (aLo: number, aHi: number, bLo: number, bHi: number): void => {
    while (aLo < aHi && bLo < bHi && a[aLo] === b[bLo]) {
      edits.push({ kind: ' ', line: a[aLo++] });
      bLo++;
    }
    const tail: Edit[] = [];
    while (aHi > aLo && bHi > bLo && a[aHi - 1] === b[bHi - 1]) {
      tail.push({ kind: ' ', line: a[--aHi] });
      bHi--;
    }
    const anchors = aHi - aLo + (bHi - bLo) > SMALL_GAP ? uniqueAnchors(a, aLo, aHi, b, bLo, bHi) : [];
    if (anchors.length) {
      let x = aLo;
      let y = bLo;
      for (const [i, j] of anchors) {
        gap(x, i, y, j);
        edits.push({ kind: ' ', line: a[i] });
        x = i + 1;
        y = j + 1;
      }
      gap(x, aHi, y, bHi);
    } else {
      const midA = a.slice(aLo, aHi);
      const midB = b.slice(bLo, bHi);
      const middle = myers(midA, midB, MAX_EDIT_DISTANCE) ?? [...midA.map((line): Edit => ({ kind: '-', line })), ...midB.map((line): Edit => ({ kind: '+', line }))];
      for (const e of middle) edits.push(e);
    }
    for (let k = tail.length - 1; k >= 0; k--) edits.push(tail[k]);
  };
  gap(0, a.length, 0, b.length);
  return edits;
}
