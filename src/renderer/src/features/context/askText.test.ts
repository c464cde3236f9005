import { describe, expect, it } from 'vitest';
import { parseMentions } from '../../../../shared/context/mentions';
import { askMention, selectedLines, withMentionAdded } from './askText';

const sel = (startLineNumber: number, startColumn: number, endLineNumber: number, endColumn: number) => ({ startLineNumber, startColumn, endLineNumber, endColumn });

describe('selectedLines', () => {
  it('is null without a selection', () => {
    expect(selectedLines(null)).toBeNull();
    expect(selectedLines(sel(4, 3, 4, 3))).toBeNull();
  });
  it('gives the lines covered, leaving out a last line selected only up to its start', () => {
    expect(selectedLines(sel(10, 1, 20, 5))).toEqual({ startLine: 10, endLine: 20 });
    expect(selectedLines(sel(10, 1, 21, 1))).toEqual({ startLine: 10, endLine: 20 });
    expect(selectedLines(sel(7, 2, 7, 9))).toEqual({ startLine: 7, endLine: 7 });
  });
});

describe('askMention', () => {
  it('mentions the file or its lines, with a space after, as the shared parser reads them', () => {
    expect(askMention('src/util.ts', null)).toBe('@src/util.ts ');
    expect(askMention('src/util.ts', { startLine: 10, endLine: 20 })).toBe('@src/util.ts:10-20 ');
    expect(askMention('src/util.ts', { startLine: 7, endLine: 7 })).toBe('@src/util.ts:7 ');
    const quoted = askMention('my notes/a b.md', { startLine: 2, endLine: 3 });
    expect(quoted).toBe('@"my notes/a b.md:2-3" ');
    expect(parseMentions(quoted)).toMatchObject([{ kind: 'file', path: 'my notes/a b.md', startLine: 2, endLine: 3 }]);
  });
});

describe('withMentionAdded', () => {
  it('adds the mention as a new word at the end', () => {
    expect(withMentionAdded('', '@a.ts ')).toBe('@a.ts ');
    expect(withMentionAdded('fix this', '@a.ts ')).toBe('fix this @a.ts ');
    expect(withMentionAdded('fix this\n', '@a.ts ')).toBe('fix this\n@a.ts ');
  });
});
