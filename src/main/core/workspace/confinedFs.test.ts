import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, rename, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../testing/tempTree';
import { fdPaths, openConfinedDir, readConfined, removeConfined, writeConfined } from './confinedFs';
import { resolveInside } from './pathGuard';

/**
 * The checks without a race: a path resolved while `sub` was a real folder, used after `sub` was
 * swapped for a link to an outside folder (what a racing process does between the check and the
 * open). Run with the Linux check (/proc/self/fd) and with the portable one (dev+ino).
 */

const procFd = fdPaths.available;
const modes = [...(procFd ? [{ name: '/proc/self/fd', available: true }] : []), { name: 'dev+ino fallback', available: false }];

let root: string;
let outside: string;
const cleanups: (() => Promise<void>)[] = [];

beforeEach(async () => {
  const ws = await tempDir('akira-confined-');
  const out = await tempDir('akira-confined-out-');
  cleanups.push(ws.cleanup, out.cleanup);
  root = ws.dir;
  outside = out.dir;
  await mkdir(join(root, 'sub'));
  await writeFile(join(root, 'sub', 'f.txt'), 'inside\n');
  await writeFile(join(outside, 'f.txt'), 'OUTSIDE-SECRET\n');
});
afterEach(async () => {
  fdPaths.available = procFd;
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Swaps `sub` for a link to the outside folder (the real folder moves to `.sub-real`). */
async function swap() {
  await rename(join(root, 'sub'), join(root, '.sub-real'));
  await symlink(outside, join(root, 'sub'));
}

const refusal = { code: 'forbidden', message: expect.stringMatching(/^sub(\/[^/]+)* leads outside the workspace\.$/) };

describe.each(modes)('confinedFs ($name)', ({ available }) => {
  beforeEach(() => {
    fdPaths.available = available;
  });

  it('reads a file inside, up to a limit', async () => {
    const real = await resolveInside(root, 'sub/f.txt');
    expect((await readConfined(root, real))?.bytes.toString()).toBe('inside\n');
    expect((await readConfined(root, real, { limit: 3 }))?.bytes.toString()).toBe('ins');
    expect(await readConfined(root, join(root, 'sub', 'none.txt'))).toBeNull();
  });

  it('refuses a read whose folder was swapped for a link after the check', async () => {
    const real = await resolveInside(root, 'sub/f.txt');
    await swap();
    await expect(readConfined(root, real)).rejects.toMatchObject(refusal);
  });

  it('refuses a write whose folder was swapped for a link after the check, and writes nothing outside', async () => {
    const real = await resolveInside(root, 'sub/new.txt');
    const deep = await resolveInside(root, 'sub/a/b/new.txt');
    await swap();
    await expect(writeConfined(root, real, 'x')).rejects.toMatchObject(refusal);
    await expect(writeConfined(root, deep, 'x')).rejects.toMatchObject(refusal);
    expect(readdirSync(outside)).toEqual(['f.txt']);
    expect(readFileSync(join(outside, 'f.txt'), 'utf8')).toBe('OUTSIDE-SECRET\n');
  });

  it('refuses a delete whose folder was swapped for a link after the check', async () => {
    const real = await resolveInside(root, 'sub/f.txt');
    await swap();
    await expect(removeConfined(root, real)).rejects.toMatchObject(refusal);
    expect(existsSync(join(outside, 'f.txt'))).toBe(true);
  });

  it('writes atomically, creating folders, with an exact mode; deletes', async () => {
    const real = await resolveInside(root, 'sub/a/b/new.txt');
    await writeConfined(root, real, 'hello', 0o640);
    expect(readFileSync(real, 'utf8')).toBe('hello');
    expect(statSync(real).mode & 0o777).toBe(0o640);
    await writeConfined(root, real, 'again');
    expect(readFileSync(real, 'utf8')).toBe('again');
    expect(readdirSync(join(root, 'sub', 'a', 'b'))).toEqual(['new.txt']); // no temporary left
    expect(await removeConfined(root, real)).toBe(true);
    expect(await removeConfined(root, real)).toBe(false);
  });

  it('opens a checked folder, or none when it is missing', async () => {
    expect(await openConfinedDir(root, join(root, 'nope'))).toBeNull();
    const dir = (await openConfinedDir(root, join(root, 'sub')))!;
    expect(readdirSync(dir.path)).toEqual(['f.txt']);
    await dir.check();
    await dir.close();
  });
});
