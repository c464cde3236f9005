import { diffLines, splitLines } from '../../shared/lineDiff';

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
