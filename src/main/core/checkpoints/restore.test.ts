import { chmod, lstat, mkdir, readFile, readlink, rm, stat, symlink, unlink, writeFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCheckpointService } from './checkpointService';
import { filesOf, gitIn, makeEnv, treeState, type TestEnv } from '../../../testing/checkpointWorkspace';

let env: TestEnv | null = null;
afterEach(async () => {
  await env?.cleanup();
  env = null;
});

const binary = Buffer.from([0, 1, 2, 3, 255, 254, 0, 10, 13, 0]);

/** The tracked view of the workspace: everything but ignored/excluded paths. */
const tracked = (root: string) =>
  treeState(root, (rel) => rel === '.akira' || rel === 'node_modules' || rel.endsWith('.log') || rel.split('/').includes('.git') || rel === 'big.bin').then(filesOf);

describe('restore', () => {
  it('brings back text, binary, empty files, modes, symlinks, renames and deletions', async () => {
    env = await makeEnv({ 'text.txt': 'hello\n', 'empty.txt': '', 'bin.dat': binary, 'tool.sh': '#!/bin/sh\n', 'dir/a.txt': 'a\n' });
    await chmod(join(env.root, 'tool.sh'), 0o755);
    await symlink('dir/a.txt', join(env.root, 'link'));
    const before = await tracked(env.root);
    const cp = await env.service.create({ label: 'base' });

    await env.write('text.txt', 'changed\n');
    await writeFile(join(env.root, 'empty.txt'), 'not empty');
    await writeFile(join(env.root, 'bin.dat'), Buffer.from([9, 9, 0]));
    await chmod(join(env.root, 'tool.sh'), 0o644);
    await rm(join(env.root, 'link'));
    await symlink('text.txt', join(env.root, 'link'));
    await rename(join(env.root, 'dir/a.txt'), join(env.root, 'dir/renamed.txt'));
    await env.write('added/new.txt', 'new\n');
    await unlink(join(env.root, 'text.txt'));

    const preview = await env.service.preview(cp.id);
    const actions = Object.fromEntries(preview.files.map((f) => [f.path, f.action]));
    expect(actions).toEqual({
      'text.txt': 'create',
      'empty.txt': 'modify',
      'bin.dat': 'modify',
      'tool.sh': 'modify',
      link: 'modify',
      'dir/a.txt': 'create',
      'dir/renamed.txt': 'delete',
      'added/new.txt': 'delete',
    });
    expect(preview.conflicts).toEqual([]);
    const result = await env.service.restore(cp.id);
    expect(result.conflicts).toEqual([]);
    expect(await tracked(env.root)).toEqual(before);
    expect(await readlink(join(env.root, 'link'))).toBe('dir/a.txt');
    expect((await stat(join(env.root, 'tool.sh'))).mode & 0o777).toBe(0o755);
    expect(await readFile(join(env.root, 'bin.dat'))).toEqual(binary);
    expect((await readFile(join(env.root, 'empty.txt'))).length).toBe(0);
    // The folder left empty by the deletion is gone; nothing else was touched.
    await expect(lstat(join(env.root, 'added'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('checkpoints the state before a restore so that the restore can be undone', async () => {
    env = await makeEnv({ 'a.txt': 'v1\n' });
    const v1 = await env.service.create({ label: 'v1' });
    await env.write('a.txt', 'v2\n');
    await env.write('b.txt', 'only in v2\n');
    const v2state = await tracked(env.root);
    const result = await env.service.restore(v1.id);
    expect(await env.read('a.txt')).toBe('v1\n');
    const before = (await env.service.list()).checkpoints[0];
    expect(before.id).toBe(result.beforeCheckpointId);
    expect(before.origin).toBe('before-restore');
    expect(before.restoreOf).toBe(v1.id);
    // Named in words, without ids; numbered after the others of the workspace (one numbering for all origins).
    expect(before.label).toBe('Before restoring v1');
    expect(before.n).toBe(2);
    const undo = await env.service.restore(result.beforeCheckpointId); // undo
    expect(await tracked(env.root)).toEqual(v2state);
    const beforeUndo = (await env.service.list()).checkpoints[0];
    expect(beforeUndo).toMatchObject({ id: undo.beforeCheckpointId, label: 'Before undoing the restore of v1', n: 3 });
    const agent = await env.service.create({ label: 'TODO t1: a.txt', origin: 'agent', sessionId: 's-1', todoId: 't1' });
    expect(agent.n).toBe(4);
  });

  it('handles file ↔ folder replacements both ways', async () => {
    env = await makeEnv({ 'x/inner.txt': 'inner\n', y: 'y is a file\n' });
    const cp = await env.service.create({ label: 'base' });
    await rm(join(env.root, 'x'), { recursive: true });
    await writeFile(join(env.root, 'x'), 'x is a file now\n');
    await rm(join(env.root, 'y'));
    await env.write('y/deep/file.txt', 'y is a folder now\n');
    const mid = await env.service.create({ label: 'swapped' });
    const swapped = await tracked(env.root);
    await env.service.restore(cp.id);
    expect(await env.read('x/inner.txt')).toBe('inner\n');
    expect(await env.read('y')).toBe('y is a file\n');
    await env.service.restore(mid.id);
    expect(await tracked(env.root)).toEqual(swapped);
  });

  it('never deletes or overwrites ignored, excluded, oversized or nested-repository files', async () => {
    env = await makeEnv(
      {
        '.gitignore': '*.log\n',
        'app.txt': 'v1\n',
        'node_modules/pkg/index.js': 'module\n',
        'debug.log': 'log v1\n',
        'nested/src.c': 'int main;\n',
      },
      { maxFileBytes: 1000 },
    );
    await env.write('big.bin', Buffer.alloc(5000, 1));
    gitIn(join(env.root, 'nested'), 'init', '-q');
    gitIn(join(env.root, 'nested'), 'add', '-A');
    gitIn(join(env.root, 'nested'), 'commit', '-q', '-m', 'nested 1');
    const cp = await env.service.create({ label: 'base' });
    expect(cp.skipped).toEqual([{ path: 'big.bin', size: 5000, reason: 'too_large' }]);

    // After the checkpoint: new untracked things appear, the nested repo gets a commit.
    await env.write('app.txt', 'v2\n');
    await env.write('debug.log', 'log v2\n');
    await env.write('later.log', 'created later\n');
    await env.write('node_modules/pkg/new.js', 'installed later\n');
    await env.write('big.bin', Buffer.alloc(6000, 2));
    await env.write('nested/src.c', 'int main(void);\n');
    gitIn(join(env.root, 'nested'), 'commit', '-q', '-am', 'nested 2');
    const nestedGit = await treeState(join(env.root, 'nested/.git'));
    const untracked = await treeState(env.root, (rel) => !/^(debug\.log|later\.log|node_modules|big\.bin)/.test(rel));

    await env.service.restore(cp.id);
    expect(await env.read('app.txt')).toBe('v1\n');
    expect(await env.read('nested/src.c')).toBe('int main;\n'); // nested files are captured as plain files
    expect(await treeState(join(env.root, 'nested/.git'))).toEqual(nestedGit); // its .git is byte-identical
    expect(await treeState(env.root, (rel) => !/^(debug\.log|later\.log|node_modules|big\.bin)/.test(rel))).toEqual(untracked);
    const files = (await env.service.diff(null, cp.id)).files.map((f) => f.path);
    expect(files.some((f) => f.includes('.git/'))).toBe(false);
  });

  it('reports untracked content in the way as a conflict instead of destroying it', async () => {
    env = await makeEnv({ 'keep/a.txt': 'a\n', 'f.txt': 'tracked\n' });
    const cp = await env.service.create({ label: 'base' });
    // Replace the tracked folder with a file, and the tracked file with a folder holding an ignored file.
    await rm(join(env.root, 'keep'), { recursive: true });
    await writeFile(join(env.root, 'keep'), 'file where a folder was\n');
    await rm(join(env.root, 'f.txt'));
    await mkdir(join(env.root, 'f.txt'));
    await writeFile(join(env.root, '.gitignore'), 'secret\n');
    await writeFile(join(env.root, 'f.txt', 'secret'), 'my untracked work\n');
    const preview = await env.service.preview(cp.id);
    expect(preview.conflicts.map((c) => [c.path, c.reason])).toEqual([['f.txt', 'folder_in_the_way']]);
    const result = await env.service.restore(cp.id);
    expect(result.conflicts.map((c) => [c.path, c.reason])).toEqual([['f.txt', 'folder_in_the_way']]);
    expect(await env.read('f.txt/secret')).toBe('my untracked work\n');
    expect(await env.read('keep/a.txt')).toBe('a\n'); // the tracked file "keep" was replaced by the folder
  });

  it('restores single files and refuses paths outside the workspace', async () => {
    env = await makeEnv({ 'a.txt': 'a1\n', 'b.txt': 'b1\n', 'dir/c.txt': 'c1\n' });
    const cp = await env.service.create({ label: 'base' });
    await env.write('a.txt', 'a2\n');
    await env.write('b.txt', 'b2\n');
    await env.write('dir/c.txt', 'c2\n');
    const preview = await env.service.preview(cp.id, { paths: ['a.txt'] });
    expect(preview.files.map((f) => f.path)).toEqual(['a.txt']);
    const result = await env.service.restore(cp.id, { paths: ['a.txt', 'dir'] });
    expect(result.modified.sort()).toEqual(['a.txt', 'dir/c.txt']);
    expect(await env.read('a.txt')).toBe('a1\n');
    expect(await env.read('b.txt')).toBe('b2\n');
    expect(await env.read('dir/c.txt')).toBe('c1\n');
    await expect(env.service.restore(cp.id, { paths: ['../outside.txt'] })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(env.service.restore(cp.id, { paths: ['/etc/passwd'] })).rejects.toMatchObject({ code: 'forbidden' });
    await symlink('/tmp', join(env.root, 'out-link'));
    await expect(env.service.restore(cp.id, { paths: ['out-link/x'] })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(env.service.restore(cp.id, { paths: [] })).rejects.toMatchObject({ code: 'bad_request' });
  });

  it('restores a single path that is now a link leading outside (the link is replaced, never followed)', async () => {
    env = await makeEnv({ 'a.txt': 'a1\n' });
    const cp = await env.service.create({ label: 'base' });
    const outside = await makeEnv({ 'target.txt': 'outside\n' });
    try {
      await rm(join(env.root, 'a.txt'));
      await symlink(join(outside.root, 'target.txt'), join(env.root, 'a.txt'));
      const result = await env.service.restore(cp.id, { paths: ['a.txt'] });
      expect(result.conflicts).toEqual([]);
      expect((await lstat(join(env.root, 'a.txt'))).isFile()).toBe(true);
      expect(await env.read('a.txt')).toBe('a1\n');
      expect(await outside.read('target.txt')).toBe('outside\n');
    } finally {
      await outside.cleanup();
    }
  });

  it('never writes through a folder that became a link leading outside the workspace', async () => {
    env = await makeEnv({ 'lib/x.txt': 'x\n', 'ign/y.txt': 'y\n' });
    const cp = await env.service.create({ label: 'base' });
    const outside = await makeEnv({});
    try {
      // A tracked link replacing the folder is itself restored: the link goes, the folder comes back.
      await rm(join(env.root, 'lib'), { recursive: true });
      await symlink(outside.root, join(env.root, 'lib'));
      // An ignored (untracked) link in the way is never followed: a conflict.
      await rm(join(env.root, 'ign'), { recursive: true });
      await symlink(outside.root, join(env.root, 'ign'));
      await writeFile(join(env.root, '.gitignore'), '/ign\n');
      const result = await env.service.restore(cp.id);
      expect(result.conflicts.map((c) => [c.path, c.reason])).toEqual([['ign/y.txt', 'outside_workspace']]);
      expect(await env.read('lib/x.txt')).toBe('x\n');
      expect((await lstat(join(env.root, 'lib'))).isDirectory()).toBe(true);
      expect((await lstat(join(env.root, 'ign'))).isSymbolicLink()).toBe(true);
      expect(await treeState(outside.root)).toEqual(new Map());
    } finally {
      await outside.cleanup();
    }
  });

  it('completes an interrupted restore from its journal (at start, or before the next restore)', async () => {
    env = await makeEnv({ 'a.txt': 'a1\n', 'b.txt': 'b1\n', 'gone.txt': 'g\n' });
    const target = await env.service.create({ label: 'target' });
    await env.write('a.txt', 'a2\n');
    await env.write('b.txt', 'b2\n');
    await unlink(join(env.root, 'gone.txt'));
    await env.write('extra.txt', 'extra\n');
    const current = await env.service.create({ label: 'current' });
    // Simulate a crash half-way: the journal is written and only a.txt was restored.
    await writeFile(
      join(env.service.storeDir, 'restore-journal.json'),
      JSON.stringify({ version: 1, beforeCommit: current.commit, targetCommit: target.commit, beforeId: current.id, targetId: target.id, startedAt: '' }),
    );
    await env.write('a.txt', 'a1\n');
    await env.service.dispose();

    const again = await createCheckpointService({ root: env.root, dataDir: env.dataDir });
    env.service = again;
    await again.whenIdle();
    expect(await env.read('a.txt')).toBe('a1\n');
    expect(await env.read('b.txt')).toBe('b1\n');
    expect(await env.read('gone.txt')).toBe('g\n');
    await expect(stat(join(env.root, 'extra.txt'))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(stat(join(again.storeDir, 'restore-journal.json'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
