import { createHash } from 'node:crypto';
import { readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { AkiraError } from '../errors';
import { exitOf, quotePath, writeChunk, type StoreGit } from './gitProcess';
import type { ScanEntry, ScanResult, SkippedFile } from './scanner';
import { RACY_WINDOW_MS, type CacheEntry, type StatCache } from './statCache';

/**
 * Turns a scan into a snapshot commit in the store, touching only what changed:
 * 1. compare the scan with the stat cache: unchanged stat data → nothing to read;
 * 2. read the other files (in bounded chunks), hash them as git blobs in-process and stream the ones
 *    whose content or mode changed into ONE `git fast-import` process (objects go straight into a pack;
 *    fast-import skips blobs already packed);
 * 3. the commit starts from the previous snapshot's tree (`M 040000 <tree> ""`) and applies only the
 *    changed entries (`M`/`D`), so the cost follows the number of changes, not the size of the tree;
 *    commits have no parent, so pruning a checkpoint frees what only it referenced;
 * 4. record the new stat data in the cache.
 */

export interface SnapshotProgress {
  phase: 'hashing' | 'writing';
  done: number;
  total: number;
}

export interface SnapshotInput {
  root: string;
  git: StoreGit;
  cache: StatCache;
  scan: ScanResult;
  maxFileBytes: number;
  /** The ref to create or move (refs/akira/cp/<id>, or a scratch ref for previews). */
  ref: string;
  message: string;
  /** Commit time, seconds since the epoch. */
  timeSec: number;
  onProgress?(p: SnapshotProgress): void;
  trace?(phase: string): void;
}

export interface SnapshotResult {
  commit: string;
  tree: string;
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

export async function writeSnapshot(input: SnapshotInput): Promise<SnapshotResult> {
  const { cache, scan } = input;
  const candidates: [string, ScanEntry][] = [];
  for (const [rel, st] of scan.files) if (!input.cache.matches(rel, st)) candidates.push([rel, st]);
  const removed = scan.removed ? [...scan.removed] : removedPaths(cache, scan);
  const skipped = [...scan.skipped];
  const firstSnapshot = cache.tree === null;
  let addedLines = 0;
  const trace = input.trace ?? (() => undefined);
  trace(`compare (${candidates.length} to read, ${removed.length} removed)`);

  // Bulk imports (a first checkpoint) skip fast-import's delta attempts against the previous blob of the
  // stream (unrelated files: costly, little gain) and compress faster; a later gc finds real deltas.
  const bulk = candidates.length > BULK_FILES ? ['-c', 'pack.compression=1'] : [];
  const depth = candidates.length > BULK_FILES ? ['--depth=0'] : [];
  const child = input.git.spawn([...bulk, 'fast-import', '--quiet', '--done', '--force', '--cat-blob-fd=1', ...depth]);
  const exit = exitOf(child);
  const out: Buffer[] = [];
  child.stdout.on('data', (c: Buffer) => out.push(c));
  child.stdin.on('error', () => undefined);

  const updates = new Map<string, CacheEntry>();
  const modify: string[] = [];
  const marks = new Map<string, number>();
  let nextMark = 1;
  let hashed = 0;

  let sliceStart = performance.now();
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
          if (cache.entries.has(rel)) removed.push(rel);
          continue;
        }
        if (st.mode !== 0o120000 && content.length > input.maxFileBytes) {
          skipped.push({ path: rel, size: content.length, reason: 'too_large' });
          if (cache.entries.has(rel)) removed.push(rel);
          continue;
        }
        hashed++;
        const oid = blobOid(content);
        const racy = st.mtimeMs >= scan.startedAt - RACY_WINDOW_MS || content.length !== st.size;
        updates.set(rel, { ...st, oid, racy });
        if (firstSnapshot) addedLines += countLines(content);
        const previous = cache.entries.get(rel);
        if (previous && previous.oid === oid && previous.mode === st.mode) continue;
        let mark = marks.get(oid);
        if (mark === undefined) {
          mark = nextMark++;
          marks.set(oid, mark);
          outgoing.push(Buffer.from(`blob\nmark :${mark}\ndata ${content.length}\n`), content, NEWLINE);
        }
        modify.push(`M ${st.mode.toString(8)} :${mark} ${quotePath(rel)}\n`);
      }
      // One write per chunk (not three per blob): far fewer pipe writes on big imports.
      // Up to 8 MiB may wait in the pipe's queue so reading and fast-import work at the same time.
      if (outgoing.length) {
        child.stdin.write(Buffer.concat(outgoing));
        outgoing.length = 0;
        if (child.stdin.writableLength > PIPE_AHEAD) await new Promise((r) => child.stdin.once('drain', r));
      }
      input.onProgress?.({ phase: 'hashing', done: i, total: candidates.length });
      if (performance.now() - sliceStart > 8) {
        await new Promise((r) => setImmediate(r));
        sliceStart = performance.now();
      }
    }

    trace(`read+hash+send (${hashed} files)`);
    input.onProgress?.({ phase: 'writing', done: 0, total: modify.length + removed.length });
    const commitMark = nextMark++;
    const message = Buffer.from(input.message.endsWith('\n') ? input.message : `${input.message}\n`);
    const lines: string[] = [
      `commit ${input.ref}\n`,
      `mark :${commitMark}\n`,
      `committer Akira <checkpoints@akira.invalid> ${input.timeSec} +0000\n`,
      `data ${message.length}\n`,
    ];
    const head = writeChunk(child, lines.join(''));
    if (head) await head;
    const msg = writeChunk(child, message);
    if (msg) await msg;
    const body: string[] = [];
    if (cache.tree) body.push(`M 040000 ${cache.tree} ""\n`);
    for (const rel of removed) body.push(`D ${quotePath(rel)}\n`);
    body.push(...modify);
    // A blank line ends the commit; with no file command at all, the first LF after the message is
    // taken as the optional LF after its data, so an empty tree needs a second one.
    const end = body.length === 0 ? '\n\n' : '\n';
    body.push(`${end}ls :${commitMark} ""\nget-mark :${commitMark}\ndone\n`);
    const tail = writeChunk(child, body.join(''));
    if (tail) await tail;
    child.stdin.end();
  } catch (err) {
    child.kill();
    await exit;
    throw err;
  }
  const { code, stderr } = await exit;
  trace('fast-import');
  const text = Buffer.concat(out).toString('utf8');
  const tree = /^040000 tree ([0-9a-f]{40})\t/m.exec(text)?.[1];
  const commit = /^([0-9a-f]{40})$/m.exec(text)?.[1];
  if (code !== 0 || !tree || !commit) {
    throw new AkiraError('internal', `Could not write the checkpoint (git fast-import ${code}): ${stderr.trim().slice(0, 2000)}`);
  }
  await cache.commitChanges(tree, updates, removed);
  trace('stat cache');
  return {
    commit,
    tree,
    changedPaths: modify.length + new Set(removed).size,
    hashed,
    skipped,
    ...(firstSnapshot ? { addedLines } : {}),
  };
}
