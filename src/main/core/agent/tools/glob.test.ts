import { describe, expect, it } from 'vitest';
import { GlobError, globMatcher } from './glob';

describe('globMatcher', () => {
  const cases: [string, string[], string[]][] = [
    ['*.ts', ['a.ts', 'src/deep/b.ts'], ['a.tsx', 'a.ts.map', 'src/a.js']],
    ['*.{ts,tsx}', ['a.ts', 'x/a.tsx'], ['a.js']],
    ['src/**/*.test.ts', ['src/a.test.ts', 'src/x/y/a.test.ts'], ['lib/a.test.ts', 'src/a.ts']],
    ['**/fixtures/**', ['fixtures/a', 'x/fixtures/b/c'], ['fixturesx/a']],
    ['src/*.ts', ['src/a.ts'], ['src/x/a.ts', 'a.ts']],
    ['/README.md', ['README.md'], ['docs/README.md']],
    ['./lib/*', ['lib/a'], ['x/lib/a']],
    ['file?.txt', ['file1.txt', 'd/fileA.txt'], ['file10.txt', 'file.txt']],
    ['[!a]*.md', ['b.md'], ['a.md']],
    ['[ab].c', ['a.c', 'b.c'], ['c.c']],
    ['a\\*b', ['a*b'], ['axb']],
    ['{src,test}/{a,b{1,2}}.js', ['src/a.js', 'test/b2.js'], ['src/b.js', 'lib/a.js']],
    ['(x).+', ['(x).+'], ['x.xx']],
    ['app/(marketing)/**/*.tsx', ['app/(marketing)/blog/page.tsx'], ['app/marketing/page.tsx']],
    ['.*rc', ['.eslintrc', 'x/.npmrc'], ['eslintrc']],
    ['!x', ['!x'], ['y']],
  ];
  for (const [glob, yes, no] of cases) {
    it(`${glob}`, () => {
      const match = globMatcher(glob);
      for (const p of yes) expect(match(p), `${glob} should match ${p}`).toBe(true);
      for (const p of no) expect(match(p), `${glob} should not match ${p}`).toBe(false);
    });
  }

  it('can ignore case and refuses malformed globs', () => {
    expect(globMatcher('*.TS', true)('a.ts')).toBe(true);
    expect(globMatcher('*.TS')('a.ts')).toBe(false);
    expect(() => globMatcher('{a,b')).toThrow(GlobError);
    expect(() => globMatcher('a\\')).toThrow(GlobError);
  });
});
