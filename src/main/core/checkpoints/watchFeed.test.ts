import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir, writeTree } from '../../../testing/tempTree';
import { waitFor } from '../../../testing/waitFor';
import { createCore, type Core, type CoreOptions } from '../createCore';

/**
 * The watcher → checkpoints change feed through createCore with a real watcher: checkpoints examine
 * only what the watcher reported (scan 'feed') once it covers the whole tree, and an edit made on disk
 * right before a checkpoint is never missed; without full coverage they walk.
 */

const ctx = { face: 'test' as const };
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function coreOn(files: Record<string, string>, options: Partial<CoreOptions> = {}): Promise<{ core: Core; root: string; uiPaths: string[] }> {
  const ws = await tempDir('akira-feed-ws-');
  const data = await tempDir('akira-feed-data-');
  await writeTree(ws.dir, files);
  const core = await createCore({ workspaceRoot: ws.dir, dataDir: data.dir, face: 'test', version: '0.0.0', ...options });
  const uiPaths: string[] = [];
  core.bus.on('workspace.onChanged', (e) => uiPaths.push(...e.changes.map((c) => c.path)));
  cleanups.push(ws.cleanup, data.cleanup, () => core.dispose());
  return { core, root: ws.dir, uiPaths };
}

async function call(core: Core, name: string, params: unknown) {
  const answer = await core.router.handle(name, params, ctx);
  if ('error' in answer) throw new Error(`${name}: ${answer.error.code}: ${answer.error.message}`);
  return answer.result as any;
}

/** Checkpoints now and checks that it holds exactly `expected` for these paths (null: absent). */
async function checkpointHolds(core: Core, expected: Record<string, string | null>): Promise<{ scan: string; checkpointId: string }> {
  const cp = await call(core, 'checkpoints.create', { label: 'feed test' });
  for (const [path, content] of Object.entries(expected)) {
    const file = await call(core, 'checkpoints.fileAt', { checkpointId: cp.checkpointId, path });
    expect({ path, content: file.exists ? file.text : null }).toEqual({ path, content });
  }
  return cp;
}

