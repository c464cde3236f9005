import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffLinesAnchored, splitLines } from '../../../../shared/lineDiff';
import { computeHunks, countLines, hunkAnchorLine, mergeHunks } from './hunks';
import { decideAccept, hunksOf } from './reviewDecision';

// Texts from a small alphabet of lines, so that equal lines (and ambiguous alignments) are common;
// some without a final newline.
const line = fc.constantFrom('a', 'b', 'c', 'd', '', '  x', '}');
const text = fc.tuple(fc.array(line, { maxLength: 30 }), fc.boolean()).map(([ls, nl]) => (ls.length ? ls.join('\n') + (nl ? '\n' : '') : ''));

/** An independent reading of the same choice: walk the edit script, keep '-' lines of rejected hunks and '+' lines of accepted ones. */
function expectedMerge(before: string, after: string, rejectedIndexes: Set<number>): string {
  const edits = diffLinesAnchored(splitLines(before), splitLines(after));
  let hunk = -1;
  let inHunk = false;
  let out = '';
  for (const e of edits) {
    if (e.kind === ' ') {
      inHunk = false;
      out += e.line;
      continue;
    }
    if (!inHunk) {
      hunk++;
      inHunk = true;
    }
    const rejected = rejectedIndexes.has(hunk);
    if ((e.kind === '-' && rejected) || (e.kind === '+' && !rejected)) out += e.line;
  }
  return out;
}

describe('computeHunks / mergeHunks', () => {
  it('finds one hunk per run of changed lines, with line ranges on both sides', () => {
    const before = 'one\ntwo\nthree\nfour\nfive\n';
    const after = 'one\nTWO\nthree\nfour\nfive\nsix\n';
    const hunks = computeHunks(before, after);
    expect(hunks.map(({ beforeStart, beforeEnd, afterStart, afterEnd }) => [beforeStart, beforeEnd, afterStart, afterEnd])).toEqual([
      [1, 2, 1, 2],
      [5, 5, 5, 6],
    ]);
    expect(countLines(hunks)).toEqual({ added: 2, removed: 1 });
    expect(mergeHunks(before, after, hunks, new Set([hunks[1].key]))).toBe('one\nTWO\nthree\nfour\nfive\n');
    expect(mergeHunks(before, after, hunks, new Set([hunks[0].key]))).toBe('one\ntwo\nthree\nfour\nfive\nsix\n');
  });

  it('treats a missing side as empty and a missing final newline as a change', () => {
    expect(computeHunks(null, 'a\nb\n')).toHaveLength(1);
    expect(countLines(computeHunks('a\nb\n', null))).toEqual({ added: 0, removed: 2 });
    const h = computeHunks('a\nb', 'a\nb\n');
    expect(h).toHaveLength(1);
    expect(mergeHunks('a\nb', 'a\nb\n', h, new Set([h[0].key]))).toBe('a\nb');
    expect(computeHunks('same\n', 'same\n')).toEqual([]);
  });

  it('keeps a hunk key across edits elsewhere and changes it when the hunk itself is edited', () => {
    const before = 'a\nb\nc\nd\ne\nf\ng\n';
    const first = computeHunks(before, 'a\nB\nc\nd\ne\nF\ng\n');
    const editedElsewhere = computeHunks(before, 'a\nB\nc\nd\ne\nF!\ng\n');
    expect(editedElsewhere[0].key).toBe(first[0].key);
    expect(editedElsewhere[1].key).not.toBe(first[1].key);
  });

  it('anchors a pure deletion on the line after it on the right side', () => {
    const [h] = computeHunks('a\nb\nc\n', 'a\nc\n');
    expect(hunkAnchorLine(h, 2)).toBe(2);
    const [end] = computeHunks('a\nb\n', 'a\n');
    expect(hunkAnchorLine(end, 1)).toBe(1);
  });

  it('accepting every hunk gives `after`, rejecting every hunk gives `before` (property)', () => {
    fc.assert(
      fc.property(text, text, (before, after) => {
        const hunks = computeHunks(before, after);
        expect(mergeHunks(before, after, hunks, new Set())).toBe(after);
        expect(mergeHunks(before, after, hunks, new Set(hunks.map((h) => h.key)))).toBe(before);
        expect(new Set(hunks.map((h) => h.key)).size).toBe(hunks.length);
      }),
      { numRuns: 400 },
    );
  });

  it('any subset of accepted hunks gives exactly those changes and nothing else (property)', () => {
    fc.assert(
      fc.property(text, text, fc.array(fc.boolean(), { maxLength: 40 }), (before, after, picks) => {
        const hunks = computeHunks(before, after);
        const rejectedIdx = new Set(hunks.map((_, i) => i).filter((i) => picks[i] ?? false));
        const rejected = new Set([...rejectedIdx].map((i) => hunks[i].key));
        const merged = mergeHunks(before, after, hunks, rejected);
        expect(merged).toBe(expectedMerge(before, after, rejectedIdx));
        // The merged text differs from `before` only where accepted hunks are: as many lines as they change.
        const accepted = hunks.filter((h) => !rejected.has(h.key));
        const mergedLines = splitLines(merged).length;
        expect(mergedLines).toBe(splitLines(before).length + countLines(accepted).added - countLines(accepted).removed);
        if (rejected.size === 0) expect(merged).toBe(after);
        if (rejected.size === hunks.length) expect(merged).toBe(before);
      }),
      { numRuns: 400 },
    );
  });
});

