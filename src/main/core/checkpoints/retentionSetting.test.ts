import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeRetention } from '../../../testing/checkpointAge';
import { tempDir } from '../../../testing/tempTree';
import { readRetentionSetting } from './retentionSetting';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function folders(): Promise<{ root: string; dataDir: string; globalFile: string; wsFile: string }> {
  const ws = await tempDir('akira-ret-ws-');
  const data = await tempDir('akira-ret-data-');
  cleanups.push(ws.cleanup, data.cleanup);
  await mkdir(join(ws.dir, '.akira'));
  return { root: ws.dir, dataDir: data.dir, globalFile: join(data.dir, 'settings.json'), wsFile: join(ws.dir, '.akira', 'settings.json') };
}

describe('checkpoints.retentionDays setting', () => {
  it('defaults to 90 days without settings files (or without the field)', async () => {
    const f = await folders();
    expect(await readRetentionSetting(f.root, f.dataDir)).toEqual({ days: 90, source: 'default' });
    await writeFile(f.globalFile, JSON.stringify({ recentFolders: [], checkpoints: {} }));
    await writeFile(f.wsFile, JSON.stringify({ agent: { mode: 'code-dev' } }));
    expect(await readRetentionSetting(f.root, f.dataDir)).toEqual({ days: 90, source: 'default' });
  });

  it('reads the global value; a longer workspace value wins', async () => {
    const f = await folders();
    await writeRetention(f.globalFile, 30);
    expect(await readRetentionSetting(f.root, f.dataDir)).toEqual({ days: 30, source: 'global' });
    await writeRetention(f.wsFile, 365);
    expect(await readRetentionSetting(f.root, f.dataDir)).toEqual({ days: 365, source: 'workspace' });
    await writeRetention(f.wsFile, 30);
    expect(await readRetentionSetting(f.root, f.dataDir)).toEqual({ days: 30, source: 'workspace' });
  });

  it('does not apply a shorter workspace value (a project cannot delete your history) and says why', async () => {
    const f = await folders();
    await writeRetention(f.wsFile, 1);
    const onDefault = await readRetentionSetting(f.root, f.dataDir);
    expect(onDefault).toMatchObject({ days: 90, source: 'default' });
    expect(onDefault.ignored).toBe(
      '.akira/settings.json sets checkpoints.retentionDays to 1, shorter than the default (90): a workspace can only keep checkpoints longer, so 90 days apply.',
    );
    await writeRetention(f.globalFile, 60);
    const onGlobal = await readRetentionSetting(f.root, f.dataDir);
    expect(onGlobal).toMatchObject({ days: 60, source: 'global' });
    expect(onGlobal.ignored).toContain('shorter than the global setting (60)');
  });

  it('refuses values out of range or not whole numbers, naming the file and the field', async () => {
    const f = await folders();
    for (const bad of [0, 3651, 1.5, -3, '30', null, true]) {
      await writeRetention(f.globalFile, bad);
      const err = await readRetentionSetting(f.root, f.dataDir).catch((e: unknown) => e);
      expect(err).toMatchObject({
        code: 'bad_request',
        message: `The global settings (${f.globalFile}): checkpoints.retentionDays must be a whole number of days from 1 to 3650 (got ${JSON.stringify(bad)}).`,
      });
    }
    await writeRetention(f.globalFile, 3650);
    expect((await readRetentionSetting(f.root, f.dataDir)).days).toBe(3650);
    await writeRetention(f.globalFile, 1);
    expect((await readRetentionSetting(f.root, f.dataDir)).days).toBe(1);

    await writeRetention(f.wsFile, 4000);
    await expect(readRetentionSetting(f.root, f.dataDir)).rejects.toMatchObject({
      code: 'bad_request',
      message: '.akira/settings.json: checkpoints.retentionDays must be a whole number of days from 1 to 3650 (got 4000).',
    });
  });

  it('refuses a checkpoints section that is not an object and files that are not JSON objects', async () => {
    const f = await folders();
    await writeFile(f.wsFile, JSON.stringify({ checkpoints: 30 }));
    await expect(readRetentionSetting(f.root, f.dataDir)).rejects.toMatchObject({
      code: 'bad_request',
      message: '.akira/settings.json: checkpoints must be an object, e.g. {"retentionDays": 90}.',
    });
    await writeFile(f.wsFile, '{"checkpoints": {"retentionDays": 30,}}');
    await expect(readRetentionSetting(f.root, f.dataDir)).rejects.toMatchObject({ code: 'bad_request', message: expect.stringMatching(/^\.akira\/settings\.json is not valid JSON: /) });
    await writeFile(f.wsFile, '[1]');
    await expect(readRetentionSetting(f.root, f.dataDir)).rejects.toMatchObject({ code: 'bad_request', message: '.akira/settings.json is not a JSON object.' });
  });

  it('does not read a workspace settings file that links out of the workspace', async () => {
    const f = await folders();
    const outside = join(f.dataDir, 'elsewhere.json');
    await writeRetention(outside, 500);
    await symlink(outside, f.wsFile);
    await expect(readRetentionSetting(f.root, f.dataDir)).rejects.toMatchObject({ code: 'forbidden' });
  });
});