describe('checkpoint change feed (watcher → checkpoints)', () => {
  it('uses the feed once the watcher covers the tree, and misses no edit made right before a checkpoint', { timeout: 30_000 }, async () => {
    // .akira is ignored here: the watcher must still watch the cookie folder.
    const { core, root, uiPaths } = await coreOn({ '.gitignore': '.akira/\n*.log\n', 'a.txt': 'a0\n', 'src/b.ts': 'b0\n' });
    const write = (rel: string, text: string) => writeTree(root, { [rel]: text });
    expect((await checkpointHolds(core, { 'a.txt': 'a0\n' })).scan).toBe('walk');

    // Until the watcher is ready (and one walk has happened since), checkpoints walk; every one is right.
    let round = 0;
    await waitFor(async () => {
      await write('a.txt', `a${++round}\n`);
      return (await checkpointHolds(core, { 'a.txt': `a${round}\n` })).scan === 'feed';
    }, 'a checkpoint through the change feed');

    // A file changed twice within chokidar's 50 ms throttle, with a checkpoint in between.
    await write('a.txt', 'twice 1\n');
    expect(await checkpointHolds(core, { 'a.txt': 'twice 1\n' })).toMatchObject({ scan: 'feed' });
    await write('a.txt', 'twice 2\n');
    expect(await checkpointHolds(core, { 'a.txt': 'twice 2\n' })).toMatchObject({ scan: 'feed' });

    // A new folder with files, created just before; then more files in it (its watch may not exist yet).
    await mkdir(join(root, 'new', 'deep'), { recursive: true });
    await write('new/deep/c.txt', 'c\n');
    expect(await checkpointHolds(core, { 'new/deep/c.txt': 'c\n' })).toMatchObject({ scan: 'feed' });
    await write('new/deep/d.txt', 'd\n');
    await write('new/e.txt', 'e\n');
    expect(await checkpointHolds(core, { 'new/deep/d.txt': 'd\n', 'new/e.txt': 'e\n' })).toMatchObject({ scan: 'feed' });
    await write('new/deep/c.txt', 'c2\n');
    expect(await checkpointHolds(core, { 'new/deep/c.txt': 'c2\n' })).toMatchObject({ scan: 'feed' });

    // Deletion, rename, an ignored file.
    await rm(join(root, 'src', 'b.ts'));
    await rename(join(root, 'a.txt'), join(root, 'renamed.txt'));
    await write('debug.log', 'not captured\n');
    const last = await checkpointHolds(core, { 'src/b.ts': null, 'a.txt': null, 'renamed.txt': 'twice 2\n', 'debug.log': null });
    expect(last.scan).toBe('feed');
    const shown = await call(core, 'checkpoints.show', { checkpointId: last.checkpointId });
    expect(shown.files.map((f: { path: string; status: string }) => `${f.status}:${f.path}`).sort()).toEqual([
      'added:renamed.txt',
      'deleted:a.txt',
      'deleted:src/b.ts',
    ]);

    // The cookies stay in .akira/cookies (one per process, renamed each time, ignored by git) and
    // never reach the UI.
    expect((await readdir(join(root, '.akira', 'cookies'))).sort()).toEqual(['.gitignore', expect.stringMatching(/^\d+-[0-9a-f]+-\d+$/)]);
    await waitFor(() => uiPaths.includes('renamed.txt'), 'the rename in the UI events');
    expect(uiPaths.filter((p) => p.startsWith('.akira'))).toEqual([]); // ignored here, watched for the cookies only
  });

  it('big-tree mode (folders watched, not entries): the feed still covers the tree, new folders and deletions included', { timeout: 30_000 }, async () => {
    const { core, root } = await coreOn({ 'a.txt': 'a0\n', 'sub/b.txt': 'b0\n', 'sub/deep/c.txt': 'c0\n' }, { watcher: { eagerBudget: 0 } });
    await call(core, 'workspace.list', { path: '' });
    let round = 0;
    await waitFor(async () => {
      await writeTree(root, { 'sub/deep/c.txt': `c${++round}\n` });
      return (await checkpointHolds(core, { 'sub/deep/c.txt': `c${round}\n` })).scan === 'feed';
    }, 'a checkpoint through the folder watch');
    // Written right before the checkpoint, in a folder made just now, and a deletion: all seen.
    await mkdir(join(root, 'fresh/inner'), { recursive: true });
    await writeFile(join(root, 'fresh/inner/new.txt'), 'n\n');
    await writeFile(join(root, 'a.txt'), 'a-last\n');
    await rm(join(root, 'sub/b.txt'));
    const cp = await checkpointHolds(core, { 'fresh/inner/new.txt': 'n\n', 'a.txt': 'a-last\n', 'sub/b.txt': null, 'sub/deep/c.txt': `c${round}\n` });
    expect(cp.scan).toBe('feed');
  });

  it('walks in big-tree mode when there are more folders than the folder watch takes', { timeout: 30_000 }, async () => {
    const { core, root } = await coreOn({ 'a.txt': 'a0\n', 'sub/b.txt': 'b0\n', 'sub2/c.txt': 'c0\n' }, { watcher: { eagerBudget: 0, maxFolders: 2 } });
    await call(core, 'workspace.list', { path: '' });
    for (let i = 1; i <= 3; i++) {
      await writeTree(root, { 'a.txt': `a${i}\n`, 'sub/b.txt': `b${i}\n` });
      const cp = await checkpointHolds(core, { 'a.txt': `a${i}\n`, 'sub/b.txt': `b${i}\n` });
      expect(cp.scan).toBe('walk');
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  it('walks when no cookie can be written (.akira is a file), and still captures everything', { timeout: 30_000 }, async () => {
    const { core, root } = await coreOn({ '.akira': 'not a folder\n', 'a.txt': 'a0\n' });
    for (let i = 1; i <= 3; i++) {
      await writeFile(join(root, 'a.txt'), `a${i}\n`);
      expect(await checkpointHolds(core, { 'a.txt': `a${i}\n` })).toMatchObject({ scan: 'walk' });
      await new Promise((r) => setTimeout(r, 200));
    }
  });
});
