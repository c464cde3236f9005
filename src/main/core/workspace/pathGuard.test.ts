import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isInside, normalizeRelative, resolveInside, resolveInsideEx, toRelative } from './pathGuard';

let base: string;
let root: string;
let outsideDir: string;

beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'akira-guard-')));
  root = join(base, 'ws');
  outsideDir = join(base, 'outside');
  await mkdir(join(root, 'src', 'deep'), { recursive: true });
  await mkdir(outsideDir);
  await writeFile(join(root, 'src', 'a.ts'), 'a');
  await writeFile(join(outsideDir, 'secret.txt'), 'secret');
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

const refused = (code: string) => expect.objectContaining({ name: 'AkiraError', code });

describe('resolveInside: plain paths', () => {
  it('resolves relative paths to real absolute paths', async () => {
    expect(await resolveInside(root, 'src/a.ts')).toBe(join(root, 'src', 'a.ts'));
    expect(await resolveInside(root, './src//a.ts')).toBe(join(root, 'src', 'a.ts'));
    expect(await resolveInside(root, 'src/deep/../a.ts')).toBe(join(root, 'src', 'a.ts'));
  });

  it('treats "", "." and the root itself as the root', async () => {
    expect(await resolveInside(root, '')).toBe(root);
    expect(await resolveInside(root, '.')).toBe(root);
    expect(await resolveInside(root, root)).toBe(root);
  });

  it('accepts absolute paths inside the root', async () => {
    expect(await resolveInside(root, join(root, 'src', 'a.ts'), { mustExist: true })).toBe(join(root, 'src', 'a.ts'));
  });

  it('resolves paths that do not exist yet (future writes) below the deepest existing folder', async () => {
    const got = await resolveInsideEx(root, 'src/new/dir/file.txt');
    expect(got).toEqual({ real: join(root, 'src', 'new', 'dir', 'file.txt'), exists: false });
  });

  it('answers not_found for missing paths when mustExist is set', async () => {
    await expect(resolveInside(root, 'src/nope.ts', { mustExist: true })).rejects.toEqual(refused('not_found'));
  });
});

describe('resolveInside: escapes', () => {
  it.each(['..', '../', '../outside/secret.txt', 'src/../../outside', 'src/deep/../../../outside/secret.txt'])(
    'refuses the .. escape %s',
    async (rel) => {
      await expect(resolveInside(root, rel)).rejects.toEqual(refused('forbidden'));
    },
  );

  it('allows .. that stays inside', async () => {
    expect(await resolveInside(root, 'src/deep/../../src/a.ts')).toBe(join(root, 'src', 'a.ts'));
  });

  it('refuses absolute paths outside the root', async () => {
    await expect(resolveInside(root, join(outsideDir, 'secret.txt'))).rejects.toEqual(refused('forbidden'));
    await expect(resolveInside(root, '/etc/passwd')).rejects.toEqual(refused('forbidden'));
    await expect(resolveInside(root, base)).rejects.toEqual(refused('forbidden'));
  });

  it('refuses a sibling folder that shares the root as a name prefix', async () => {
    const evil = `${root}-evil`;
    await mkdir(evil);
    await writeFile(join(evil, 'x.txt'), 'x');
    await expect(resolveInside(root, join(evil, 'x.txt'))).rejects.toEqual(refused('forbidden'));
    await expect(resolveInside(root, '../ws-evil/x.txt')).rejects.toEqual(refused('forbidden'));
  });

  it('refuses NUL bytes as a bad request', async () => {
    await expect(resolveInside(root, 'src/a.ts\0.png')).rejects.toEqual(refused('bad_request'));
    await expect(resolveInside(root, '\0')).rejects.toEqual(refused('bad_request'));
  });
});

