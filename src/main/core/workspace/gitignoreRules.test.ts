import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir, writeTree } from '../../../testing/tempTree';
import { createGitignoreRules } from './gitignoreRules';

// The watcher's synchronous ignore test must say exactly what the folder listing's matcher says
// (nested .gitignore files, negations, folder-only rules, info/exclude, anything inside a .git).

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

const FILES: Record<string, string> = {
  '.gitignore': '*.log\nbuild/\n!keep.log\n/top-only.txt\n',
  'a.log': 'x',
  'keep.log': 'x',
  'top-only.txt': 'x',
  'src/top-only.txt': 'x',
  'src/.gitignore': 'gen/\n!important.log\n*.tmp\n',
  'src/important.log': 'x',
  'src/other.log': 'x',
  'src/x.tmp': 'x',
  'src/gen/out.js': 'x',
  'src/deep/.gitignore': '!*.tmp\n',
  'src/deep/y.tmp': 'x',
  'build/out.bin': 'x',
  'notes/build': 'a file named like an ignored folder',
  'excluded-by-info.txt': 'x',
  'sub/.git/config': 'x',
};

describe('gitignore rules', () => {
  it('isIgnoredSync agrees with the folder matcher on every entry, and treats .git paths as ignored', async () => {
    const ws = await tempDir('akira-rules-');
    cleanups.push(ws.cleanup);
    execFileSync('git', ['init', '-q', ws.dir]);
    await writeTree(ws.dir, FILES);
    await writeFile(join(ws.dir, '.git', 'info', 'exclude'), 'excluded-by-info.txt\n');
    const rules = await createGitignoreRules(ws.dir);
    const paths = new Set<string>();
    for (const rel of Object.keys(FILES)) for (let p = rel; p !== '.'; p = dirname(p)) paths.add(p);
    let ignoredCount = 0;
    for (const rel of paths) {
      const abs = join(ws.dir, rel);
      const isDir = !(rel in FILES);
      const matcher = await rules.forDir(dirname(abs));
      const name = rel.split('/').pop()!;
      const inGit = rel.split('/').includes('.git');
      const expected = inGit || matcher(name, isDir);
      expect({ rel, ignored: rules.isIgnoredSync(abs, isDir) }).toEqual({ rel, ignored: expected });
      if (expected) ignoredCount++;
    }
    // Asked twice (the per-folder cache) and for the .git folder itself.
    expect(rules.isIgnoredSync(join(ws.dir, 'src/x.tmp'), false)).toBe(true);
    expect(rules.isIgnoredSync(join(ws.dir, 'src/deep/y.tmp'), false)).toBe(false);
    expect(rules.isIgnoredSync(join(ws.dir, '.git'), true)).toBe(true);
    expect(ignoredCount).toBeGreaterThanOrEqual(8);
  });
});
