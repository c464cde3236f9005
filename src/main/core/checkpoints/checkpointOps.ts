import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../../common/atomicWrite';
import { AkiraError } from '../errors';
import { normalizeRelative, resolveInside } from '../workspace/pathGuard';
import { removeMetadata, writeMetadata } from './metadataFile';
import { tracer } from './trace';
import { ignoreStamp, scanPaths, walkTree, type DirStamp, type ScanOptions, type WalkBaseline } from './scanner';
import { borrowing, loadRepoSeed, type RepoSeed } from './repoSeed';
import { IMPORTER_STOPPED, writeSnapshot, type SnapshotInput, type SnapshotResult } from './snapshot';
import type { CacheEntry } from './statCache';
import { CP_REF_PREFIX, SCRATCH_REF } from './storeMaintenance';
import { progressReporter, type StoreContext } from './storeContext';
import { diffRaw, diffStats, type FileStat, type RawChange } from './treeDiff';
import type {
  ChangedFile,
  CheckpointOperation,
  CheckpointRecord,
  CreateOptions,
  CreateResult,
  DiffResult,
  FileAtResult,
} from './types';
import { checkpointErrors } from '../../../shared/errors';

/** The operations behind the service's create/diff/get/fileAt (run inside the service's queue). */

export const SKIPPED_LIMIT = 200;
/** Above this many changed files, per-file line counts are not computed for a listing. */
const NUMSTAT_LIMIT = 5000;
/**
 * Known files above which walks lstat and compare them on the stat pool's worker threads once these
 * are running (starting them costs more than one walk of a mid-size tree saves: the first walk in a
 * process runs here and starts them)...
 */
export const POOL_MIN_FILES = 4000;
/** ...and above which even the first walk uses them (250k-file tree, fresh process: scan 0.95 -> 0.7 s). */
export const POOL_COLD_MIN_FILES = 50_000;

export function newCheckpointId(now = Date.now()): string {
  return `${now.toString(36).padStart(9, '0')}${randomBytes(3).toString('hex')}`;
}

export function scanOptions(ctx: StoreContext, onProgress?: (n: number) => void): ScanOptions {
  const n = ctx.cache.entries.size;
  const statPool = n > POOL_COLD_MIN_FILES || (n > POOL_MIN_FILES && ctx.statPool.ready()) ? ctx.statPool : undefined;
  return { root: ctx.root, rules: ctx.rules, exclusions: ctx.exclusions, maxFileBytes: ctx.maxFileBytes, onProgress, statPool };
}

/** Makes sure the stat cache's tree is still in the store; rebuilds it from the latest checkpoint if not. */
export async function ensureCacheValid(ctx: StoreContext): Promise<void> {
  if (ctx.cacheVerified) return;
  const tree = ctx.cache.tree;
  if (tree) {
    const type = (await ctx.git.run(['cat-file', '-t', tree], { okCodes: [1, 128] })).toString().trim();
    if (type === 'tree') {
      ctx.cacheVerified = true;
      return;
    }
  }
  const latest = ctx.list.latest();
  ctx.cacheVerified = true;
  if (!tree && !latest) return;
  // Rebuild from the latest checkpoint's tree without stat data: every file is re-read once (and only
  // content that differs is written); this only happens after a crash or a damaged cache file.
  const entries = new Map<string, CacheEntry>();
  if (latest) {
    const out = (await ctx.git.run(['ls-tree', '-r', '-z', '--full-tree', latest.commit])).toString('utf8');
    for (const item of out.split('\0')) {
      const m = /^(\d+) blob ([0-9a-f]{40})\t([\s\S]+)$/.exec(item);
      if (!m) continue;
      entries.set(m[3], { size: -1, mtimeMs: 0, ctimeMs: 0, ino: 0, mode: parseInt(m[1], 8) as CacheEntry['mode'], oid: m[2], racy: true });
    }
  }
  await ctx.cache.replaceAll(latest?.tree ?? null, entries);
  ctx.cacheValidFrom = 0;
  ctx.lastWalk = null;
}

