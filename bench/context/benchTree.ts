// What the file finder benchmarks share (findFiles.bench.ts, quickOpen.bench.ts): the generated trees with this
// repository's tracked paths under app/ (names people type), and the statistics they print.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/** Where the generated trees are cached between runs. */
export const cacheDir = join(tmpdir(), 'akira-findfiles-bench');

export const log = (...a: unknown[]) => process.stdout.write(`${a.join(' ')}\n`);
export const ms = (t: number) => Math.round(t * 100) / 100;
export const ratio = (a: number, b: number) => Math.round((a / b) * 10) / 10;
export const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
export const median = (xs: number[]) => quantile(xs, 0.5);

export async function timed<T>(fn: () => Promise<T> | T): Promise<[number, T]> {
  const t = performance.now();
  const v = await fn();
  return [performance.now() - t, v];
}

/**
 * This repository's tracked paths under app/ of the tree, written again when the repository has more or fewer files
 * than the tree holds (the marker keeps how many), so the names typed are the repository's of today.
 */
export function addRealNames(root: string): number {
  const marker = join(root, '.bench-app-complete');
  const paths = execFileSync('git', ['ls-files'], { cwd: resolve(__dirname, '../..'), encoding: 'utf8' }).split('\n').filter(Boolean);
  if (existsSync(marker) && Number(readFileSync(marker, 'utf8')) === paths.length) return paths.length;
  rmSync(join(root, 'app'), { recursive: true, force: true });
  for (const path of paths) {
    const abs = join(root, 'app', path);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, `// ${path}\n`);
  }
  writeFileSync(marker, String(paths.length));
  return paths.length;
}
