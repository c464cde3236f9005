import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../../testing/tempTree';
import { createFileSecretStore } from '../core/settings/secretStore';
import { createSafeStorageSecretStore, type SafeStorageLike } from './safeStorageSecrets';

const KEY = 'sk-saved-0123456789-wxyz';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});
const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

describe('the desktop store (safeStorage)', () => {
  // A stand-in cipher with safeStorage's shape; Electron itself is not available to vitest.
  const fake = (available = true, backend = 'gnome_libsecret'): SafeStorageLike => ({
    isEncryptionAvailable: () => available,
    encryptString: (s) => Buffer.from(`enc:${Buffer.from(s).toString('base64')}`),
    decryptString: (b) => {
      const t = b.toString();
      if (!t.startsWith('enc:')) throw new Error('not encrypted by us');
      return Buffer.from(t.slice(4), 'base64').toString();
    },
    getSelectedStorageBackend: () => backend,
  });

  it('stores the key encrypted (0600), moves a key saved by akira serve into it and clears both', async () => {
    const data = await tempDir('akira-safe-');
    cleanups.push(data.cleanup);
    await createFileSecretStore(data.dir).set({ key: 'sk-from-serve-00001111', origin: null });
    const store = createSafeStorageSecretStore(data.dir, fake(), 'linux');
    expect(store.kind).toBe('safeStorage');
    expect(await store.get()).toEqual({ key: 'sk-from-serve-00001111', origin: null });
    await store.set({ key: KEY, origin: 'https://api.openai.com' });
    const raw = await readFile(join(data.dir, 'secrets.safe'), 'utf8');
    expect(raw).not.toContain(KEY);
    expect(await modeOf(join(data.dir, 'secrets.safe'))).toBe(0o600);
    await expect(stat(join(data.dir, 'secrets.json'))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await store.get()).toEqual({ key: KEY, origin: 'https://api.openai.com' });
    await store.set(null);
    expect(await store.get()).toBeNull();
  });

  it('falls back to the 0600 file where there is no keyring, and says why', async () => {
    const data = await tempDir('akira-safe-');
    cleanups.push(data.cleanup);
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = createSafeStorageSecretStore(data.dir, fake(true, 'basic_text'), 'linux');
    expect(store.kind).toBe('file');
    expect(store.description).toMatch(/no system keyring was found/);
    await store.set({ key: KEY, origin: null });
    expect(await modeOf(join(data.dir, 'secrets.json'))).toBe(0o600);
    expect(createSafeStorageSecretStore(data.dir, fake(false), 'darwin').description).toMatch(/encryption is not available/);
    spy.mockRestore();
  });
});
