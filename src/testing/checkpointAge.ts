import { readFile, realpath, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { storePaths } from '../main/core/checkpoints/storeLayout';

/**
 * Makes checkpoints old, as time passing would: rewrites their `createdAt` in the store's list
 * (`checkpoints.jsonl`) to `days` days ago. Only while no service holds the store (call `whenIdle()`
 * first on a running one: it keeps the store's lock a moment after each operation).
 *
 *   await ageCheckpoints(storeDirOf(dataDir, root), { [a.id]: 100, [b.id]: 40 });
 */
export async function ageCheckpoints(storeDir: string, daysById: Record<string, number>, now = Date.now()): Promise<void> {
  const listPath = join(storeDir, 'checkpoints.jsonl');
  const lines = (await readFile(listPath, 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { id: string; createdAt: string });
  for (const l of lines) {
    const days = daysById[l.id];
    if (days !== undefined) l.createdAt = new Date(now - days * 86_400_000).toISOString();
  }
  await writeFile(listPath, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
}

/** The checkpoint store folder of the workspace at `root` (as the CLI and the app find it). */
export async function storeDirOf(dataDir: string, root: string): Promise<string> {
  return storePaths(dataDir, await realpath(root)).dir;
}

/** Writes `{"checkpoints": {"retentionDays": days}}` as the settings file `file` (its folder must exist). */
export async function writeRetention(file: string, days: unknown): Promise<void> {
  await writeFile(file, JSON.stringify({ checkpoints: { retentionDays: days } }, null, 2));
}
