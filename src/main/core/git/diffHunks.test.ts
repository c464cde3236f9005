import { describe, expect, it } from 'vitest';
import { hunkPatch, parseFileDiff, sameHunk } from './diffHunks';

const twoHunks = [
  'diff --git a/a.txt b/a.txt',
  'index 1111111..2222222 100644',
  '--- a/a.txt',
  '+++ b/a.txt',
  '@@ -1,4 +1,4 @@',
  '-one',
  '+ONE',
  ' two',
  '',
  ' four',
  '@@ -10 +10,2 @@',
  ' ten',
  '+eleven',
  '\\ No newline at end of file',
  '',
].join('\n');

describe('parseFileDiff', () => {
  it('splits the header and the hunks, with their ranges, an empty context line and a no-newline marker', () => {
    const diff = parseFileDiff(twoHunks);
    expect(diff.binary).toBe(false);
    expect(diff.header).toEqual(['diff --git a/a.txt b/a.txt', 'index 1111111..2222222 100644', '--- a/a.txt', '+++ b/a.txt']);
    expect(diff.hunks).toEqual([
      { oldStart: 1, oldLines: 4, newStart: 1, newLines: 4, lines: ['-one', '+ONE', ' two', ' ', ' four'] },
      { oldStart: 10, oldLines: 1, newStart: 10, newLines: 2, lines: [' ten', '+eleven', '\\ No newline at end of file'] },
    ]);
  });

  it('answers nothing for an empty diff and flags a binary one', () => {
    expect(parseFileDiff('')).toEqual({ header: [], hunks: [], binary: false });
    const binary = parseFileDiff('diff --git a/x.bin b/x.bin\nindex 1..2 100644\nBinary files a/x.bin and b/x.bin differ\n');
    expect(binary).toMatchObject({ hunks: [], binary: true });
  });
});

describe('hunkPatch and sameHunk', () => {
  it('makes a patch of the header and one hunk', () => {
    const { header, hunks } = parseFileDiff(twoHunks);
    expect(hunkPatch(header, hunks[1])).toBe(
      'diff --git a/a.txt b/a.txt\nindex 1111111..2222222 100644\n--- a/a.txt\n+++ b/a.txt\n@@ -10,1 +10,2 @@\n ten\n+eleven\n\\ No newline at end of file\n',
    );
  });

  it('tells a hunk from one that moved or changed', () => {
    const [h] = parseFileDiff(twoHunks).hunks;
    expect(sameHunk(h, { ...h, lines: [...h.lines] })).toBe(true);
    expect(sameHunk(h, { ...h, oldStart: 2 })).toBe(false);
    expect(sameHunk(h, { ...h, lines: h.lines.map((l) => l.replace('ONE', 'One')) })).toBe(false);
  });
});
