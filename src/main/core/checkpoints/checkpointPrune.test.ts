import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ageCheckpoints, storeDirOf, writeRetention } from '../../../testing/checkpointAge';
import { gitIn, makeEnv, type TestEnv } from '../../../testing/checkpointWorkspace';
import { tempDir, writeTree } from '../../../testing/tempTree';
import { createCore, type Core } from '../createCore';
import { createCheckpointService } from './checkpointService';
import { wordsText } from '../../../shared/errors';

// Pruning by the setting checkpoints.retentionDays (retentionSetting.ts), on real workspaces and stores.

let env: TestEnv | null = null;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await env?.cleanup();
  env = null;
  for (const c of cleanups.splice(0).reverse()) await c();
});

const refsOf = (storeDir: string) =>
  gitIn(storeDir, '--git-dir=git', 'for-each-ref', '--format=%(refname:lstrip=3)', 'refs/akira/cp/').trim().split('\n').filter(Boolean).sort();

/** Four checkpoints, 200, 100, 20 and 0 days old (oldest first). */
async function fourAged(e: TestEnv): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < 4; i++) {
    await e.write('a.txt', `version ${i}\n`);
    ids.push((await e.service.create({ label: `cp${i}` })).id);
  }
  await e.service.whenIdle(); // its maintenance done, the store free
  await ageCheckpoints(e.service.storeDir, { [ids[0]]: 200, [ids[1]]: 100, [ids[2]]: 20 });
  return ids;
}

describe('checkpoint pruning by the retentionDays setting', () => {
  it('a dry run lists what the setting would remove and removes nothing', async () => {
    env = await makeEnv({ 'a.txt': 'x\n' });
    const ids = await fourAged(env);
    await writeRetention(join(env.dataDir, 'settings.json'), 30);
    const refsBefore = refsOf(env.service.storeDir);

    const plan = await env.service.prune({ dryRun: true });
    expect(plan).toMatchObject({ dryRun: true, retentionDays: 30, retentionSource: 'global', kept: 2, notes: [] });
    expect(plan.removed).toEqual([ids[0], ids[1]]);
    expect(plan.pruned.map((p) => [p.record.label, p.reason])).toEqual([
      ['cp0', 'age'],
      ['cp1', 'age'],
    ]);
    expect(plan.freedBytes).toBeUndefined();
    expect((await env.service.list()).total).toBe(4);
    expect(refsOf(env.service.storeDir)).toEqual(refsBefore);
    expect((await env.service.fileAt(ids[0], 'a.txt')).text).toBe('version 0\n');
    expect(env.events.some((e) => e.name === 'checkpoints.onChanged' && (e.data as { reason: string }).reason === 'pruned')).toBe(false);
  });

  it('removes only the checkpoints older than the setting, re-read at each prune', async () => {
    env = await makeEnv({ 'a.txt': 'x\n' });
    const ids = await fourAged(env);
    const settings = join(env.dataDir, 'settings.json');

    // Default 90 days: only the 200- and 100-day-old ones go.
    const byDefault = await env.service.prune();
    expect(byDefault).toMatchObject({ dryRun: false, retentionDays: 90, retentionSource: 'default', removed: [ids[0], ids[1]], kept: 2 });
    expect(byDefault.freedBytes).toBeGreaterThanOrEqual(0);
    expect((await env.service.list()).checkpoints.map((c) => c.id)).toEqual([ids[3], ids[2]]);
    expect(refsOf(env.service.storeDir)).toEqual([ids[2], ids[3]].sort());
    await expect(env.service.get(ids[1])).rejects.toMatchObject({ code: 'not_found' });

    // The setting changes while the service runs: the next prune applies it (20 days old > 10).
    await writeRetention(settings, 10);
    const shorter = await env.service.prune();
    expect(shorter).toMatchObject({ retentionDays: 10, retentionSource: 'global', removed: [ids[2]], kept: 1 });
    expect((await env.service.list()).checkpoints.map((c) => c.id)).toEqual([ids[3]]);
    // The newest one is never pruned, however old.
    await env.service.whenIdle();
    await ageCheckpoints(env.service.storeDir, { [ids[3]]: 1000 });
    expect((await env.service.prune()).removed).toEqual([]);
    expect((await env.service.fileAt(ids[3], 'a.txt')).text).toBe('version 3\n');
  });

  it('a longer workspace value keeps more; a shorter one is not applied and noted', async () => {
    env = await makeEnv({ 'a.txt': 'x\n' });
    const ids = await fourAged(env);
    await mkdir(join(env.root, '.akira'), { recursive: true });
    await writeRetention(join(env.dataDir, 'settings.json'), 30);

    await writeRetention(join(env.root, '.akira', 'settings.json'), 150);
    expect(await env.service.prune({ dryRun: true })).toMatchObject({ retentionDays: 150, retentionSource: 'workspace', removed: [ids[0]], kept: 3 });

    await writeRetention(join(env.root, '.akira', 'settings.json'), 5);
    const noted = await env.service.prune();
    expect(noted).toMatchObject({ retentionDays: 30, retentionSource: 'global', removed: [ids[0], ids[1]], kept: 2 });
    expect(noted.notes).toEqual([expect.stringContaining('a workspace can only keep checkpoints longer, so 30 days apply')]);
    // Issue 14: the note in words too, said in the language; its English is the note.
    expect(noted.noteWords).toEqual([{ key: 'checkpoint.retentionNotShortened', values: [5, 'global', 30] }]);
    expect(wordsText(noted.noteWords[0], 'en')).toBe(noted.notes[0]);
    expect(wordsText(noted.noteWords[0], 'zh-CN')).toBe('.akira/settings.json 把 checkpoints.retentionDays 设为 5，比全局设置（30）短：工作区只能让检查点保留得更久，所以按 30 天保留。');
  });

  it('an invalid setting: prune answers bad_request naming the file and field, automatic pruning removes nothing by age', async () => {
    env = await makeEnv({ 'a.txt': 'x\n' });
    const ids = await fourAged(env);
    await mkdir(join(env.root, '.akira'), { recursive: true });
    await writeRetention(join(env.root, '.akira', 'settings.json'), 0);
    for (const dryRun of [true, false]) {
      await expect(env.service.prune({ dryRun })).rejects.toMatchObject({
        code: 'bad_request',
        message: '.akira/settings.json: checkpoints.retentionDays must be a whole number of days from 1 to 3650 (got 0).',
      });
    }
    // A fresh service (another process) prunes automatically after its first checkpoint: not on a bad setting.
    const other = await createCheckpointService({ root: env.root, dataDir: env.dataDir });
    await env.write('a.txt', 'later\n');
    await other.create({ label: 'later' });
    await other.whenIdle();
    await other.dispose();
    expect((await env.service.list()).total).toBe(5);
    expect(refsOf(env.service.storeDir)).toContain(ids[0]);
  });

  it('automatic pruning uses the setting', async () => {
    env = await makeEnv({ 'a.txt': 'x\n' });
    const ids = await fourAged(env);
    await writeRetention(join(env.dataDir, 'settings.json'), 10); // (the default 90 would keep the 20-day-old one)
    const other = await createCheckpointService({ root: env.root, dataDir: env.dataDir });
    await env.write('a.txt', 'later\n');
    const later = await other.create({ label: 'later' });
    await other.whenIdle(); // maintenance: the first in this service prunes
    await other.dispose();
    expect((await env.service.list()).checkpoints.map((c) => c.id)).toEqual([later.id, ids[3]]);
  });

  it('a caller-fixed retention wins over the setting', async () => {
    env = await makeEnv({ 'a.txt': 'x\n' }, { retentionDays: 150 });
    const ids = await fourAged(env);
    await writeRetention(join(env.dataDir, 'settings.json'), 10);
    expect(await env.service.prune({ dryRun: true })).toMatchObject({ retentionDays: 150, retentionSource: 'option', removed: [ids[0]] });
    expect(await env.service.prune({ dryRun: true, retentionDays: 50 })).toMatchObject({ retentionDays: 50, removed: [ids[0], ids[1]] });
  });
});

