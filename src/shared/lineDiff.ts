/**
 * A line diff, pure (no Node, no DOM): shared by the CLI's unified diffs (src/main/cli/unifiedDiff.ts)
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
