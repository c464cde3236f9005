import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every .ts / .tsx file under `dir` but tests. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

// Issue 27, defect 20: counts go through src/shared/i18n/plural.ts (Intl.PluralRules), never "file(s)".
describe('plurals in messages', () => {
  it('no message a person reads writes "(s)" for a plural', () => {
    const offenders: string[] = [];
    for (const file of sources('src')) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
          if (/[a-z]\(s\)(?= [a-z]|[:.`'"]|; )/.test(line)) offenders.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });

});
