import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../common/atomicWrite';
import type { SavedKey } from '../core/agent/model';
import { createFileSecretStore, type SecretStore } from '../core/settings/secretStore';

/**
 * The desktop's secret store: the API key encrypted with Electron's safeStorage (Keychain on macOS,
 * DPAPI on Windows, the Secret Service / KWallet on Linux) in `<dataDir>/secrets.safe` (mode 0600).
 *
 * Where safeStorage cannot really encrypt (no keyring on Linux: the `basic_text` backend), the key goes
 * to the same 0600 file `akira serve` uses, and the settings view says so. A key saved by `akira serve`
 * (`secrets.json`) is read when there is no encrypted one, and moved into the encrypted file on the
 * next save. Takes safeStorage as a parameter (so it is tested without Electron); only main.ts passes
 * the real one. Call after `app.whenReady()`.
 */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only. */
  getSelectedStorageBackend?(): string;
}

const FILE_MODE = 0o600;

/** The decrypted text: `{"key","origin"}`, or a bare key saved before keys carried their origin. */
function parseSaved(text: string): SavedKey | null {
  if (!text) return null;
  if (text.startsWith('{')) {
    try {
      const v = JSON.parse(text) as Partial<SavedKey>;
      if (typeof v.key === 'string' && v.key) return { key: v.key, origin: typeof v.origin === 'string' && v.origin ? v.origin : null };
    } catch {
      // not our JSON: an old bare key that happens to start with '{'
    }
  }
  return { key: text, origin: null };
}

export function createSafeStorageSecretStore(dataDir: string, safeStorage: SafeStorageLike, platform: NodeJS.Platform = process.platform): SecretStore {
  const plain = createFileSecretStore(dataDir);
  const backend = platform === 'linux' ? safeStorage.getSelectedStorageBackend?.() : undefined;
  if (!safeStorage.isEncryptionAvailable() || backend === 'basic_text' || backend === 'unknown') {
    const why = backend === 'basic_text' ? 'no system keyring was found' : 'system encryption is not available';
    return { ...plain, description: `${plain.description}, because ${why}` };
  }
  const file = join(dataDir, 'secrets.safe');
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn);
    queue = run.catch(() => undefined);
    return run;
  };

  async function readEncrypted(): Promise<SavedKey | null> {
    let data: Buffer;
    try {
      data = await readFile(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    if (!data.length) return null;
    try {
      return parseSaved(safeStorage.decryptString(data));
    } catch (err) {
      throw new Error(`${file} cannot be decrypted (${(err as Error).message}); save the API key again.`);
    }
  }

  return {
    kind: 'safeStorage',
    description: `the system keychain (encrypted in ${file})`,
    get: () => serial(async () => (await readEncrypted()) ?? (await plain.get())),
    set: (saved) =>
      serial(async () => {
        if (saved === null) await rm(file, { force: true });
        else await writeFileAtomic(file, safeStorage.encryptString(JSON.stringify(saved)), FILE_MODE);
        // Never leave a plain copy behind (one saved by `akira serve`, or the one this replaces).
        await plain.set(null);
      }),
  };
}