/**
 * What the latest walk learned (ignore-file stamps, folder stamps), saved so that a freshly started
 * process walks with a baseline too. Nothing in it is trusted blindly: the ignore stamp is compared
 * after the walk (a difference means a full re-walk) and a folder is skipped only if its stamp still
 * matches; known files always come from the stat cache.
 */
async function savedWalk(ctx: StoreContext): Promise<StoreContext['lastWalk']> {
  try {
    const saved = JSON.parse(await readFile(ctx.paths.walkState, 'utf8')) as { version: number; ignoreStamp: string; dirStamps: [string, DirStamp][] };
    if (saved.version !== 2 || typeof saved.ignoreStamp !== 'string' || !Array.isArray(saved.dirStamps)) return null;
    const dirStamps = new Map(saved.dirStamps);
    const dirs = new Set<string>(['', ...dirStamps.keys()]);
    for (const dir of ctx.cache.byDir().keys()) {
      for (let d = dir; d && !dirs.has(d); d = d.includes('/') ? d.slice(0, d.lastIndexOf('/')) : '') dirs.add(d);
    }
    return { dirs, ignoreStamp: saved.ignoreStamp, dirStamps };
  } catch {
    return null;
  }
}

/** Saves the walk state (at most every 30 s during work; `dispose` saves what is left). */
export async function saveWalk(ctx: StoreContext, force = false): Promise<void> {
  const walk = ctx.lastWalk;
  if (!walk || (!force && Date.now() - ctx.walkSavedAt < 30_000)) {
    ctx.walkUnsaved = !!walk;
    return;
  }
  ctx.walkSavedAt = Date.now();
  ctx.walkUnsaved = false;
  const text = JSON.stringify({ version: 2, ignoreStamp: walk.ignoreStamp, dirStamps: [...(walk.dirStamps ?? [])] });
  await writeFileAtomic(ctx.paths.walkState, text).catch(() => undefined);
}

export interface Snapshot extends SnapshotResult {
  scanKind: 'walk' | 'feed';
}

export interface SnapshotOptions {
  /** The ref to write (default: the scratch ref). */
  ref?: string;
  /** Asked once the tree is known: false → no ref. */
  keepRef?: (tree: string) => boolean;
  /** Compute line counts against the cache's tree when possible (snapshot.ts). */
  countLines?: boolean;
  /** Answer before the snapshot is complete: the caller then awaits `finish` (see SnapshotResult). */
  early?: boolean;
}

/**
 * Scans (through the change feed when it can be trusted) and writes a snapshot commit on a ref; the
 * snapshot is complete (pack durable, stat cache updated) when `finish` resolves, which is before
 * this answers unless `early`.
 */
