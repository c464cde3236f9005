// The big repository of the issue-30 benchmark: `dirs` packages × `perDir` small source files, one commit (the
// user's index then holds every file's stat data, as after a clone or a checkout). Cached under os.tmpdir(): a tree
// whose marker exists is complete and reused.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gitEnv } from '../checkpoints/generateTree.mjs';

export const cacheDir = join(tmpdir(), 'akira-bigrepo-bench');

export function git(dir: string, args: string[], extra: Record<string, string> = {}): string {
  return execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', '-c', 'gc.auto=0', ...args], {
    cwd: dir,
    env: { ...gitEnv(), ...extra },
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function source(d: number, f: number): string {
  const lines = [`// package ${d}, module ${f}`, `import { helper } from '../pkg${(d + 1) % 1000}/file0';`, ''];
  for (let i = 0; i < 2 + ((d * 7 + f) % 6); i++) lines.push(`export const value${i} = helper(${d * 100 + f + i});`);
  return `${lines.join('\n')}\n`;
}

export interface BigTree {
  root: string;
  files: number;
  cached: boolean;
}

export function bigTree(files: number, log: (s: string) => void): BigTree {
  const perDir = 100;
  const dirs = Math.ceil(files / perDir);
  const root = join(cacheDir, `repo-${files}-v1`);
  const marker = `${root}.complete`;
  if (existsSync(marker) && existsSync(root)) return { root, files, cached: true };
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  log(`generating ${dirs} packages × ${perDir} files in ${root}…`);
  for (let d = 0; d < dirs; d++) {
    const dir = join(root, `packages`, `pkg${d}`, 'src');
    mkdirSync(dir, { recursive: true });
    for (let f = 0; f < perDir; f++) writeFileSync(join(dir, `file${f}.ts`), source(d, f));
  }
  writeFileSync(join(root, 'README.md'), '# big repository\n');
  git(root, ['init', '-q']);
  git(root, ['add', '-A']);
  git(root, ['commit', '-q', '-m', 'initial']);
  writeFileSync(marker, new Date().toISOString());
  return { root, files: dirs * perDir + 1, cached: false };
}
