import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir, writeTree } from '../../../testing/tempTree';
import { createCore, type Core } from '../createCore';

const ctx = { face: 'test' as const };
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function coreOn(files: Record<string, string>): Promise<{ core: Core; root: string }> {
  const ws = await tempDir('akira-cp-ws-');
  const data = await tempDir('akira-cp-data-');
  await writeTree(ws.dir, files);
  const core = await createCore({ workspaceRoot: ws.dir, dataDir: data.dir, face: 'test', version: '0.0.0', validateOutput: true });
  cleanups.push(ws.cleanup, data.cleanup, () => core.dispose());
  return { core, root: ws.dir };
}

async function call(core: Core, name: string, params: unknown) {
  const answer = await core.router.handle(name, params, ctx);
  if ('error' in answer) throw new Error(`${name}: ${answer.error.code}: ${answer.error.message}`);
  return answer.result as any;
}

describe('checkpoints through the contract', () => {
  it('creates, lists, shows, previews, restores and undoes a restore', async () => {
    const { core, root } = await coreOn({ 'a.txt': 'one\n', 'src/b.ts': 'export const b = 1;\n' });
    const first = await call(core, 'checkpoints.create', { label: 'start' });
    expect(first).toMatchObject({ label: 'start', origin: 'manual' });
    expect(first.checkpointId).toMatch(/^[A-Za-z0-9_-]{4,}$/);

    await writeFile(join(root, 'a.txt'), 'two\n');
    await writeFile(join(root, 'c.txt'), 'new\n');
    const second = await call(core, 'checkpoints.create', { label: 'edited' });
    const shown = await call(core, 'checkpoints.show', { checkpointId: second.checkpointId });
    expect(shown.previousId).toBe(first.checkpointId);
    expect(shown.files.map((f: { path: string; status: string }) => `${f.status}:${f.path}`).sort()).toEqual(['added:c.txt', 'modified:a.txt']);

    const list = await call(core, 'checkpoints.list', {});
    expect(list.total).toBe(2);
    expect(list.checkpoints.map((c: { label: string }) => c.label)).toEqual(['edited', 'start']);

    const preview = await call(core, 'checkpoints.preview', { checkpointId: first.checkpointId });
    expect(preview).toMatchObject({ created: 0, modified: 1, deleted: 1 });
    const atFirst = await call(core, 'checkpoints.fileAt', { checkpointId: first.checkpointId, path: 'a.txt' });
    expect(atFirst).toMatchObject({ exists: true, binary: false, text: 'one\n' });

    const restored = await call(core, 'checkpoints.restore', { checkpointId: first.checkpointId });
    expect(restored.modified).toEqual(['a.txt']);
    expect(restored.deleted).toEqual(['c.txt']);
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('one\n');

    // Undo: restore the checkpoint taken before the restore.
    await call(core, 'checkpoints.restore', { checkpointId: restored.beforeCheckpointId });
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('two\n');
    expect(await readFile(join(root, 'c.txt'), 'utf8')).toBe('new\n');

    const diff = await call(core, 'checkpoints.diff', { from: first.checkpointId, to: 'now' });
    expect(diff.files.length).toBe(2);
    const usage = await call(core, 'checkpoints.usage', {});
    expect(usage.checkpoints).toBeGreaterThanOrEqual(4);
  });

  it('answers bad input with typed errors', async () => {
    const { core } = await coreOn({ 'a.txt': 'x' });
    expect(await core.router.handle('checkpoints.restore', { checkpointId: '../../x' }, ctx)).toMatchObject({ error: { code: 'bad_request' } });
    expect(await core.router.handle('checkpoints.show', { checkpointId: 'ffffffffff' }, ctx)).toMatchObject({ error: { code: 'not_found' } });
    expect(await core.router.handle('checkpoints.fileAt', { checkpointId: 'latest', path: '../etc/passwd' }, ctx)).toMatchObject({
      error: { code: expect.stringMatching(/forbidden|not_found/) },
    });
    expect(await core.router.handle('checkpoints.create', { label: 'x'.repeat(500) }, ctx)).toMatchObject({ error: { code: 'bad_request' } });
  });
});
