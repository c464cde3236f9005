import { describe, expect, it } from 'vitest';
import { createOutputCapture, resolveLine, stripAnsi } from './commandOutput';

describe('commandOutput', () => {
  it('strips colours, titles, cursor moves and stray controls', () => {
    const raw = '\u001b[1;31mred\u001b[0m \u001b]0;my title\u0007plain\u001b[2K\u001b[?25l \u001b(Bok\u0007';
    expect(stripAnsi(raw)).toBe('red plain ok');
  });

  it('resolves carriage-return overwrites and backspaces as a terminal shows them', () => {
    expect(resolveLine('10%\r50%\r100%')).toBe('100%');
    expect(resolveLine('abcdef\r12')).toBe('12cdef');
    expect(resolveLine('done\r\r')).toBe('done');
    expect(resolveLine('ab\bc')).toBe('ac');
  });

  it('joins escape sequences split across chunks and CRLF line ends', () => {
    const c = createOutputCapture();
    const raw = 'one\r\n\u001b[32mtwo\u001b[0m\r\nthree\u001b]0;ti';
    for (const ch of raw) c.push(ch);
    c.push('tle\u0007\r\n');
    expect(c.finish()).toEqual({ text: 'one\ntwo\nthree', lines: 3, omittedLines: 0, truncated: false });
  });

  it('keeps output that fits whole', () => {
    const c = createOutputCapture({ maxChars: 1000 });
    const lines = Array.from({ length: 50 }, (_, i) => `line ${i + 1}`);
    c.push(`${lines.join('\r\n')}\r\n`);
    const out = c.finish();
    expect(out.text).toBe(lines.join('\n'));
    expect(out.truncated).toBe(false);
  });

  it('truncates long output in the middle, counting the omitted lines, keeping the tail', () => {
    const c = createOutputCapture({ maxChars: 2000 });
    for (let i = 1; i <= 10_000; i++) c.push(`${i}\r\n`);
    const out = c.finish();
    expect(out.lines).toBe(10_000);
    expect(out.truncated).toBe(true);
    expect(out.text.length).toBeLessThanOrEqual(2000 + 40);
    const shown = out.text.split('\n');
    const note = shown.findIndex((l) => /^… \d+ lines omitted …$/.test(l));
    expect(note).toBeGreaterThan(0);
    expect(shown[note]).toBe(`… ${out.omittedLines} lines omitted …`);
    const kept = shown.filter((_, i) => i !== note).map(Number);
    expect(kept.length + out.omittedLines).toBe(10_000);
    expect(kept[0]).toBe(1);
    expect(kept.at(-1)).toBe(10_000);
    // Head and tail are each contiguous.
    expect(kept.slice(0, note).every((n, i) => n === i + 1)).toBe(true);
    expect(kept.slice(note).every((n, i, a) => i === 0 || n === a[i - 1] + 1)).toBe(true);
  });

  it('shortens very long lines and a spinner that never ends its line', () => {
    const c = createOutputCapture({ maxLineChars: 100 });
    c.push(`${'x'.repeat(500)}\n`);
    for (let i = 0; i < 20_000; i++) c.push(`\rspinning ${i}`);
    const out = c.finish();
    const [first, last] = out.text.split('\n');
    expect(first).toBe(`${'x'.repeat(100)} … (400 more characters)`);
    expect(last).toBe('spinning 19999');
    expect(out.truncated).toBe(true);
  });
});
