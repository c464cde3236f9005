import { describe, expect, it } from 'vitest';
import { applyEdits, similarity } from './editMatching';
import { ToolError } from './toolError';

const file = [
  'import { a } from "./a";',
  '',
  'export function load(path: string) {',
  '  const data = read(path);',
  '  return parse(data);',
  '}',
  '',
  'export function save(path: string, value: unknown) {',
  '  const data = serialize(value);',
  '  return write(path, data);',
  '}',
  '',
].join('\n');

function failure(fn: () => unknown): ToolError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ToolError);
    return err as ToolError;
  }
  throw new Error('expected a ToolError');
}

describe('applyEdits', () => {
  it('applies edits in order, each to the result of the previous one, literally', () => {
    const out = applyEdits(
      file,
      [
        { search: '  return parse(data);', replace: '  return parse(data, "$&");' },
        { search: 'parse(data, "$&")', replace: 'parseStrict(data)' },
      ],
      'f.ts',
    );
    expect(out).toContain('  return parseStrict(data);');
    expect(out.split('\n')).toHaveLength(file.split('\n').length);
  });

  it('not found: says so and shows the most similar lines with their numbers', () => {
    const err = failure(() => applyEdits(file, [{ search: '  const data = reed(path);\n  return parse(data);', replace: 'x' }], 'src/f.ts'));
    expect(err.code).toBe('not_found');
    expect(err.message).toMatch(/^The edit: the search text was not found in src\/f\.ts\./);
    expect(err.message).toContain('4\t  const data = read(path);');
    expect(err.message).toContain('5\t  return parse(data);');
    expect(err.hint).toMatch(/read_file/);
  });

  it('not found: names the edit, the earlier edits, and a whitespace-only difference', () => {
    const err = failure(() =>
      applyEdits(
        file,
        [
          { search: 'import { a }', replace: 'import { a, b }' },
          { search: 'export function save(path: string,   value: unknown) {', replace: 'x' },
        ],
        'f.ts',
      ),
    );
    expect(err.message).toMatch(/^Edit 2 of 2: the search text was not found in f\.ts \(after applying the edits before it\)\./);
    expect(err.message).toMatch(/matches if whitespace is ignored/);
    expect(err.message).toContain('8\texport function save(path: string, value: unknown) {');
  });

  it('not found: recognises line numbers copied from read_file', () => {
    const err = failure(() => applyEdits(file, [{ search: '4\t  const data = read(path);', replace: 'x' }], 'f.ts'));
    expect(err.message).toMatch(/line numbers/);
    expect(err.hint).toMatch(/Remove the line numbers/);
  });

  it('ambiguous: gives the count and the lines', () => {
    const err = failure(() => applyEdits(file, [{ search: 'const data', replace: 'let data' }], 'f.ts'));
    expect(err.code).toBe('bad_request');
    expect(err.message).toContain('occurs 2 times in f.ts (at lines 4, 9)');
    expect(err.hint).toMatch(/more surrounding lines/);
  });

  it('keeps CRLF line ends when the search uses LF', () => {
    const crlf = 'one\r\ntwo\r\nthree\r\n';
    expect(applyEdits(crlf, [{ search: 'one\ntwo', replace: 'one\n2' }], 'c.txt')).toBe('one\r\n2\r\nthree\r\n');
  });

  it('similarity is 1 for equal strings and low for unrelated ones', () => {
    expect(similarity('return parse(data);', 'return parse(data);')).toBe(1);
    expect(similarity('return parse(data);', 'import x from y')).toBeLessThan(0.3);
  });
});