export async function takeSnapshot(ctx: StoreContext, message: string, operation: CheckpointOperation, options: SnapshotOptions = {}): Promise<Snapshot> {
  const trace = tracer(operation);
  await ensureCacheValid(ctx);
  const report = progressReporter(ctx, operation);
  // Changes made before this point must be in the feed before it is taken (or the scan walks).
  if (ctx.beforeScan && !(await ctx.beforeScan().catch(() => false))) ctx.feed.markAllDirty();
  if (ctx.beforeScan) trace('barrier');
  const dirty = ctx.feed.take(ctx.cacheValidFrom);
  try {
    const opts = scanOptions(ctx, (n) => report('scanning', n, 0));
    let scanKind: Snapshot['scanKind'] = 'feed';
    // The very first snapshot of a store starts from the user's repository, read while the tree is walked (repoSeed.ts).
    const seeding = !dirty && !ctx.cache.tree && ctx.cache.entries.size === 0 && ctx.list.latest() === null && !borrowing(ctx.git) && ctx.seedFromRepo;
    const seedPromise: Promise<RepoSeed | null> = seeding ? loadRepoSeed(ctx.root, ctx.git).catch(() => null) : Promise.resolve(null);
    let scan = dirty ? await scanPaths(opts, dirty, (rel) => ctx.cache.entries.has(rel)) : null;
    if (!scan) {
      scanKind = 'walk';
      // With the rules unchanged since the last walk, known files are only lstat'ed and compared.
      ctx.lastWalk ??= await savedWalk(ctx);
      // (byDir first: building it moves the generation.)
      const baseline: WalkBaseline | undefined = ctx.lastWalk
        ? { byDir: ctx.cache.byDir(), dirs: ctx.lastWalk.dirs, dirStamps: ctx.lastWalk.dirStamps, generation: ctx.cache.generation, touched: ctx.cache.touched }
        : undefined;
      trace('baseline');
      // What decides what is captured: the ignore files, the exclusion list, the size limit.
      const rulesStamp = (gitignores: string[] | undefined) =>
        `${ignoreStamp(ctx.root, ctx.rules.base, gitignores ?? [])}|${ctx.exclusions.key}|${ctx.maxFileBytes}`;
      scan = await walkTree(opts, baseline);
      let stamp = rulesStamp(scan.gitignores);
      if (baseline && stamp !== ctx.lastWalk?.ignoreStamp) {
        scan = await walkTree(opts); // the rules changed: match everything again
        stamp = rulesStamp(scan.gitignores);
      }
      ctx.lastWalk = { dirs: scan.dirs ?? new Set(), ignoreStamp: stamp, dirStamps: scan.dirStamps };
    }
    trace(`scan (${scanKind}, ${scan.files.size} files)`);
    const seed = await seedPromise;
    // fast-import reads the alternates entry when it starts: one started before it was written is replaced.
    if (seed) await ctx.session.close();
    if (seeding) trace(`seed (${seed ? seed.entries.size : 'none'})`);
    const snapshotInput: SnapshotInput = {
      root: ctx.root,
      session: ctx.session,
      cache: ctx.cache,
      scan,
      maxFileBytes: ctx.maxFileBytes,
      ref: options.ref ?? SCRATCH_REF,
      keepRef: options.keepRef,
      countLines: options.countLines,
      seed,
      message,
      timeSec: Math.floor(Date.now() / 1000),
      onProgress: (p) => report(p.phase, p.done, p.total),
      trace,
    };
    // The long-lived fast-import may have died (killed, crashed) before Node saw it exit: the write fails having
    // written nothing (failImport dropped that process), so it is tried once more with a fresh one.
    const result = await writeSnapshot(snapshotInput).catch((err: unknown) => {
      if (err instanceof AkiraError && err.message.startsWith(IMPORTER_STOPPED)) return writeSnapshot(snapshotInput);
      throw err;
    });
    const startedAt = scan.startedAt;
    const finish = result.finish.then(
      async () => {
        ctx.cacheValidFrom = startedAt;
        if (scanKind === 'walk') await saveWalk(ctx);
        if (scanKind === 'walk' && ctx.cache.entries.size > POOL_MIN_FILES) ctx.statPool.warm(); // for the next walk
        report('done', result.hashed, result.hashed);
        if (result.addedLines !== undefined) ctx.firstSnapshotLines = result.addedLines;
      },
      (err: unknown) => {
        ctx.feed.restore(dirty);
        throw err;
      },
    );
    finish.catch(() => undefined); // awaited below or by the caller
    if (!options.early) await finish;
    return { ...result, finish, scanKind };
  } catch (err) {
    ctx.feed.restore(dirty);
    throw err;
  }
}

function validName(kind: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^[A-Za-z0-9._-]{1,128}$/.test(value) || value === '.' || value === '..') {
    throw new AkiraError('bad_request', checkpointErrors.badName(kind));
  }
  return value;
}

