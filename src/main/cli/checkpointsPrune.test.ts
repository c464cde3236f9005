import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageCheckpoints, storeDirOf, writeRetention } from '../../testing/checkpointAge';
import { execBuilt } from '../../testing/builtCli';
import { tempDir, writeTree } from '../../testing/tempTree';

// `akira checkpoints prune` through the real built command (bin/akira.cjs → out/main/cli.js; `npm run build`),
// on a real workspace whose checkpoints are made old by rewriting their dates in the store.

let base = '';
let ws = '';
let dataDir = '';
let cleanup: () => Promise<void> = async () => {};

const akira = (args: string[]) => execBuilt('akira.cjs', args, { cwd: base, env: { AKIRA_DATA_DIR: dataDir } });
const cp = (...args: string[]) => akira(['checkpoints', ...args, '--workspace', ws]);

async function ids(): Promise<string[]> {
  const r = await cp('list', '--json');
  expect(r.code, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as { checkpoints: { checkpointId: string }[] }).checkpoints.map((c) => c.checkpointId);
}

/** Ids of the checkpoints created, oldest first. */
const created: string[] = [];

beforeAll(async () => {
  const t = await tempDir('akira-cli-prune-');
  cleanup = t.cleanup;
  base = t.dir;
  ws = join(base, 'ws');
  dataDir = join(base, 'data');
  await writeTree(ws, { 'a.txt': 'zero\n' });
  await mkdir(dataDir, { recursive: true });
  // Five checkpoints, then made 400, 200, 100, 10 and 0 days old.
  for (let i = 0; i < 5; i++) {
    await writeTree(ws, { 'a.txt': `version ${i}\n` });
    const r = await cp('create', '-m', `cp${i}`, '--json');
    expect(r.code, r.stderr).toBe(0);
    created.push((JSON.parse(r.stdout) as { checkpointId: string }).checkpointId);
  }
  await ageCheckpoints(await storeDirOf(dataDir, ws), { [created[0]]: 400, [created[1]]: 200, [created[2]]: 100, [created[3]]: 10 });
}, 60_000);

afterAll(() => cleanup());

describe('akira checkpoints prune (built)', () => {
  it('--dry-run says what would go under the default 90 days and removes nothing', async () => {
    const r = await cp('prune', '--dry-run');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('Would prune 3 checkpoints older than 90 days (kept 2).');
    expect(lines.slice(1, 4).map((l) => l.trim().split(/\s+/)[0])).toEqual(created.slice(0, 3));
    expect(lines[1]).toMatch(/ manual {2}cp0$/);
    expect(r.stdout).toContain('Retention: 90 days (the default).\n');
    expect(await ids()).toHaveLength(5);

    const json = await cp('prune', '--dry-run', '--json');
    expect(json.code).toBe(0);
    const result = JSON.parse(json.stdout);
    expect(result).toMatchObject({ dryRun: true, retentionDays: 90, retentionSource: 'default', kept: 2, notes: [] });
    expect(result.removed.map((c: { checkpointId: string; reason: string }) => [c.checkpointId, c.reason])).toEqual(created.slice(0, 3).map((id) => [id, 'age']));
    expect(await ids()).toHaveLength(5);
  });

  it('an invalid setting is bad usage (exit 2) naming the file and the field', async () => {
    await writeRetention(join(dataDir, 'settings.json'), 0);
    const r = await cp('prune');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `akira: The global settings (${join(dataDir, 'settings.json')}): checkpoints.retentionDays must be a whole number of days from 1 to 3650 (got 0).\n`,
    );
    const json = await cp('prune', '--json');
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toMatchObject({ error: { code: 'bad_request', message: expect.stringContaining('checkpoints.retentionDays') } });
    expect(await ids()).toHaveLength(5);
  });

  it('prunes only what is older than the setting, and says how many are kept', async () => {
    await writeRetention(join(dataDir, 'settings.json'), 150);
    const r = await cp('prune');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('Pruned 2 checkpoints older than 150 days (kept 3).');
    expect(r.stdout).toContain('Retention: 150 days (checkpoints.retentionDays in the global settings).\n');
    expect(await ids()).toEqual([created[4], created[3], created[2]]);

    // A workspace can lengthen retention but not shorten it: 5 days there is not applied.
    await mkdir(join(ws, '.akira'), { recursive: true });
    await writeRetention(join(ws, '.akira', 'settings.json'), 5);
    const noted = await cp('prune', '--dry-run');
    expect(noted.code).toBe(0);
    expect(noted.stdout).toBe(
      'Nothing to prune: no checkpoint is older than 150 days (kept 3).\n' +
        'Retention: 150 days (checkpoints.retentionDays in the global settings).\n' +
        'Note: .akira/settings.json sets checkpoints.retentionDays to 5, shorter than the global setting (150): a workspace can only keep checkpoints longer, so 150 days apply.\n',
    );

    // 30 days globally, 50 in the workspace (longer: it applies): the 100-day-old one goes; --json gives the result object.
    await writeRetention(join(dataDir, 'settings.json'), 30);
    await writeRetention(join(ws, '.akira', 'settings.json'), 50);
    const json = await cp('prune', '--json');
    expect(json.code).toBe(0);
    const result = JSON.parse(json.stdout);
    expect(result).toMatchObject({ dryRun: false, retentionDays: 50, retentionSource: 'workspace', kept: 2, notes: [] });
    expect(result.removed).toEqual([{ checkpointId: created[2], label: 'cp2', origin: 'manual', createdAt: expect.any(String), reason: 'age' }]);
    expect(result.freedBytes).toBeGreaterThanOrEqual(0);
    expect(await ids()).toEqual([created[4], created[3]]);
  });

  it('refuses arguments, and --help lists prune', async () => {
    const extra = await cp('prune', 'now');
    expect(extra.code).toBe(2);
    expect(extra.stderr).toContain('see `akira checkpoints --help`');
    const help = await akira(['checkpoints', '--help']);
    expect(help.stdout).toContain('prune [--dry-run]');
    expect(help.stdout).toContain('checkpoints.retentionDays');
  });
});