describe('checkpoints.prune through the contract', () => {
  async function coreOn(): Promise<{ core: Core; root: string; dataDir: string }> {
    const ws = await tempDir('akira-cp-ws-');
    const data = await tempDir('akira-cp-data-');
    await writeTree(ws.dir, { 'a.txt': 'one\n' });
    const core = await createCore({ workspaceRoot: ws.dir, dataDir: data.dir, face: 'test', version: '0.0.0', validateOutput: true, watch: false });
    cleanups.push(ws.cleanup, data.cleanup, () => core.dispose());
    return { core, root: ws.dir, dataDir: data.dir };
  }
  const call = async (core: Core, name: string, params: unknown) => {
    const answer = await core.router.handle(name, params, { face: 'test' });
    if ('error' in answer) return { error: answer.error };
    return answer.result as any;
  };

  it('answers what was (or would be) removed, how many are kept, and bad settings as bad_request', async () => {
    const { core, root, dataDir } = await coreOn();
    const a = await call(core, 'checkpoints.create', { label: 'old' });
    await writeTree(root, { 'a.txt': 'two\n' });
    const b = await call(core, 'checkpoints.create', { label: 'new' });
    await core.dispose(); // the store free to be aged
    await ageCheckpoints(await storeDirOf(dataDir, root), { [a.checkpointId]: 120 });
    await core.openWorkspace(root);

    const dry = await call(core, 'checkpoints.prune', { dryRun: true });
    expect(dry).toMatchObject({ dryRun: true, retentionDays: 90, retentionSource: 'default', kept: 1, notes: [] });
    expect(dry.removed).toEqual([{ checkpointId: a.checkpointId, label: 'old', origin: 'manual', createdAt: expect.any(String), reason: 'age' }]);
    expect(dry).not.toHaveProperty('freedBytes');
    expect((await call(core, 'checkpoints.list', {})).total).toBe(2);

    const done = await call(core, 'checkpoints.prune', {});
    expect(done).toMatchObject({ dryRun: false, kept: 1, removed: [{ checkpointId: a.checkpointId }] });
    expect(done.freedBytes).toBeGreaterThanOrEqual(0);
    expect((await call(core, 'checkpoints.list', {})).checkpoints.map((c: { checkpointId: string }) => c.checkpointId)).toEqual([b.checkpointId]);

    await writeRetention(join(dataDir, 'settings.json'), 1.5);
    expect(await call(core, 'checkpoints.prune', {})).toEqual({
      error: {
        code: 'bad_request',
        message: `The global settings (${join(dataDir, 'settings.json')}): checkpoints.retentionDays must be a whole number of days from 1 to 3650 (got 1.5).`,
        words: { key: 'checkpoint.retentionOutOfRange', values: ['global', join(dataDir, 'settings.json'), 1, 3650, '1.5'] },
      },
    });
    expect(await call(core, 'checkpoints.prune', { dryRun: 'yes' })).toMatchObject({ error: { code: 'bad_request' } });
  });
});
