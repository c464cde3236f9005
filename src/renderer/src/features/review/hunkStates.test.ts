import { describe, expect, it } from 'vitest';
import { computeHunks } from './hunks';
import { hunkState, writtenSummary } from './hunkStates';

const before = 'a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n';
const after = 'A\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nL\nM\n';

describe('per-hunk review states (issue 27, defect 13)', () => {
  it('tells undecided, kept and rejected hunks apart', () => {
    expect(hunkState('h1', [], new Set())).toBe('undecided');
    expect(hunkState('h1', ['h1'], new Set())).toBe('kept');
    expect(hunkState('h1', ['h1'], new Set(['h1']))).toBe('rejected');
  });
  it('counts what accepting will write once a hunk is rejected', () => {
    const hunks = computeHunks(before, after);
    expect(hunks).toHaveLength(2);
    expect(writtenSummary(hunks, new Set())).toEqual({ applied: 2, total: 2, added: 3, removed: 2 });
    expect(writtenSummary(hunks, new Set([hunks[1].key]))).toEqual({ applied: 1, total: 2, added: 1, removed: 1 });
  });
});
