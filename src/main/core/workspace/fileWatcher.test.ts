import { appendFile, mkdir, rm, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FileChange } from '../../../shared/contract/workspace';
import { createWorkspaceService, type WorkspaceService } from './workspaceService';
import { createFileWatcher, visibleEntriesOf } from './fileWatcher';
import { gitInit } from '../../../testing/gitCli';
import { tempDir, writeTree } from '../../../testing/tempTree';
import { waitFor } from '../../../testing/waitFor';

let root: string;
let cleanup: () => Promise<void>;
let service: WorkspaceService | null = null;
let batches: FileChange[][];
let refreshes: number;

async function start(watcher: { eagerBudget?: number; lazyBudget?: number; maxFolders?: number; maxPending?: number } = {}): Promise<WorkspaceService> {
  const sink = batches; // each service reports into the array current when it started
  service = await createWorkspaceService({
    root,
    emit: (name, data) => {
      if (name !== 'workspace.onChanged') return;
      const event = data as { changes: FileChange[]; refresh?: true };
      if (event.refresh) refreshes++;
      else sink.push(event.changes);
    },
    watcher: { batchMs: 50, ...watcher },
  });
  await service.watching();
  return service;
}

const all = () => batches.flat();
const has = (path: string, kind: FileChange['kind']) => all().some((c) => c.path === path && c.kind === kind);
const seen = (path: string) => all().some((c) => c.path === path);

/** Writes a sentinel and waits for it: every event caused before it has been delivered by then. */
async function barrier(dir = '', timeoutMs?: number): Promise<void> {
  const name = `sentinel-${Math.random().toString(36).slice(2)}.txt`;
  const rel = dir ? `${dir}/${name}` : name;
  await writeFile(join(root, rel), 's');
  await waitFor(() => has(rel, 'add'), `the sentinel ${rel}`, timeoutMs);
}

beforeEach(async () => {
  ({ dir: root, cleanup } = await tempDir('akira-watch-'));
  batches = [];
  refreshes = 0;
});

afterEach(async () => {
  await service?.dispose();
  service = null;
  await cleanup();
});

describe('file watcher (whole small tree)', () => {
  it('emits add, change, unlink, addDir and unlinkDir with workspace-relative paths', async () => {
    await writeTree(root, { 'src/existing.ts': 'x' });
    await start();
    await writeFile(join(root, 'new.txt'), 'hello');
    await waitFor(() => has('new.txt', 'add'), 'add new.txt');
    await appendFile(join(root, 'src', 'existing.ts'), 'more');
    await waitFor(() => has('src/existing.ts', 'change'), 'change src/existing.ts');
    await unlink(join(root, 'new.txt'));
    await waitFor(() => has('new.txt', 'unlink'), 'unlink new.txt');
    await mkdir(join(root, 'fresh'));
    await waitFor(() => has('fresh', 'addDir'), 'addDir fresh');
    await writeFile(join(root, 'fresh', 'inner.md'), '#');
    await waitFor(() => has('fresh/inner.md', 'add'), 'add fresh/inner.md');
    await rm(join(root, 'fresh'), { recursive: true });
    await waitFor(() => has('fresh', 'unlinkDir'), 'unlinkDir fresh');
  });

  it('sees changes in folders the UI never listed', async () => {
    await writeTree(root, { 'a/b/c/deep.txt': '1' });
    await start();
    await writeFile(join(root, 'a', 'b', 'c', 'deep.txt'), '2');
    await waitFor(() => has('a/b/c/deep.txt', 'change'), 'change in an unlisted folder');
  });

  it('batches several changes into one event', async () => {
    await start();
    await Promise.all(['x1', 'x2', 'x3'].map((n) => writeFile(join(root, n), n)));
    await waitFor(() => ['x1', 'x2', 'x3'].every((n) => has(n, 'add')), 'three adds');
    expect(batches.some((b) => b.length > 1)).toBe(true);
  });

  it('ignores .git internals and gitignored paths', async () => {
    gitInit(root);
    await writeTree(root, { '.gitignore': 'dist/\n*.log\n', 'dist/old.js': '' });
    await start();
    await writeFile(join(root, 'debug.log'), 'noise');
    await writeFile(join(root, 'dist', 'bundle.js'), 'noise');
    await writeFile(join(root, '.git', 'info', 'noise'), 'noise');
    await barrier();
    expect(seen('debug.log')).toBe(false);
    expect(seen('dist/bundle.js')).toBe(false);
    expect(all().some((c) => c.path.startsWith('.git/') || c.path === '.git')).toBe(false);
  });

  it('picks up .gitignore edits for later events', async () => {
    await writeTree(root, { '.gitignore': '' });
    await start();
    await writeFile(join(root, '.gitignore'), 'later.tmp\n');
    await waitFor(() => has('.gitignore', 'change'), 'the .gitignore change');
    await writeFile(join(root, 'later.tmp'), 'x');
    await barrier();
    expect(seen('later.tmp')).toBe(false);
  });

  it('stops after dispose', async () => {
    const first = await start();
    await first.dispose();
    // A second service on the same folder is the witness: once it has reported the file (twice over,
    // with a sentinel after it), the disposed one would have too if it were still watching.
    const firstBatches = batches;
    batches = [];
    service = await start();
    await writeFile(join(root, 'after.txt'), 'x');
    await waitFor(() => has('after.txt', 'add'), 'the witness to see after.txt');
    await barrier();
    expect(firstBatches.flat().some((c) => c.path === 'after.txt')).toBe(false);
  });
});

