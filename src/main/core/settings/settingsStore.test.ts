import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSettingsStore } from './settingsStore';

const dirs: string[] = [];
async function tempDir() {
  const dir = await mkdtemp(join(tmpdir(), 'akira-settings-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

describe('settings store', () => {
  it('keeps recent folders newest first, without duplicates, at most 10', async () => {
    const dir = await tempDir();
    const store = await createSettingsStore(dir);
    for (let i = 0; i < 12; i++) await store.addRecent(`/p/${i}`);
    await store.addRecent('/p/5');
    const { recentFolders } = await store.get();
    expect(recentFolders[0]).toBe('/p/5');
    expect(recentFolders).toHaveLength(10);
    expect(new Set(recentFolders).size).toBe(10);
    const reopened = await createSettingsStore(dir);
    expect((await reopened.get()).recentFolders).toEqual(recentFolders);
  });

  it('serialises concurrent updates', async () => {
    const store = await createSettingsStore(await tempDir());
    await Promise.all(['/a', '/b', '/c'].map((f) => store.addRecent(f)));
    expect((await store.get()).recentFolders).toEqual(['/c', '/b', '/a']);
  });

  it('keeps a damaged file aside and starts with defaults', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'settings.json'), '{ "recentFolders": [1, ');
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = await createSettingsStore(dir);
    expect((await store.get()).recentFolders).toEqual([]);
    expect(spy).toHaveBeenCalledOnce();
    expect(await readFile(join(dir, 'settings.json.bad'), 'utf8')).toBe('{ "recentFolders": [1, ');
    spy.mockRestore();
  });
});
