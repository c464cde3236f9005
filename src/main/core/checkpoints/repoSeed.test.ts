import { existsSync } from 'node:fs';
import { readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { filesOf, makeEnv, treeState, gitIn, type TestEnv } from '../../../testing/checkpointWorkspace';

/** The first checkpoint borrows the user's repository (repoSeed.ts): fast, exact, and the user's .git untouched. */

let env: TestEnv | null = null;
afterEach(async () => {
  await env?.cleanup();
  env = null;
});

const old = new Date(Date.now() - 3600_000);

/** A committed repository of `n` files (an hour old), with the index written after them. */
async function repoEnv(n: number, extra: Record<string, string> = {}): Promise<TestEnv> {
  const files: Record<string, string> = { '.gitignore': 'ignored/\n', ...extra };
  for (let i = 0; i < n; i++) files[`pkg${i % 10}/file${i}.txt`] = `content of file ${i}\n`;
  const e = await makeEnv(files);
  gitIn(e.root, 'init', '-q');
  gitIn(e.root, 'add', '-A');
  gitIn(e.root, 'commit', '-q', '-m', 'initial');
  return e;
}

const gitState = (root: string) => treeState(join(root, '.git'));

describe('first checkpoint from the user repository', () => {
  it('reads only what differs from HEAD, captures the tree exactly, and leaves .git byte-identical', async () => {
    env = await repoEnv(200);
    // Changed tracked file, staged change, deleted tracked file, untracked file, an ignored one.
    await env.write('pkg1/file1.txt', 'edited\n');
    await env.write('pkg2/file2.txt', 'staged\n');
    gitIn(env.root, 'add', 'pkg2/file2.txt');
    await rm(join(env.root, 'pkg3/file3.txt'));
    await env.write('new/untracked.txt', 'untracked\n');
    await env.write('ignored/x.txt', 'ignored\n');
    // Written seconds ago, as edits usually are: a file changed within the stat cache's racy window is read again by
    // the next checkpoint however it was recorded, which is not what this test is about.
    const past = new Date(Date.now() - 10_000);
    for (const f of ['pkg1/file1.txt', 'pkg2/file2.txt', 'new/untracked.txt']) await utimes(join(env.root, f), past, past);
    const before = await gitState(env.root);

    const first = await env.service.create({ label: 'first' });
    // 3 files differ from what the index vouches for; the other 197 are HEAD's blobs, not read.
    expect(first.hashed).toBe(3);
    expect((await env.service.fileAt(first.id, 'pkg1/file1.txt')).text).toBe('edited\n');
    expect((await env.service.fileAt(first.id, 'pkg2/file2.txt')).text).toBe('staged\n');
    expect((await env.service.fileAt(first.id, 'pkg3/file3.txt')).exists).toBe(false);
    expect((await env.service.fileAt(first.id, 'new/untracked.txt')).text).toBe('untracked\n');
    expect((await env.service.fileAt(first.id, 'ignored/x.txt')).exists).toBe(false);
    expect((await env.service.fileAt(first.id, 'pkg9/file199.txt')).text).toBe('content of file 199\n');
    // Nothing differs between the checkpoint and the folder.
    expect((await env.service.diff(first.id, 'now')).files).toEqual([]);

    // An edit after it is seen by the next one (the stat cache was filled from the index's stat data).
    await env.write('pkg4/file4.txt', 'later\n');
    const second = await env.service.create({ label: 'second' });
    expect(second.hashed).toBe(1);
    expect((await env.service.get(second.id)).files.map((f) => f.path)).toEqual(['pkg4/file4.txt']);

    await env.service.whenIdle();
    await env.service.restore(first.id);
    expect(await env.read('pkg4/file4.txt')).toBe('content of file 4\n');
    expect(filesOf(await gitState(env.root))).toEqual(filesOf(before));
    expect(await gitState(env.root)).toEqual(before);
  });

  it("does not trust the index where git converts content (core.autocrlf): the file's own bytes are captured", async () => {
    env = await repoEnv(5);
    // The blob has LF; the file on disk has CRLF, and the index is refreshed so its stat data matches the file.
    await writeFile(join(env.root, 'pkg0/file0.txt'), 'content of file 0\r\n');
    await utimes(join(env.root, 'pkg0/file0.txt'), old, old);
    gitIn(env.root, 'config', 'core.autocrlf', 'true');
    gitIn(env.root, 'add', 'pkg0/file0.txt');
    expect(gitIn(env.root, 'status', '--porcelain', '-uno')).toBe(''); // git sees the LF blob of HEAD
    const first = await env.service.create({ label: 'crlf' });
    expect((await env.service.fileAt(first.id, 'pkg0/file0.txt')).text).toBe('content of file 0\r\n');
  });

  it('a restore after git gc --prune=now in the user repository is byte-exact', async () => {
    env = await repoEnv(50, { 'bin.dat': '\u0000\u0001binary\u00ff' });
    await env.write('local.txt', 'not committed\n');
    const snapshot = filesOf(await treeState(env.root, (rel) => rel === '.git' || rel === '.akira'));
    const cp = await env.service.create({ label: 'before gc' });
    await env.service.whenIdle(); // the borrowed objects are copied in once quiet

    // The user rewrites history: HEAD's old objects become unreachable, and gc deletes them.
    gitIn(env.root, 'checkout', '-q', '--orphan', 'other');
    gitIn(env.root, 'rm', '-q', '-r', '--cached', '.');
    await rm(join(env.root, 'pkg0'), { recursive: true });
    await env.write('other.txt', 'other history\n');
    gitIn(env.root, 'add', 'other.txt');
    gitIn(env.root, 'commit', '-q', '-m', 'other');
    gitIn(env.root, 'branch', '-q', '-D', 'main');
    gitIn(env.root, 'reflog', 'expire', '--expire=now', '--all');
    gitIn(env.root, 'gc', '-q', '--prune=now');
    expect(gitIn(env.root, 'cat-file', '-t', 'HEAD').trim()).toBe('commit');
    await env.write('pkg1/file1.txt', 'changed after\n');

    await env.service.restore(cp.id);
    const now = filesOf(await treeState(env.root, (rel) => rel === '.git' || rel === '.akira'));
    now.delete('other.txt'); // untracked by the checkpoint: kept
    expect(now).toEqual(snapshot);
    expect(await readFile(join(env.root, 'bin.dat'), 'utf8')).toBe('\u0000\u0001binary\u00ff');
    // The store no longer depends on the user's objects.
    expect(existsSync(join(env.dataDir, 'checkpoints'))).toBe(true);
  });
});