describe('file watcher (big tree: only listed folders)', () => {
  it('watches the folders that were listed, and only those', async () => {
    await writeTree(root, { 'listed/a.txt': '', 'unlisted/b.txt': '' });
    const s = await start({ eagerBudget: 0 });
    await s.list({ path: '' });
    await s.list({ path: 'listed' });
    await s.watching();
    await writeFile(join(root, 'unlisted', 'b.txt'), 'changed');
    await writeFile(join(root, 'listed', 'a.txt'), 'changed');
    await waitFor(() => has('listed/a.txt', 'change'), 'change in a listed folder');
    await barrier('listed');
    await barrier();
    expect(seen('unlisted/b.txt')).toBe(false);

    await s.list({ path: 'unlisted' });
    await s.watching();
    await writeFile(join(root, 'unlisted', 'b.txt'), 'again');
    await waitFor(() => has('unlisted/b.txt', 'change'), 'change once listed');
  });

  it('a small tree whose folder watch fails (here: more folders than it may take) falls back to watching listed folders', async () => {
    await writeTree(root, { 'x/a.txt': '', 'y/b.txt': '', 'z/c.txt': '' });
    const s = await start({ maxFolders: 2 });
    await s.list({ path: 'x' });
    await s.watching();
    await writeFile(join(root, 'x', 'a.txt'), 'changed');
    await waitFor(() => has('x/a.txt', 'change'), 'a change in the listed folder after the fallback');
  });

  it('drops the least recently listed folders beyond its budget', async () => {
    await writeTree(root, { 'one/a.txt': '', 'one/b.txt': '', 'two/a.txt': '', 'two/b.txt': '' });
    const s = await start({ eagerBudget: 0, lazyBudget: 3 });
    await s.list({ path: 'one' });
    await s.list({ path: 'two' }); // 2 + 2 entries > 3: "one" is dropped
    await s.watching();
    await writeFile(join(root, 'one', 'a.txt'), 'changed');
    await barrier('two');
    expect(seen('one/a.txt')).toBe(false);
  });

  it('a storm in a listed folder: refresh events instead of the list, the folder watched again after it', async () => {
    await writeTree(root, { 'busy/a.txt': '' });
    const s = await start({ eagerBudget: 0, maxPending: 20 });
    await s.list({ path: 'busy' });
    await s.watching();
    await Promise.all(Array.from({ length: 200 }, (_, i) => writeFile(join(root, 'busy', `f${i}.txt`), 'f')));
    await waitFor(() => refreshes >= 1, 'a refresh event');
    // Its watcher stops for a while (more than maxPending raw events within a second), then watches again.
    await waitFor(() => barrier('busy', 1000).then(() => true, () => false), 'the events to be listed again');
    expect(all().filter((c) => c.path.startsWith('busy/f')).length).toBeLessThan(200);
    const stats = s.watcherStats()!;
    expect(stats.peak).toBeLessThanOrEqual(21);
    expect(stats.overflows).toBeGreaterThanOrEqual(1);
  });

  it('settles when a folder is dropped before its watch was ready', async () => {
    // chokidar never says 'ready' for a watcher closed that early; settled() used to wait for it forever.
    await writeTree(root, { 'one/a.txt': '', 'one/b.txt': '', 'two/a.txt': '', 'two/b.txt': '' });
    const watcher = createFileWatcher({
      root,
      isIgnored: () => false,
      visibleEntries: (dir) => visibleEntriesOf(dir, () => false),
      onChanges: () => undefined,
      eagerBudget: 0,
      lazyBudget: 3,
    });
    try {
      await watcher.settled();
      watcher.watchDir(join(root, 'one'), 2);
      watcher.watchDir(join(root, 'two'), 2); // closes "one" before it can be ready
      let settled = false;
      void watcher.settled().then(() => (settled = true));
      await waitFor(() => settled, 'settled() after a folder was dropped before it was ready');
    } finally {
      await watcher.dispose();
    }
  });
});