describe('resolveInside: symlinks', () => {
  it('refuses a symlinked folder that leads outside, for existing and new files', async () => {
    await symlink(outsideDir, join(root, 'out'));
    await expect(resolveInside(root, 'out/secret.txt')).rejects.toEqual(refused('forbidden'));
    await expect(resolveInside(root, 'out/new-file.txt')).rejects.toEqual(refused('forbidden'));
    await expect(resolveInside(root, 'out/new/deeper/file.txt')).rejects.toEqual(refused('forbidden'));
    await expect(resolveInside(root, 'out')).rejects.toEqual(refused('forbidden'));
  });

  it('says the escape goes through a symbolic link', async () => {
    await symlink(outsideDir, join(root, 'out'));
    await expect(resolveInside(root, 'out/secret.txt')).rejects.toThrow(/symbolic link/);
  });

  it('refuses a final-component symlink to a file outside', async () => {
    await symlink(join(outsideDir, 'secret.txt'), join(root, 'src', 'innocent.ts'));
    await expect(resolveInside(root, 'src/innocent.ts')).rejects.toEqual(refused('forbidden'));
  });

  it('refuses relative symlinks that climb out', async () => {
    await symlink('../../outside/secret.txt', join(root, 'src', 'rel-link'));
    await expect(resolveInside(root, 'src/rel-link')).rejects.toEqual(refused('forbidden'));
  });

  it('refuses dangling symlinks whose target is outside (a write would land there)', async () => {
    await symlink(join(outsideDir, 'not-yet.txt'), join(root, 'dangling'));
    await expect(resolveInside(root, 'dangling')).rejects.toEqual(refused('forbidden'));
    await symlink(join(base, 'no-such-dir'), join(root, 'dangling-dir'));
    await expect(resolveInside(root, 'dangling-dir/file.txt')).rejects.toEqual(refused('forbidden'));
  });

  it('follows dangling symlinks that stay inside to their target', async () => {
    await symlink('src/later.ts', join(root, 'later-link'));
    expect(await resolveInsideEx(root, 'later-link')).toEqual({ real: join(root, 'src', 'later.ts'), exists: false });
    await expect(resolveInside(root, 'later-link', { mustExist: true })).rejects.toEqual(refused('not_found'));
  });

  it('refuses chains of links whose last hop leaves', async () => {
    await symlink(outsideDir, join(root, 'hop2'));
    await symlink('hop2', join(root, 'hop1'));
    await expect(resolveInside(root, 'hop1/secret.txt')).rejects.toEqual(refused('forbidden'));
  });

  it('allows symlinks that stay inside and answers the real target', async () => {
    await symlink(join(root, 'src'), join(root, 'src-link'));
    await symlink('a.ts', join(root, 'src', 'a-link.ts'));
    expect(await resolveInside(root, 'src-link/a.ts', { mustExist: true })).toBe(join(root, 'src', 'a.ts'));
    expect(await resolveInside(root, 'src/a-link.ts', { mustExist: true })).toBe(join(root, 'src', 'a.ts'));
  });

  it('does not let a lexical .. after a link escape', async () => {
    await symlink(join(outsideDir), join(root, 'out'));
    // Resolved lexically first: out/.. is the root, so this names ws/src/a.ts, which is inside.
    expect(await resolveInside(root, 'out/../src/a.ts')).toBe(join(root, 'src', 'a.ts'));
  });

  it('reports symlink loops as a bad request instead of crashing', async () => {
    await symlink('loop-b', join(root, 'loop-a'));
    await symlink('loop-a', join(root, 'loop-b'));
    await expect(resolveInside(root, 'loop-a')).rejects.toEqual(refused('bad_request'));
    await expect(resolveInside(root, 'loop-a/file.txt')).rejects.toEqual(refused('bad_request'));
  });
});

describe('resolveInside: Unicode', () => {
  it('works with Unicode names inside the workspace', async () => {
    await mkdir(join(root, 'café'));
    await writeFile(join(root, 'café', '日本語 ✓.md'), 'x');
    expect(await resolveInside(root, 'café/日本語 ✓.md', { mustExist: true })).toBe(join(root, 'café', '日本語 ✓.md'));
    expect(toRelative(root, join(root, 'café', '日本語 ✓.md'))).toBe('café/日本語 ✓.md');
  });

  it.each(['．．/outside/secret.txt', 'src/．．/．．/outside', '\uFE52\uFE52/outside', 'src／..', '．'])(
    'refuses look-alike dots and separators: %s',
    async (rel) => {
      await expect(resolveInside(root, rel)).rejects.toEqual(refused('forbidden'));
    },
  );

  it('does not normalise names: NFD and NFC spellings are matched as the file system does', async () => {
    const nfc = 'caf\u00e9.txt';
    const nfd = 'cafe\u0301.txt';
    await writeFile(join(root, nfc), 'x');
    const viaNfc = await resolveInsideEx(root, nfc);
    expect(viaNfc.exists).toBe(true);
    const viaNfd = await resolveInsideEx(root, nfd);
    // Inside either way; on a normalisation-insensitive file system both name the same file.
    expect(isInside(root, viaNfd.real)).toBe(true);
  });

  it('treats an NFD look-alike of the root as another folder', async () => {
    const nfcRoot = join(base, 'r\u00e9po');
    const nfdTwin = join(base, 're\u0301po');
    await mkdir(nfcRoot);
    const realRoot = await realpath(nfcRoot);
    const sameFolder = (await realpath(await mkdir(nfdTwin, { recursive: true }).then(() => nfdTwin))) === realRoot;
    if (sameFolder) return; // normalisation-insensitive file system: the twin is the root itself
    await writeFile(join(nfdTwin, 'secret.txt'), 's');
    await symlink(nfdTwin, join(realRoot, 'twin'));
    await expect(resolveInside(realRoot, 'twin/secret.txt')).rejects.toEqual(refused('forbidden'));
    await expect(resolveInside(realRoot, join(nfdTwin, 'secret.txt'))).rejects.toEqual(refused('forbidden'));
    await expect(resolveInside(realRoot, '../re\u0301po/secret.txt')).rejects.toEqual(refused('forbidden'));
  });

  it('accepts fullwidth letters that are not dots or separators', async () => {
    expect(await resolveInside(root, 'ｆｉｌｅ.txt')).toBe(join(root, 'ｆｉｌｅ.txt'));
  });
});

describe('toRelative / normalizeRelative', () => {
  it('answers forward-slash paths and "" for the root', () => {
    expect(toRelative(root, root)).toBe('');
    expect(toRelative(root, join(root, 'src', 'deep', 'x.ts'))).toBe('src/deep/x.ts');
    expect(normalizeRelative(root, './src//deep/')).toBe('src/deep');
  });

  it('refuses paths outside the root', () => {
    expect(() => toRelative(root, outsideDir)).toThrow(/outside the workspace/);
    expect(() => toRelative(root, `${root}-evil/x`)).toThrow(/outside the workspace/);
    expect(() => normalizeRelative(root, '../x')).toThrow(/outside the workspace/);
  });

  it('keeps names that merely start with two dots', async () => {
    await writeFile(join(root, '..hidden'), 'x');
    expect(toRelative(root, join(root, '..hidden'))).toBe('..hidden');
    expect(await resolveInside(root, '..hidden', { mustExist: true })).toBe(join(root, '..hidden'));
  });
});