describe('diffLinesAnchored', () => {
  // Long texts (past the size where unique lines split the problem): numbered lines are unique, the rest repeat.
  const longLine = fc.oneof(fc.integer({ min: 0, max: 3000 }).map((n) => `line ${n}\n`), fc.constantFrom('}\n', '\n', '  return x;\n'));
  const longText = fc.array(longLine, { minLength: 150, maxLength: 700 });

  it('is an edit script of the two texts: kept and removed lines give `a`, kept and added lines give `b` (property)', () => {
    fc.assert(
      fc.property(longText, longText, (a, b) => {
        const edits = diffLinesAnchored(a, b);
        expect(edits.filter((e) => e.kind !== '+').map((e) => e.line)).toEqual(a);
        expect(edits.filter((e) => e.kind !== '-').map((e) => e.line)).toEqual(b);
      }),
      { numRuns: 60 },
    );
  });

  it('keeps one small hunk per change in a 20,000-line file where a third of the lines changed', () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `export const value${i} = ${i};\n`);
    const before = lines.join('');
    const after = lines.map((l, i) => (i % 3 === 0 ? l.replace(';', '; // checked') : l)).join('');
    const hunks = computeHunks(before, after);
    expect(hunks).toHaveLength(6667);
    expect(countLines(hunks)).toEqual({ added: 6667, removed: 6667 });
    expect(mergeHunks(before, after, hunks, new Set([hunks[1].key]))).toBe(after.replace('value3 = 3; // checked', 'value3 = 3;'));
  });
});

describe('decideAccept', () => {
  const change = (before: string | null, after: string | null, kind: 'create' | 'modify' | 'delete' = 'modify') => ({ path: 'f.txt', kind, before, after });

  it('approves as proposed, with content when hunks were rejected or lines edited, and rejects when nothing is left', () => {
    const c = change('a\nb\nc\nd\n', 'A\nb\nc\nD\n');
    const hunks = computeHunks(c.before, c.after);
    expect(decideAccept(c, null, new Set())).toEqual({ action: 'approve' });
    expect(decideAccept(c, null, new Set([hunks[1].key]))).toEqual({ action: 'approve', content: 'A\nb\nc\nd\n' });
    expect(decideAccept(c, 'A\nb\nC2\nD\n', new Set())).toEqual({ action: 'approve', content: 'A\nb\nC2\nD\n' });
    expect(decideAccept(c, null, new Set(hunks.map((h) => h.key)))).toEqual({ action: 'reject', why: 'Every hunk was rejected.' });
  });

  it('handles new, deleted and binary files', () => {
    const created = change(null, 'x\ny\n', 'create');
    const [h] = computeHunks(created.before, created.after);
    expect(decideAccept(created, null, new Set([h.key]))).toMatchObject({ action: 'reject' });
    expect(decideAccept(created, 'x\n', new Set())).toEqual({ action: 'approve', content: 'x\n' });
    expect(decideAccept(change('gone\n', null, 'delete'), null, new Set(['anything']))).toEqual({ action: 'approve' });
    expect(countLines(hunksOf(change('a\nb\n', null, 'delete'), null))).toEqual({ added: 0, removed: 2 });
    expect(hunksOf({ ...change('a', 'b'), binary: true }, null)).toEqual([]);
    expect(decideAccept({ ...change('a', 'b'), binary: true }, null, new Set())).toEqual({ action: 'approve' });
  });
});
