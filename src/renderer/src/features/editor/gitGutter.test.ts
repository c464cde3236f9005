import { describe, expect, it } from 'vitest';
import { classifyGutter, gutterLines } from './gitGutter';

const head = ['one', 'two', 'three', 'four', 'five'].join('\n') + '\n';

describe("the git gutter's lines", () => {
  it('nothing when the text is HEAD’s, whatever its line endings or final newline', () => {
    expect(classifyGutter(head, head)).toEqual([]);
    expect(classifyGutter(head, head.replace(/\n/g, '\r\n'))).toEqual([]);
    expect(classifyGutter(head, head.slice(0, -1))).toEqual([]);
  });

  it('added lines, in the middle and at the end', () => {
    expect(classifyGutter(head, 'one\ntwo\nnew a\nnew b\nthree\nfour\nfive\n')).toEqual([{ kind: 'added', startLine: 3, endLine: 4 }]);
    expect(classifyGutter(head, head + 'six\n')).toEqual([{ kind: 'added', startLine: 6, endLine: 6 }]);
  });

  it('changed lines: a line replaced, or more lines in place of fewer', () => {
    expect(classifyGutter(head, 'one\nTWO\nthree\nfour\nfive\n')).toEqual([{ kind: 'modified', startLine: 2, endLine: 2 }]);
    expect(classifyGutter(head, 'one\ntwo\n3a\n3b\n3c\nfour\nfive\n')).toEqual([{ kind: 'modified', startLine: 3, endLine: 5 }]);
  });

  it('deleted lines are marked on the line above them, or on line 1 when the first lines went', () => {
    expect(classifyGutter(head, 'one\ntwo\nfive\n')).toEqual([{ kind: 'deleted', startLine: 2, endLine: 2 }]);
    expect(classifyGutter(head, 'three\nfour\nfive\n')).toEqual([{ kind: 'deleted', startLine: 1, endLine: 1 }]);
    expect(classifyGutter(head, '')).toEqual([{ kind: 'deleted', startLine: 1, endLine: 1 }]);
  });

  it('several changes at once, each with its own range and kind', () => {
    expect(classifyGutter(head, 'zero\none\nTWO\nthree\nfive\n')).toEqual([
      { kind: 'added', startLine: 1, endLine: 1 },
      { kind: 'modified', startLine: 3, endLine: 3 },
      { kind: 'deleted', startLine: 4, endLine: 4 },
    ]);
  });

  it('no gutter for a file HEAD does not have (untracked, new, or no repository): null', () => {
    expect(classifyGutter(null, 'anything\n')).toEqual([]);
    expect(gutterLines('')).toEqual([]);
    expect(gutterLines('a\r\nb')).toEqual(['a', 'b']);
  });
});
