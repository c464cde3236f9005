import { describe, expect, it } from 'vitest';
import { commitBlocker, hunkCounts, hunkPlace, hunkPreview, listPaths, pathsWord } from './gitWords';

const hunk = (oldStart: number, newStart: number, lines: string[]) => ({
  oldStart,
  newStart,
  oldLines: lines.filter((l) => l[0] !== '+').length,
  newLines: lines.filter((l) => l[0] !== '-').length,
  lines,
});

describe('paths', () => {
  it('names one path, counts several, lists a few', () => {
    expect(pathsWord(['a.txt'])).toBe('a.txt');
    expect(pathsWord(['a', 'b'])).toBe('2 files');
    expect(listPaths(['a'])).toBe('a');
    expect(listPaths(['a', 'b', 'c'])).toBe('a, b and c');
    expect(listPaths(['a', 'b', 'c', 'd'], 2)).toBe('a, b and 2 more');
  });
});

describe('hunks', () => {
  const modified = hunk(1, 1, [' one', '-two', '+TWO', '+TWO½', ' three']);
  it('counts and places a change on either side', () => {
    expect(hunkCounts(modified)).toEqual({ added: 2, removed: 1 });
    expect(hunkPlace(modified, 'new')).toBe('lines 2–3');
    expect(hunkPlace(modified, 'old')).toBe('line 2');
  });

  it('places a pure addition or removal after the line before it', () => {
    const added = hunk(4, 4, [' four', ' five', '+new', ' six']);
    expect(hunkPlace(added, 'new')).toBe('line 6');
    expect(hunkPlace(added, 'old')).toBe('after line 5');
    const removed = hunk(1, 1, ['-first', ' second']);
    expect(hunkPlace(removed, 'new')).toBe('at the top');
    expect(hunkPlace(removed, 'old')).toBe('line 1');
  });

  it('previews the changed lines only', () => {
    expect(hunkPreview(modified)).toEqual({ lines: ['-two', '+TWO', '+TWO½'], more: 0 });
    expect(hunkPreview(modified, 1)).toEqual({ lines: ['-two'], more: 2 });
  });
});

describe('commitBlocker', () => {
  it('says why the commit waits', () => {
    expect(commitBlocker({ staged: 0, message: 'x', amend: false, busy: false })).toMatch(/^Nothing is staged/);
    expect(commitBlocker({ staged: 1, message: '  ', amend: false, busy: false })).toBe('Write a commit message.');
    expect(commitBlocker({ staged: 0, message: 'x', amend: true, busy: false })).toBeNull();
    expect(commitBlocker({ staged: 2, message: 'x', amend: false, busy: false })).toBeNull();
    expect(commitBlocker({ staged: 2, message: 'x', amend: false, busy: true })).toBe('Committing…');
  });
});
