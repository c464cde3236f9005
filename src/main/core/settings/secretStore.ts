import { chmod, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { SavedKey } from '../agent/model';
import { AkiraError } from '../errors';
import { writeFileAtomic } from '../../common/atomicWrite';
import { settingsErrors } from '../../../shared/errors';

/**
 * Where the model API key is kept, outside the workspace and outside settings.json:
 *
 *   const secrets = createFileSecretStore(dataDir);   // `<dataDir>/secrets.json`, mode 0600 (akira serve, CLI)
 *   await secrets.set({key: 'sk-…', origin: 'https://api.openai.com'});   // a key is saved with the server it is for
 *   await secrets.get() → {key, origin}; await secrets.set(null)          // removes it
 *
 * The desktop passes its own store (Electron safeStorage, src/main/electron/safeStorageSecrets.ts) to
 * createCore. A secrets file that other users may read is tightened to 0600 when it is read (and the
 * fix is reported on stderr); one that cannot be fixed (someone else's file) is refused with a clear
 * message, never used.
 */
export interface SecretStore {
  readonly kind: 'file' | 'safeStorage' | 'memory';
  /** For people: where keys are kept, e.g. "a file only you can read (~/.config/akira/secrets.json)". */
  readonly description: string;
  get(): Promise<SavedKey | null>;
  set(saved: SavedKey | null): Promise<void>;
}

const FILE_MODE = 0o600;
const KEY_FIELD = 'openaiApiKey';
const ORIGIN_FIELD = 'openaiApiKeyOrigin';

export interface FileSecretStoreOptions {
  /** Where a tightened mode is reported (default: stderr). */
  warn?: (message: string) => void;
  platform?: NodeJS.Platform;
}

export function createFileSecretStore(dataDir: string, options: FileSecretStoreOptions = {}): SecretStore {
  const file = join(dataDir, 'secrets.json');
  const warn = options.warn ?? ((m: string) => console.error(`akira: ${m}`));
  const posix = (options.platform ?? process.platform) !== 'win32';
  let queue: Promise<unknown> = Promise.resolve();

  async function readAll(): Promise<Record<string, unknown>> {
    let info;
    try {
      info = await stat(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw err;
    }
    if (posix) {
      if (typeof process.getuid === 'function' && info.uid !== process.getuid()) {
        throw new AkiraError('forbidden', settingsErrors.keyFileForeign(file));
      }
      if ((info.mode & 0o077) !== 0) {
        try {
          await chmod(file, FILE_MODE);
        } catch (err) {
          throw new AkiraError('forbidden', settingsErrors.keyFileOpen(file, (err as Error).message));
        }
        warn(`${file} could be read by other users (mode ${(info.mode & 0o777).toString(8)}); changed it to 600.`);
      }
    }
    const text = await readFile(file, 'utf8');
    if (!text.trim()) return {};
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // fall through
    }
    throw new AkiraError('bad_request', settingsErrors.keyFileDamaged(file));
  }

  function serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = queue.then(fn);
    queue = run.catch(() => undefined);
    return run;
  }

  return {
    kind: 'file',
    description: `a file only you can read (${file})`,
    get: () =>
      serial(async () => {
        const all = await readAll();
        const key = all[KEY_FIELD];
        const origin = all[ORIGIN_FIELD];
        return typeof key === 'string' && key ? { key, origin: typeof origin === 'string' && origin ? origin : null } : null;
      }),
    set: (saved) =>
      serial(async () => {
        const all: Record<string, unknown> = await readAll().catch((err) => {
          // A damaged or foreign file is replaced by a save (it is our file name in our data folder).
          if (err instanceof AkiraError && err.code === 'bad_request') return {};
          throw err;
        });
        delete all[KEY_FIELD];
        delete all[ORIGIN_FIELD];
        if (saved) {
          all[KEY_FIELD] = saved.key;
          if (saved.origin) all[ORIGIN_FIELD] = saved.origin;
        }
        if (Object.keys(all).length === 0) {
          await rm(file, { force: true });
          return;
        }
        await writeFileAtomic(file, JSON.stringify(all, null, 2) + '\n', FILE_MODE);
        // writeFile's mode is filtered by the umask; make sure.
        if (posix) await chmod(file, FILE_MODE);
      }),
  };
}

/** A store that forgets on exit (tests, or a desktop without any way to keep secrets). */
export function createMemorySecretStore(initial: SavedKey | null = null): SecretStore {
  let value = initial;
  return {
    kind: 'memory',
    description: 'memory only (forgotten when Akira quits)',
    get: async () => value,
    set: async (saved) => {
      value = saved;
    },
  };
}

/** `…abcd`: the last 4 characters of a key long enough that they give nothing away, else null. */
export function keyHint(key: string | null | undefined): string | null {
  if (!key || key.length < 12) return null;
  return `…${key.slice(-4)}`;
}
