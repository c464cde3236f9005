import { describe, expect, it } from 'vitest';
import { cutMiddle } from './text';

// Issue 24: a long text is cut once, and the note says how much of the original is missing, also when a text that
// was cut already (a result as the log keeps it) is cut again to fit a call.

const noteOf = (text: string) => /\[(\d+) of (\d+) characters cut\]/.exec(text);

describe('cutMiddle', () => {
  it('keeps a short text, and cuts a long one to at most max with the true count', () => {
    expect(cutMiddle('abc', 10)).toBe('abc');
    const text = 'a'.repeat(600) + 'b'.repeat(400);
    const cut = cutMiddle(text, 200);
    expect(cut.length).toBeLessThanOrEqual(200);
    const [, n, total] = noteOf(cut)!;
    expect(Number(total)).toBe(1000);
    // What is kept plus what the note says was cut is the whole text.
    expect(cut.length - cut.split('\n')[1].length - 2 + Number(n)).toBe(1000);
    expect(cut.startsWith('a')).toBe(true);
    expect(cut.endsWith('b')).toBe(true);
  });

  it('cuts a cut text once: one note, whose counts are of the original', () => {
    const original = 'x'.repeat(2_900_000) + 'END';
    const logged = cutMiddle(original, 8000);
    const sent = cutMiddle(logged, 6000);
    expect(sent.length).toBeLessThanOrEqual(6000);
    expect(sent.match(/characters cut/g)).toHaveLength(1);
    const [, n, total] = noteOf(sent)!;
    expect(Number(total)).toBe(original.length);
    const kept = sent.replace(/\n… \[\d+ of \d+ characters cut\] …\n/, '').length;
    expect(kept + Number(n)).toBe(original.length);
    expect(sent.endsWith('END')).toBe(true);
  });
});