export async function createCheckpoint(
  ctx: StoreContext,
  opts: CreateOptions & { restoreOf?: string },
  operation: CheckpointOperation = 'create',
): Promise<CreateResult> {
  const origin = opts.origin ?? 'manual';
  if (!['manual', 'agent', 'before-restore'].includes(origin)) throw new AkiraError('bad_request', checkpointErrors.unknownOrigin(origin));
  const sessionId = validName('sessionId', opts.sessionId);
  const todoId = validName('todoId', opts.todoId);
  const label = (opts.label ?? '').trim().slice(0, 500) || (origin === 'agent' ? 'Agent checkpoint' : 'Checkpoint');
  const id = newCheckpointId();
  const ref = `${CP_REF_PREFIX}${id}`;
  const message = [label, '', `Akira-Checkpoint: ${id}`, `Akira-Origin: ${origin}`, ...(sessionId ? [`Akira-Session: ${sessionId}`] : [])].join('\n');
  const previous = ctx.list.latest();
  const unchanged = (tree: string) => !!opts.skipIfUnchanged && !!previous && previous.tree === tree;
  // Line counts against the previous checkpoint can be computed with the snapshot when the stat
  // cache describes that checkpoint (not a later preview, nor a state of another process).
  const countLines = !!previous && ctx.cache.tree === previous.tree;
  const snap = await takeSnapshot(ctx, message, operation, { ref, keepRef: (tree) => !unchanged(tree), countLines, early: true });
  const trace = tracer(operation);

  if (previous && unchanged(snap.tree)) {
    await snap.finish;
    return { ...previous, unchanged: true, scan: snap.scanKind, hashed: snap.hashed };
  }

  let files: FileStat[] = [];
  let insertions = 0;
  let deletions = 0;
  let filesChanged: number;
  if (previous) {
    // Counted with the snapshot (while fast-import makes the pack durable), or by git once it is.
    if (!snap.lineCounts) await snap.finish;
    try {
      files = snap.lineCounts ?? (await ctx.session.numstat(previous.tree, snap.tree, snap.commit)).files;
    } catch (err) {
      await snap.finish.catch(() => undefined); // never leave the snapshot half-done behind the queue
      throw err;
    }
    for (const f of files) {
      insertions += f.insertions ?? 0;
      deletions += f.deletions ?? 0;
    }
    filesChanged = files.length;
  } else {
    await snap.finish; // (the stat cache holds the snapshot's files then)
    filesChanged = ctx.cache.entries.size;
    insertions = ctx.firstSnapshotLines ?? 0;
  }
  trace('stats');
  const record: CheckpointRecord = {
    id,
    // One numbering for the workspace: manual, agent and before-restore checkpoints alike (the Timeline's #n).
    n: ctx.list.all().reduce((max, r) => Math.max(max, r.n), 0) + 1,
    commit: snap.commit,
    tree: snap.tree,
    label,
    origin,
    ...(sessionId ? { sessionId } : {}),
    ...(todoId ? { todoId } : {}),
    ...(opts.restoreOf ? { restoreOf: opts.restoreOf } : {}),
    createdAt: new Date().toISOString(),
    filesChanged,
    insertions,
    deletions,
    skipped: snap.skipped.slice(0, SKIPPED_LIMIT),
    skippedCount: snap.skipped.length,
  };
  if (ctx.writeMetadata) {
    const written = await writeMetadata(ctx.root, record, files);
    if (written) record.metadataPath = written;
  }
  trace('metadata');
  try {
    await snap.finish; // the pack is durable and the ref written before the checkpoint is listed
  } catch (err) {
    if (record.metadataPath) await removeMetadata(ctx.root, record.metadataPath);
    throw err;
  }
  trace('finish');
  await ctx.list.append(record);
  trace('list');
  ctx.emit('checkpoints.onChanged', { reason: 'created', checkpointId: id });
  return { ...record, scan: snap.scanKind, hashed: snap.hashed };
}

/** A checkpoint by id, unique id prefix (≥ 4 characters) or 'latest'. */
export function resolveCheckpoint(ctx: StoreContext, idOrPrefix: string): CheckpointRecord {
  if (typeof idOrPrefix !== 'string' || !idOrPrefix) throw new AkiraError('bad_request', checkpointErrors.idRequired);
  if (idOrPrefix === 'latest') {
    const latest = ctx.list.latest();
    if (!latest) throw new AkiraError('not_found', checkpointErrors.noneYet);
    return latest;
  }
  const exact = ctx.list.byId(idOrPrefix);
  if (exact) return exact;
  if (idOrPrefix.length >= 4) {
    const matches = ctx.list.all().filter((r) => r.id.startsWith(idOrPrefix));
    if (matches.length === 1) return matches[0];
    if (matches.length > 1) throw new AkiraError('bad_request', checkpointErrors.ambiguousId(idOrPrefix));
  }
  throw new AkiraError('not_found', checkpointErrors.noSuchCheckpoint(idOrPrefix));
}

