/** A line-level edit: kept, removed from the old side or added on the new side. */
interface Edit {
  kind: ' ' | '-' | '+';
  line: string;
}

/** Beyond this many differing lines the diff stops looking for the shortest script (old lines out, new lines in). */
const MAX_EDIT_DISTANCE = 2000;

/** Lines with their terminators, so a missing final newline is itself a difference. */
function splitLines(text: string | null): string[] {
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

function range(start: number, count: number): string {
  // An empty range names the line before it (0 at the top), as diff -u does.
  const first = count === 0 ? start - 1 : start;
  return count === 1 ? `${first}` : `${first},${count}`;
}

function printLine(kind: string, line: string): string {
  return line.endsWith('\n') ? `${kind}${line}` : `${kind}${line}\n\\ No newline at end of file\n`;
}

export interface UnifiedDiffOptions {
  /** Header names, e.g. 'a/src/x.ts' and 'b/src/x.ts'; a missing side is shown as /dev/null. */
  oldName: string;
  newName: string;
  /** Lines of context around each change (default 3). */
  context?: number;
}

/**
 * A unified diff (`diff -u` / `patch -p1` format) of two texts; null for a missing side.
 * Returns '' when they are equal.
 */
export function unifiedDiff(oldText: string | null, newText: string | null, options: UnifiedDiffOptions): string {
  const context = options.context ?? 3;
  const a = splitLines(oldText);
  const b = splitLines(newText);
  const edits = diffLines(a, b);
  const changed = edits.map((e, i) => (e.kind === ' ' ? -1 : i)).filter((i) => i !== -1);
  if (!changed.length) return '';

  let out = `--- ${oldText === null ? '/dev/null' : options.oldName}\n+++ ${newText === null ? '/dev/null' : options.newName}\n`;
  // Line numbers (1-based) of each edit on both sides, before the edit is applied.
  const oldAt: number[] = [];
  const newAt: number[] = [];
  let o = 1;
  let n = 1;
  for (const e of edits) {
    oldAt.push(o);
    newAt.push(n);
    if (e.kind !== '+') o++;
    if (e.kind !== '-') n++;
  }
  let i = 0;
  while (i < changed.length) {
    // Group changes whose contexts touch or overlap into one hunk.
    let j = i;
    while (j + 1 < changed.length && changed[j + 1] - changed[j] <= 2 * context + 1) j++;
    const from = Math.max(0, changed[i] - context);
    const to = Math.min(edits.length, changed[j] + context + 1);
    const slice = edits.slice(from, to);
    const oldCount = slice.filter((e) => e.kind !== '+').length;
    const newCount = slice.filter((e) => e.kind !== '-').length;
    out += `@@ -${range(oldAt[from], oldCount)} +${range(newAt[from], newCount)} @@\n`;
    for (const e of slice) out += printLine(e.kind, e.line);
    i = j + 1;
  }
  return out;
}
