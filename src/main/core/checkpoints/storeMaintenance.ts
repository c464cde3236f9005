import { lstat, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { StoreGit } from './gitProcess';
import type { CheckpointRecord } from './types';

/**
 * Disk use, retention and housekeeping of a store.
 * - Every snapshot is a parentless commit under its own ref, so removing a checkpoint is deleting its
 *   ref; `git gc --prune=now` then frees whatever no remaining checkpoint shares.
 * - Each checkpoint writes one small pack (its objects without deltas, plus a 1 KiB+ index); packs
 *   are rolled up geometrically once there are a few (the small ones together, with deltas between
 *   the versions of each folder's tree), and loose refs are packed, so the store stays compact and
 *   lookups stay fast after thousands of checkpoints.
 */

export const CP_REF_PREFIX = 'refs/akira/cp/';
export const SCRATCH_REF = 'refs/akira/now';
/** Packs at which maintenance rolls them up (each roll-up also restarts the store's fast-import). */
export const COMPACT_AT_PACKS = 8;
/** Packs under this size are merged with each other after every checkpoint (see compactPacks). */
export const ROLLING_PACK_BYTES = 4 * 1024 * 1024;

export async function diskUsage(dir: string): Promise<{ bytes: number; diskBytes: number }> {
  let bytes = 0;
  let diskBytes = 0;
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop()!;
    const entries = await readdir(d, { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      const abs = join(d, e.name);
      if (e.isDirectory()) {
        stack.push(abs);
        continue;
      }
      const st = await lstat(abs).catch(() => null);
      if (!st) continue;
      bytes += st.size;
      diskBytes += st.blocks * 512;
    }
  }
  return { bytes, diskBytes };
}

export async function packCount(gitDir: string): Promise<number> {
  return (await packFiles(gitDir)).length;
}

/** The store's packs (basename without `.pack`) and their sizes. */
export async function packFiles(gitDir: string): Promise<{ name: string; bytes: number }[]> {
  const dir = join(gitDir, 'objects', 'pack');
  const names = await readdir(dir).catch(() => [] as string[]);
  const packs = await Promise.all(
    names.filter((n) => n.endsWith('.pack')).map(async (n) => ({ name: n.slice(0, -'.pack'.length), bytes: (await lstat(join(dir, n)).catch(() => null))?.size ?? 0 })),
  );
  return packs;
}

/**
 * `.keep` files: a running fast-import keeps the packs it wrote until it ends (storeSession.ts), and a
 * fast-import that was killed leaves them for good, which would stop repack and gc from ever folding
 * or pruning those packs. Maintenance runs with the store lock held and after stopping this
 * service's processes; another process's idle fast-import that loses its `.keep` files is stopped
 * by its own freshness check before it writes again. Nothing else in a store keeps packs.
 */
async function removeKeepFiles(gitDir: string): Promise<void> {
  const dir = join(gitDir, 'objects', 'pack');
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(names.filter((n) => n.endsWith('.keep')).map((n) => rm(join(dir, n), { force: true })));
}

/**
 * Rolls packs up (cheap: proportional to the small packs, no reachability walk). Two steps:
 * - the packs under `ROLLING_PACK_BYTES` (the checkpoints since the last big one) are merged into one
 *   as soon as there are two, so each checkpoint's trees are stored as deltas against the versions the
 *   previous checkpoints wrote (a checkpoint writes whole trees for every folder on a changed path:
 *   several KiB, more than a small edit's own bytes). Once that pack passes the size, it stays;
 * - when there are `threshold` packs or more, a geometric repack folds the big ones too.
 * `beforeRepack` stops the store's long-lived processes first (storeSession.ts).
 */
export async function compactPacks(git: StoreGit, beforeRepack: () => Promise<void> = async () => undefined, threshold = COMPACT_AT_PACKS): Promise<boolean> {
  const packs = await packFiles(git.gitDir);
  if (packs.length >= threshold) {
    await beforeRepack();
    await removeKeepFiles(git.gitDir);
    await git.run(['repack', '-d', '-q', '--geometric=2', '--no-write-bitmap-index']);
    return true;
  }
  const small = packs.filter((p) => p.bytes < ROLLING_PACK_BYTES);
  if (small.length < 2) return false;
  await beforeRepack();
  await removeKeepFiles(git.gitDir);
  const dir = join(git.gitDir, 'objects', 'pack');
  const input = [...small.map((p) => `${p.name}.pack`), ...packs.filter((p) => !small.includes(p)).map((p) => `^${p.name}.pack`)].join('\n');
  const made = (await git.run(['pack-objects', '--stdin-packs', '--delta-base-offset', '-q', join(dir, 'pack')], { input: `${input}\n` })).toString('utf8').trim();
  // The new pack is complete (pack-objects renames it in place last); only then the old ones go.
  for (const p of small) {
    if (p.name === `pack-${made}`) continue;
    await Promise.all(['.idx', '.rev', '.bitmap', '.keep', '.pack'].map((ext) => rm(join(dir, p.name + ext), { force: true })));
  }
  return true;
}

/** Deletes the refs of these checkpoints and of ids not in the list (orphans of a crash). */
export async function deleteRefs(git: StoreGit, removedIds: string[], keepIds: Set<string>): Promise<void> {
  const out = (await git.run(['for-each-ref', '--format=%(refname)', CP_REF_PREFIX])).toString('utf8');
  const lines = new Set(removedIds.map((id) => `delete ${CP_REF_PREFIX}${id}\n`));
  for (const ref of out.split('\n')) {
    if (!ref.startsWith(CP_REF_PREFIX)) continue;
    if (!keepIds.has(ref.slice(CP_REF_PREFIX.length))) lines.add(`delete ${ref}\n`);
  }
  if (lines.size) await git.run(['update-ref', '--stdin'], { input: [...lines].join('') });
}

export async function collectGarbage(git: StoreGit): Promise<void> {
  await removeKeepFiles(git.gitDir);
  await git.run(['pack-refs', '--all', '--prune']);
  await git.run(['gc', '-q', '--prune=now']);
}

export interface RetentionPlan {
  /** Removable by age, oldest first. */
  expired: CheckpointRecord[];
  /** Still removable (oldest first) if the store is over its size cap. */
  rest: CheckpointRecord[];
}

/** Which checkpoints may go: never the newest one, never a protected one. */
export function planRetention(records: readonly CheckpointRecord[], retentionDays: number, protect: Set<string>, now = Date.now()): RetentionPlan {
  const newest = records[records.length - 1];
  const removable = records.filter((r) => r !== newest && !protect.has(r.id));
  const cutoff = now - retentionDays * 86_400_000;
  return {
    expired: removable.filter((r) => Date.parse(r.createdAt) < cutoff),
    rest: removable.filter((r) => Date.parse(r.createdAt) >= cutoff),
  };
}