/**
 * Workspace-relative, confined forms of a caller's paths (refuses paths outside or through links
 * out). The last component may itself be a link, even one that points out: it names the entry (a
 * restore replaces the link, never writes through it), so only the folders above it are resolved.
 */
export async function normalizePaths(root: string, paths: string[] | undefined): Promise<string[] | undefined> {
  if (paths === undefined) return undefined;
  if (!Array.isArray(paths) || !paths.length) throw new AkiraError('bad_request', checkpointErrors.pathsRequired);
  const out: string[] = [];
  for (const p of paths) {
    const rel = normalizeRelative(root, p);
    if (!rel) throw new AkiraError('bad_request', checkpointErrors.pathsNotWorkspace);
    const slash = rel.lastIndexOf('/');
    if (slash > 0) await resolveInside(root, rel.slice(0, slash));
    out.push(rel);
  }
  return out;
}

const STATUS: Record<RawChange['status'], ChangedFile['status']> = { A: 'added', D: 'deleted', M: 'modified', T: 'type_changed' };

/** Changed files between two commits with +/- counts (counts omitted above NUMSTAT_LIMIT files). */
export async function changedFiles(ctx: StoreContext, from: string | null, to: string, paths?: string[]): Promise<ChangedFile[]> {
  const raw = await diffRaw(ctx.git, from, to, paths);
  const counts = new Map<string, { insertions: number | null; deletions: number | null }>();
  if (raw.length <= NUMSTAT_LIMIT) {
    for (const f of (await diffStats(ctx.git, from, to, paths)).files) counts.set(f.path, f);
  }
  return raw.map((c) => ({
    path: c.path,
    status: STATUS[c.status],
    insertions: counts.get(c.path)?.insertions ?? null,
    deletions: counts.get(c.path)?.deletions ?? null,
    oldMode: c.oldMode,
    newMode: c.newMode,
  }));
}

export async function diffCheckpoints(ctx: StoreContext, from: string | null, to: string, paths?: string[]): Promise<DiffResult> {
  const fromRec = from === null ? null : resolveCheckpoint(ctx, from);
  let toCommit: string;
  if (to === 'now') {
    toCommit = (await takeSnapshot(ctx, 'now', 'diff')).commit;
  } else {
    toCommit = resolveCheckpoint(ctx, to).commit;
  }
  const files = await changedFiles(ctx, fromRec?.commit ?? null, toCommit, paths);
  return {
    from: fromRec?.id ?? null,
    to: to === 'now' ? 'now' : resolveCheckpoint(ctx, to).id,
    files,
    insertions: files.reduce((n, f) => n + (f.insertions ?? 0), 0),
    deletions: files.reduce((n, f) => n + (f.deletions ?? 0), 0),
  };
}

export async function fileAt(ctx: StoreContext, id: string, path: string): Promise<FileAtResult> {
  const rec = resolveCheckpoint(ctx, id);
  const rel = normalizeRelative(ctx.root, path);
  if (!rel) throw new AkiraError('bad_request', checkpointErrors.pathRequired);
  const out = (await ctx.git.run(['ls-tree', '-z', rec.commit, '--', rel])).toString('utf8');
  const m = /^(\d+) (\w+) ([0-9a-f]{40})\t([\s\S]*)$/.exec(out.split('\0')[0] ?? '');
  const base = { checkpointId: rec.id, path: rel };
  if (!m || m[4] !== rel) return { ...base, exists: false, mode: 0, size: 0, binary: false, text: null, bytes: Buffer.alloc(0) };
  if (m[2] !== 'blob') throw new AkiraError('bad_request', checkpointErrors.folderInCheckpoint(rel, rec.id));
  const bytes = await ctx.git.run(['cat-file', 'blob', m[3]]);
  const binary = bytes.subarray(0, 8000).includes(0);
  return { ...base, exists: true, mode: parseInt(m[1], 8), size: bytes.length, binary, text: binary ? null : bytes.toString('utf8'), bytes };
}
