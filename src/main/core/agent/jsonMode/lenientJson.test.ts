import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLenientJson } from './lenientJson';

describe('parseLenientJson', () => {
  it('reads any valid JSON exactly as JSON.parse does, with no repairs', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, pretty) => {
        const text = JSON.stringify(value, null, pretty ? 2 : undefined);
        const r = parseLenientJson(text);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        expect(r.value).toEqual(JSON.parse(text));
        expect([...r.repairs]).toEqual([]);
        expect(r.truncation).toBeNull();
        expect(r.end).toBe(text.length);
      }),
      { numRuns: 300 },
    );
  });

  it('closes every prefix of an object without throwing', () => {
    const text = JSON.stringify({ phase: 'execution', toolCall: { tool: 'write_file', params: { path: 'a.ts', content: 'x = "1";\n' } }, n: [1, 2.5, true, null] });
    for (let cut = 1; cut < text.length; cut++) {
      const r = parseLenientJson(text.slice(0, cut));
      expect(r.ok, `cut at ${cut}`).toBe(true);
      if (!r.ok) continue;
      expect(r.truncation, `cut at ${cut}`).not.toBeNull();
      expect(r.repairs.has('truncated')).toBe(true);
      expect(typeof r.value).toBe('object');
    }
  });

  it('says where the text was cut', () => {
    const inString = parseLenientJson('{"a": {"b": "hel');
    expect(inString.ok && inString.truncation).toEqual({ path: ['a', 'b'], inside: 'string' });
    expect(inString.ok && inString.value).toEqual({ a: { b: 'hel' } });
    const afterColon = parseLenientJson('{"a": 1, "b":');
    expect(afterColon.ok && afterColon.truncation).toEqual({ path: ['b'], inside: 'key' });
    expect(afterColon.ok && afterColon.value).toEqual({ a: 1 });
    const closers = parseLenientJson('{"a": [1, "x"');
    expect(closers.ok && closers.truncation).toEqual({ path: ['a'], inside: 'container' });
    const number = parseLenientJson('{"a": 12');
    expect(number.ok && number.truncation).toEqual({ path: ['a'], inside: 'value' });
  });

  it('stops at the end of the first value', () => {
    const r = parseLenientJson('{"a": 1} and then {"b": 2}');
    expect(r.ok && r.value).toEqual({ a: 1 });
    expect(r.ok && r.end).toBe(8);
  });

  it('repairs JavaScript and Python object literals', () => {
    const r = parseLenientJson("{a: 'x', 'b': True, c: None, d: [1, 2,], e: undefined, /* c */ f: +1, g: 0x10, // end\n}");
    expect(r.ok && r.value).toEqual({ a: 'x', b: true, c: null, d: [1, 2], e: null, f: 1, g: 16 });
    expect(r.ok && [...r.repairs].sort()).toEqual(
      ['comments', 'nan_undefined', 'number_format', 'python_literals', 'single_quotes', 'trailing_commas', 'unquoted_keys'].sort(),
    );
  });

  it('keeps apostrophes inside single-quoted strings when they cannot close it', () => {
    const r = parseLenientJson("{'message': 'it's done', 'ok': true}");
    expect(r.ok && r.value).toEqual({ message: "it's done", ok: true });
  });

  it('keeps Windows paths and regex escapes as written', () => {
    const r = parseLenientJson('{"p": "C:\\Users\\me", "re": "\\w+\\s"}');
    expect(r.ok && r.value).toEqual({ p: 'C:\\Users\\me', re: '\\w+\\s' });
  });

  it('fails clearly where no repair applies', () => {
    const r = parseLenientJson('{"a" 1}');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(/Expected ':' after the key "a" at character 5/);
    const bad = parseLenientJson('{"a": @}');
    expect(!bad.ok && bad.message).toMatch(/Expected a JSON value/);
  });
});
