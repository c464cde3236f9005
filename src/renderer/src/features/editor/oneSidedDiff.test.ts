import { describe, expect, it } from 'vitest';
import { lineCountOfFile, oneSideOf, oneSidedText } from './oneSidedDiff';

describe('one-sided diffs (issue 27, defect 12)', () => {
  it('knows a new file and a deleted one', () => {
    expect(oneSideOf(null, 'a\n')).toBe('added');
    expect(oneSideOf('a\n', null)).toBe('deleted');
    expect(oneSideOf('a\n', 'b\n')).toBeNull();
    expect(oneSideOf('', 'b\n')).toBeNull();
  });
  it('shows the lines of the file, not an empty one after its final newline', () => {
    expect(oneSidedText('a\nb\nc\nd\n')).toBe('a\nb\nc\nd');
    expect(oneSidedText('a\r\nb\r\n')).toBe('a\r\nb');
    expect(oneSidedText('a\nb')).toBe('a\nb');
    expect(lineCountOfFile('a\nb\nc\nd\n')).toBe(4);
    expect(lineCountOfFile('a\nb\n\n')).toBe(3);
    expect(lineCountOfFile('')).toBe(0);
  });
});
