import { describe, expect, it } from 'vitest';
import { chipsOf, mentionsText, uniqueMentions, withoutMention } from './mentionChips';

describe('uniqueMentions', () => {
  it('lists each ref once, in order, leaving out the one being typed', () => {
    const text = 'fix @src/a.ts and @diff, then @src/a.ts again @src/b';
    expect(uniqueMentions(text).map((m) => m.ref)).toEqual(['src/a.ts', 'diff', 'src/b']);
    expect(uniqueMentions(text, text.indexOf('@src/b')).map((m) => m.ref)).toEqual(['src/a.ts', 'diff']);
    expect(uniqueMentions('mail me@example.com')).toEqual([]);
  });
});

describe('mentionsText', () => {
  it('joins the mentions as written, quotes and lines kept', () => {
    const text = 'look at @"my notes/a b.md" and @src/a.ts:10-20, please';
    expect(mentionsText(text, uniqueMentions(text))).toBe('@"my notes/a b.md" @src/a.ts:10-20');
    expect(mentionsText('plain words', uniqueMentions('plain words'))).toBe('');
  });
});

describe('chipsOf', () => {
  it('pairs each mention with its preview by ref', () => {
    const mentions = uniqueMentions('@src/a.ts @nope.ts');
    const chips = chipsOf(mentions, [{ kind: 'file', ref: 'nope.ts', title: 'nope.ts', tokens: 0, note: null, error: 'No such file: nope.ts' }]);
    expect(chips.map((c) => [c.mention.ref, c.preview?.error ?? null])).toEqual([
      ['src/a.ts', null],
      ['nope.ts', 'No such file: nope.ts'],
    ]);
    expect(chipsOf(mentions, undefined).every((c) => c.preview === null)).toBe(true);
  });
});

describe('withoutMention', () => {
  it('removes every mention of the ref with one space next to it', () => {
    expect(withoutMention('fix @src/a.ts and @diff then @src/a.ts', 'src/a.ts')).toBe('fix and @diff then');
    expect(withoutMention('@diff please', 'diff')).toBe('please');
    expect(withoutMention('see @"a b.md".', 'a b.md')).toBe('see.');
    expect(withoutMention('nothing here', 'diff')).toBe('nothing here');
  });
});
