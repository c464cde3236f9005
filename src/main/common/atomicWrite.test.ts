import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { tempDir } from '../../testing/tempTree';
import { writeFileAtomic } from './atomicWrite';

/** When set, opening a folder (for its fsync) fails with this code, as on Windows (EISDIR/EPERM). */
const folderOpen = vi.hoisted(() => ({ fails: null as string | null }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  const open: typeof fs.open = async (path, flags, mode) => {
    if (folderOpen.fails && flags === 'r' && (await fs.stat(path)).isDirectory()) {
      throw Object.assign(new Error(`${folderOpen.fails}: refused`), { code: folderOpen.fails });
    }
    return fs.open(path, flags, mode);
  };
  return { ...fs, open, default: { ...fs, open } };
});

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await tempDir('akira-atomic-')));
afterEach(() => {
  folderOpen.fails = null;
  return cleanup();
});

it('writes a list of chunks (strings and bytes, multi-byte text, a big one) as one file, replacing the old one', async () => {
  const path = join(dir, 'sub', 'file.txt');
  await writeFileAtomic(path, 'old content');
  const big = 'x'.repeat(3 << 20);
  const chunks = ['héllo ', Buffer.from('wörld '), '', big, '日本\n'];
  await writeFileAtomic(path, chunks, 0o600);
  expect(await readFile(path, 'utf8')).toBe(`héllo wörld ${big}日本\n`);
  expect((await stat(path)).mode & 0o777).toBe(0o600);
  expect(await readdir(join(dir, 'sub'))).toEqual(['file.txt']); // no temp file left
});

it('skips the folder fsync where the platform refuses it, and reports other folder errors', async () => {
  const path = join(dir, 'file.txt');
  for (const code of ['EISDIR', 'EPERM', 'EINVAL']) {
    folderOpen.fails = code;
    await writeFileAtomic(path, code);
    expect(await readFile(path, 'utf8')).toBe(code);
  }
  folderOpen.fails = 'EIO';
  await expect(writeFileAtomic(path, 'new')).rejects.toThrow('EIO');
  expect(await readFile(path, 'utf8')).toBe('new'); // renamed already: only its durability is in doubt
  expect(await readdir(dir)).toEqual(['file.txt']);
});
