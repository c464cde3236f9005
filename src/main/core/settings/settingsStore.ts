import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../../common/atomicWrite';

const MAX_RECENT = 10;

// Loose: other sections (model, models, agent) live in the same file and must survive addRecent.
export const globalSettings = z.looseObject({
  recentFolders: z.array(z.string()).default([]),
});
export type GlobalSettings = z.infer<typeof globalSettings>;

export interface SettingsStore {
  readonly file: string;
  get(): Promise<GlobalSettings>;
  addRecent(folder: string): Promise<void>;
  /**
   * Changes the file: `change` gets what is on disk now (read afresh: another Akira may have written it)
   * and answers the whole new content; sections it does not touch must be passed through. Serialised with
   * addRecent; written atomically.
   */
  update(change: (s: GlobalSettings) => GlobalSettings): Promise<void>;
}

/**
 * Global settings in `<dataDir>/settings.json`. A damaged file is kept aside as `settings.json.bad`
 * and defaults are used, so a typo never stops the app from starting.
 */
export async function createSettingsStore(dataDir: string): Promise<SettingsStore> {
  const file = join(dataDir, 'settings.json');
  let cache: GlobalSettings | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  async function load(): Promise<GlobalSettings> {
    if (cache) return cache;
    let raw: string | null = null;
    try {
      raw = await readFile(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    if (raw === null) return (cache = globalSettings.parse({}));
    try {
      cache = globalSettings.parse(JSON.parse(raw));
    } catch (err) {
      console.error(`akira: ${file} is not valid settings (${(err as Error).message}); using defaults, kept it as settings.json.bad`);
      await writeFileAtomic(`${file}.bad`, raw);
      cache = globalSettings.parse({});
    }
    return cache;
  }

  function update(change: (s: GlobalSettings) => GlobalSettings): Promise<void> {
    const run = queue.then(async () => {
      // Read afresh: the CLI or another window may have changed the file since it was cached.
      cache = null;
      const next = change(await load());
      await writeFileAtomic(file, JSON.stringify(next, null, 2) + '\n');
      cache = next;
    });
    queue = run.catch(() => undefined);
    return run;
  }

  return {
    file,
    get: load,
    addRecent: (folder) =>
      update((s) => ({ ...s, recentFolders: [folder, ...s.recentFolders.filter((f) => f !== folder)].slice(0, MAX_RECENT) })),
    update,
  };
}
