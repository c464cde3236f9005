import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { tempDir } from '../../testing/tempTree';
import { writeFileAtomic } from './atomicWrite';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await tempDir('akira-atomic-')));
afterEach(() => cleanup());

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
