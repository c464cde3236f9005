import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../testing/tempTree';
import { expectQuietFor, waitFor } from '../../testing/waitFor';
import { createCore, type Core } from './createCore';

// The composition root: opening a folder builds its services as a whole or not at all, and opens are
// serialised (the last one asked for wins; the services of the others are disposed).

const cleanups: (() => Promise<void>)[] = [];
let core: Core | null = null;
afterEach(async () => {
  await core?.dispose();
  core = null;
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function folder(prefix: string) {
  const t = await tempDir(prefix);
  cleanups.push(t.cleanup);
  await writeFile(join(t.dir, 'a.txt'), 'a\n');
  return t.dir;
}

/** Paths of workspace.onChanged events seen since `from`. */
function changes(seen: { changes: { path: string }[] }[], from = 0) {
  return seen.slice(from).flatMap((e) => e.changes.map((c) => c.path));
}

describe('createCore: opening a folder', () => {
  it('disposes what it built when a later step fails, and keeps no half-open folder', async () => {
    const data = await folder('akira-core-data-');
    // The checkpoint store cannot be created where a file stands: the open fails after the watcher started.
    await writeFile(join(data, 'checkpoints'), 'not a folder');
    const ws = await folder('akira-core-ws-');
    core = await createCore({ dataDir: data, face: 'test', version: '0.0.0-test' });
    const seen: { changes: { path: string }[] }[] = [];
    core.bus.on('workspace.onChanged', (e) => seen.push(e));
    await expect(core.openWorkspace(ws)).rejects.toThrow();
    expect(core.current()).toBeNull();
    const answer = await core.router.handle('workspace.list', {}, { face: 'test' });
    expect(answer).toMatchObject({ error: { code: 'unavailable' } });
    // Its watcher was closed: a change in the folder reaches nobody.
    await writeFile(join(ws, 'after.txt'), 'x\n');
    await expectQuietFor(600, () => changes(seen).includes('after.txt') && 'a change reported by the failed open’s watcher');
  });

  it('serialises concurrent opens: the last one asked for is open, the others are disposed', async () => {
    const data = await folder('akira-core-data-');
    const [a, b] = [await folder('akira-core-a-'), await folder('akira-core-b-')];
    core = await createCore({ dataDir: data, face: 'test', version: '0.0.0-test' });
    const opened: string[] = [];
    core.bus.on('app.onWorkspaceOpened', (e) => opened.push(e.workspace!.root));
    const seen: { changes: { path: string }[] }[] = [];
    core.bus.on('workspace.onChanged', (e) => seen.push(e));
    const [ra, rb] = await Promise.all([core.openWorkspace(a), core.openWorkspace(b)]);
    expect(opened).toEqual([ra.root, rb.root]);
    expect(core.current()?.root).toBe(rb.root);

    await writeFile(join(b, 'in-b.txt'), 'x\n');
    await waitFor(() => changes(seen).includes('in-b.txt'), 'the open folder’s change');
    const from = seen.length;
    await writeFile(join(a, 'in-a.txt'), 'x\n');
    await writeFile(join(b, 'in-b-2.txt'), 'x\n');
    await waitFor(() => changes(seen, from).includes('in-b-2.txt'), 'a later change in the open folder');
    expect(changes(seen)).not.toContain('in-a.txt');
  });
});
