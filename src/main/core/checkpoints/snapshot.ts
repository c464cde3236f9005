import { createHash } from 'node:crypto';
import { readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { AkiraError } from '../errors';
import { checkpointErrors } from '../../../shared/errors';
import { quotePath } from './gitProcess';
import type { ReplyParser } from './gitPipe';
import { numstatAll, type ChangedEntry } from './lineCounts';
import { seededOid, type RepoSeed } from './repoSeed';
import type { ScanEntry, ScanResult, SkippedFile } from './scanner';
import { SLICE_MS, yieldLoop } from './scanTypes';
import { RACY_WINDOW_MS, type CacheEntry, type StatCache } from './statCache';
import type { StoreSession } from './storeSession';
import type { FileStat } from './treeDiff';

/**
 * Turns a scan into a snapshot commit in the store, touching only what changed:
 * 1. compare the scan with the stat cache: unchanged stat data → nothing to read;
 * 2. read the other files (in bounded chunks), hash them as git blobs in-process and stream the ones
 *    whose content or mode changed into the store's `git fast-import` (storeSession.ts: kept running
 *    between snapshots; objects go straight into a pack; fast-import skips blobs already packed);
 * 3. the commit starts from the previous snapshot's tree (`M 040000 <tree> ""`) and applies only the
 *    changed entries (`M`/`D`), so the cost follows the number of changes, not the size of the tree;
 *    commits have no parent (a `reset` precedes each), so pruning a checkpoint frees what only it
 *    referenced; `checkpoint` then closes the pack and writes the commit's ref (unless the caller
 *    declines it once it sees the tree: an unchanged checkpoint), and the branch is reset again so
 *    that fast-import never rewrites it (it would at every later checkpoint and when it ends);
 * 4. record the new stat data in the cache.
 */

export interface SnapshotProgress {
  phase: 'hashing' | 'writing';
  done: number;
  total: number;
}

export interface SnapshotInput {
  root: string;
  session: StoreSession;
  cache: StatCache;
  scan: ScanResult;
  maxFileBytes: number;
  /** The ref the commit goes to (refs/akira/cp/<id>, or the scratch ref for previews). */
  ref: string;
  /** Asked once the tree is known: false → no ref is written (the objects stay unreferenced). */
  keepRef?(tree: string): boolean;
  /** Compute the per-file line counts against the cache's tree when that can be done here (lineCounts.ts). */
  countLines?: boolean;
  message: string;
  /**
   * A first snapshot (empty cache, full walk) from the user's repository (repoSeed.ts): starts from HEAD's tree,
   * and files the user's index vouches for are not read.
   */
  seed?: RepoSeed | null;
  /** Commit time, seconds since the epoch. */
  timeSec: number;
  onProgress?(p: SnapshotProgress): void;
  trace?(phase: string): void;
}

export interface SnapshotResult {
  commit: string;
  tree: string;
  /** False when `keepRef` declined the ref. */
  refWritten: boolean;
  /**
   * Resolves once the pack is durable, the ref written and the stat cache updated (the snapshot is
   * complete only then): the caller may do other work meanwhile, and must await it.
   */
  finish: Promise<void>;
  /** Per-file line counts against the cache's previous tree, when `countLines` could answer them. */
  lineCounts?: FileStat[];
  /** Paths whose tree entry changed against the previous snapshot (added, modified, mode, removed). */
  changedPaths: number;
  /** Files read and hashed (changed stat data, new or racy). */
  hashed: number;
  skipped: SkippedFile[];
  /** Only when there was no previous snapshot: lines of text in the added files. */
  addedLines?: number;
}

const CHUNK_FILES = 64;
const CHUNK_BYTES = 16 * 1024 * 1024;
const BULK_FILES = 2000;
const NEWLINE = Buffer.from('\n');
const PIPE_AHEAD = 8 * 1024 * 1024;
/** Line counts are computed here for at most this many changed files and bytes (old + new). */
const COUNT_FILES = 200;
/** File commands sent to fast-import in one write (more are sent in slices). */
const FILE_COMMANDS_AT_ONCE = 4096;
const COUNT_BYTES = 8 * 1024 * 1024;

/** fast-import's `cat-blob` answer: "<sha> blob <size>" LF, the content, LF. */
const catBlobParser: ReplyParser = (buf) => {
  const nl = buf.indexOf(10);
  if (nl === -1) return -1;
  const size = Number(buf.subarray(0, nl).toString('latin1').split(' ')[2]);
  if (!Number.isFinite(size)) return nl + 1; // unexpected: consumed as is, the caller gives up counting
  return buf.length >= nl + 1 + size + 1 ? nl + 1 + size + 1 : -1;
};

export function blobOid(content: Buffer): string {
  return createHash('sha1').update(`blob ${content.length}\0`).update(content).digest('hex');
}

function isBinary(content: Buffer): boolean {
  return content.subarray(0, 8000).includes(0);
}

function countLines(content: Buffer): number {
  if (content.length === 0 || isBinary(content)) return 0;
  let n = 0;
  for (let i = content.indexOf(10); i !== -1; i = content.indexOf(10, i + 1)) n++;
  return content[content.length - 1] === 10 ? n : n + 1;
}

/** Cached paths that a scan says are gone (inside a scope and not found). */
export function removedPaths(cache: StatCache, scan: ScanResult): string[] {
  const removed: string[] = [];
  if (scan.scopes.length === 1 && scan.scopes[0] === '') {
    for (const rel of cache.entries.keys()) if (!scan.files.has(rel)) removed.push(rel);
    return removed;
  }
  const scopes = new Set(scan.scopes);
  // Fast path: every scope is a file that was and still is captured.
  if (scan.scopes.every((s) => scan.files.has(s) && cache.entries.has(s))) return removed;
  for (const rel of cache.entries.keys()) {
    if (scan.files.has(rel)) continue;
    let inside = scopes.has(rel);
    for (let i = rel.indexOf('/'); i > 0 && !inside; i = rel.indexOf('/', i + 1)) inside = scopes.has(rel.slice(0, i));
    if (inside) removed.push(rel);
  }
  return removed;
}

/** Synchronous read (a fraction of the cost of an asynchronous one); callers read in short slices. */
function readContent(abs: string, entry: ScanEntry): Buffer | 'unreadable' | null {
  try {
    if (entry.mode === 0o120000) return readlinkSync(abs, { encoding: 'buffer' });
    return readFileSync(abs);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? null : 'unreadable';
  }
}

/** How a snapshot's error starts when its fast-import process had stopped (checkpointOps tries once more). */
export const IMPORTER_STOPPED = 'Could not write the checkpoint: git fast-import stopped';

function importError(err: unknown): unknown {
  if (!(err instanceof AkiraError)) return err;
  const [command, code, said] = err.words?.key === 'checkpoint.gitStopped' ? err.words.values : [];
  if (command !== 'fast-import') return err;
  return new AkiraError(err.code, checkpointErrors.importerStopped(String(code), String(said ?? '')));
}

/** HEAD's paths a seeded first snapshot does not capture (gone, ignored, too large), and HEAD's submodules. */
function seedRemoved(seed: RepoSeed, scan: ScanResult): string[] {
  const removed = [...seed.gitlinks];
  for (const rel of seed.entries.keys()) if (!scan.files.has(rel)) removed.push(rel);
  return removed;
}

export async function writeSnapshot(input: SnapshotInput): Promise<SnapshotResult> {
  const { cache, scan } = input;
  const seed = !cache.tree && cache.entries.size === 0 && scan.scopes.length === 1 && scan.scopes[0] === '' ? (input.seed ?? null) : null;
  const candidates: [string, ScanEntry][] = [];
  const updates = new Map<string, CacheEntry>();
  // In slices: a first snapshot of a big tree compares 100k+ files (~50 ms in one go on a slow machine).
  let sliceStart = performance.now();
  let n = 0;
  for (const [rel, st] of scan.files) {
    const borrowed = seed ? seededOid(seed, rel, st) : null;
    if (borrowed) updates.set(rel, { ...st, oid: borrowed, racy: st.mtimeMs >= scan.startedAt - RACY_WINDOW_MS });
    else if (!input.cache.matches(rel, st)) candidates.push([rel, st]);
    if ((++n & 1023) === 0 && performance.now() - sliceStart > SLICE_MS) {
      await yieldLoop();
      sliceStart = performance.now();
    }
  }
  const removed = seed ? seedRemoved(seed, scan) : scan.removed ? [...scan.removed] : removedPaths(cache, scan);
  const skipped = [...scan.skipped];
  // A seeded snapshot reads only some files: no line total for it.
  const firstSnapshot = cache.tree === null && !seed;
  const base = cache.tree ?? seed?.tree ?? null;
  const previousOf = (rel: string) => cache.entries.get(rel) ?? seed?.entries.get(rel);
  let addedLines = 0;
  const trace = input.trace ?? (() => undefined);
  trace(`compare (${candidates.length} to read, ${removed.length} removed)`);

  // Bulk imports (a first checkpoint) skip fast-import's delta attempts against the previous blob of the
  // stream (unrelated files: costly, little gain) and compress faster; a later gc finds real deltas.
  const handle = input.session.startImport(candidates.length > BULK_FILES);
  const pipe = handle.pipe;

  const modify: string[] = [];
  const sent = new Set<string>();
  let hashed = 0;
  let tree = '';
  let commit = '';
  let refWritten = false;
  // Line counts: the new content of changed files and which old blobs to ask fast-import for.
  let counting = !!input.countLines && cache.tree !== null;
  let countBytes = 0;
  const counted: (ChangedEntry & { oldOid: string | null })[] = [];
  const countNew = (rel: string, content: Buffer, previous: CacheEntry | undefined, mode: number) => {
    if (!counting) return;
    if (previous && (previous.mode === 0o120000) !== (mode === 0o120000)) counting = false; // a type change: git's business
    countBytes += content.length + (previous ? Math.max(previous.size, 0) : 0);
    if (counted.length >= COUNT_FILES || countBytes > COUNT_BYTES) counting = false;
    else counted.push({ path: rel, old: null, now: content, oldOid: previous?.oid ?? null });
  };

  sliceStart = performance.now();
  const outgoing: Buffer[] = [];
  try {
    for (let i = 0; i < candidates.length; ) {
      const chunk: [string, ScanEntry][] = [];
      let bytes = 0;
      while (i < candidates.length && chunk.length < CHUNK_FILES && (bytes < CHUNK_BYTES || chunk.length === 0)) {
        bytes += candidates[i][1].size;
        chunk.push(candidates[i++]);
      }
      const contents = chunk.map(([rel, st]) => readContent(join(input.root, rel), st));
      for (let k = 0; k < chunk.length; k++) {
        const [rel, st] = chunk[k];
        const content = contents[k];
        if (content === null || content === 'unreadable') {
          if (content === 'unreadable') skipped.push({ path: rel, size: st.size, reason: 'unreadable' });
          if (previousOf(rel)) removed.push(rel);
          continue;
        }
        if (st.mode !== 0o120000 && content.length > input.maxFileBytes) {
          skipped.push({ path: rel, size: content.length, reason: 'too_large' });
          if (previousOf(rel)) removed.push(rel);
          continue;
        }
        hashed++;
        const oid = blobOid(content);
        const racy = st.mtimeMs >= scan.startedAt - RACY_WINDOW_MS || content.length !== st.size;
        updates.set(rel, { ...st, oid, racy });
        if (firstSnapshot) addedLines += countLines(content);
        const previous = previousOf(rel);
        if (previous && previous.oid === oid && previous.mode === st.mode) continue;
        countNew(rel, content, cache.entries.get(rel), st.mode);
        if (!sent.has(oid)) {
          // No mark: the tree entry names the blob by its id (which we computed), as fast-import allows.
          sent.add(oid);
          outgoing.push(Buffer.from(`blob\ndata ${content.length}\n`), content, NEWLINE);
        }
        modify.push(`M ${st.mode.toString(8)} ${oid} ${quotePath(rel)}\n`);
      }
      // One write per chunk (not three per blob): far fewer pipe writes on big imports.
      // Up to 8 MiB may wait in the pipe's queue so reading and fast-import work at the same time.
      if (outgoing.length) {
        const write = pipe.write(Buffer.concat(outgoing));
        outgoing.length = 0;
        if (pipe.pending > PIPE_AHEAD) await write;
        else write.catch(() => undefined); // a dead process fails the reads below
      }
      input.onProgress?.({ phase: 'hashing', done: i, total: candidates.length });
      if (performance.now() - sliceStart > 8) {
        await new Promise((r) => setImmediate(r));
        sliceStart = performance.now();
      }
    }

    trace(`read+hash+send (${hashed} files)`);
    input.onProgress?.({ phase: 'writing', done: 0, total: modify.length + removed.length });
    const message = Buffer.from(input.message.endsWith('\n') ? input.message : `${input.message}\n`);
    const body: string[] = [
      `reset ${input.ref}\n`,
      `commit ${input.ref}\n`,
      'mark :1\n',
      `committer Akira <checkpoints@akira.invalid> ${input.timeSec} +0000\n`,
      `data ${message.length}\n`,
    ];
    const parts: (string | Buffer)[] = [body.join(''), message];
    body.length = 0;
    if (base) body.push(`M 040000 ${base} ""\n`);
    // A first snapshot has 100k+ file commands: sent in slices (one 10 MB string and its encoding stall the loop).
    const fileCommands = removed.length + modify.length;
    if (fileCommands > FILE_COMMANDS_AT_ONCE) {
      await pipe.write(Buffer.concat([...parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)), Buffer.from(body.join(''))]));
      parts.length = 0;
      body.length = 0;
      const commands = [...removed.map((rel) => `D ${quotePath(rel)}\n`), ...modify];
      for (let i = 0; i < commands.length; i += FILE_COMMANDS_AT_ONCE) {
        await pipe.write(commands.slice(i, i + FILE_COMMANDS_AT_ONCE).join(''));
        await yieldLoop();
      }
    } else {
      for (const rel of removed) body.push(`D ${quotePath(rel)}\n`);
      body.push(...modify);
    }
    // A blank line ends the commit; with no file command at all, the first LF after the message is
    // taken as the optional LF after its data, so an empty tree needs a second one.
    const end = fileCommands === 0 && !base ? '\n\n' : '\n';
    body.push(`${end}ls :1 ""\nget-mark :1\n`);
    // Deleted files are counted too; the old side of every counted file comes from the store.
    if (counting) {
      for (const rel of new Set(removed)) {
        const previous = cache.entries.get(rel);
        if (!previous) continue;
        countBytes += Math.max(previous.size, 0);
        counted.push({ path: rel, old: null, now: null, oldOid: previous.oid });
      }
      if (counted.length > COUNT_FILES || countBytes > COUNT_BYTES) counting = false;
    }
    const asked = counting ? counted.filter((c) => c.oldOid) : [];
    for (const c of asked) body.push(`cat-blob ${c.oldOid}\n`);
    parts.push(body.join(''));
    await pipe.write(Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p))));
    const ls = await pipe.readLine();
    const mark = await pipe.readLine();
    for (const c of asked) {
      const reply = await pipe.read(catBlobParser);
      const nl = reply.indexOf(10);
      if (!reply.subarray(0, nl).toString('latin1').startsWith(`${c.oldOid} blob `)) {
        throw new AkiraError('internal', checkpointErrors.importAnsweredOdd(reply.subarray(0, Math.min(nl, 200)).toString('utf8')));
      }
      c.old = reply.subarray(nl + 1, reply.length - 1);
    }
    const newTree = /^040000 tree ([0-9a-f]{40})\t/.exec(ls)?.[1];
    const newCommit = /^([0-9a-f]{40})$/.exec(mark)?.[1];
    if (!newTree || !newCommit) {
      throw new AkiraError('internal', checkpointErrors.notWritten(ls.slice(0, 200)));
    }
    tree = newTree;
    commit = newCommit;
    refWritten = input.keepRef?.(tree) ?? true;
    // `checkpoint` closes the pack and writes the ref; fast-import answers nothing to it, the
    // progress line after it says it is done. Without a ref nothing new is kept: the objects go
    // out with a later pack.
    await pipe.write(refWritten ? `checkpoint\nprogress akira-snapshot-done\nreset ${input.ref}\n` : `reset ${input.ref}\n`);
  } catch (err) {
    input.session.failImport(handle);
    throw importError(err);
  }
  trace('tree');
  const finish = (async () => {
    try {
      if (refWritten) {
        const done = await pipe.readLine();
        if (done !== 'progress akira-snapshot-done') throw new AkiraError('internal', checkpointErrors.notWritten(done.slice(0, 200)));
      }
      await input.session.finishImport(handle);
    } catch (err) {
      input.session.failImport(handle);
      throw importError(err);
    }
    trace('pack + ref');
    await cache.commitChanges(tree, updates, removed);
    trace('stat cache');
  })();
  finish.catch(() => undefined); // the caller awaits it; this only keeps an early failure from going unhandled
  return {
    commit,
    tree,
    refWritten,
    finish,
    ...(counting ? { lineCounts: numstatAll(counted) } : {}),
    changedPaths: modify.length + new Set(removed).size,
    hashed,
    skipped,
    ...(firstSnapshot ? { addedLines } : {}),
  };
}
