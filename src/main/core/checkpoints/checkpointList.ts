import { appendFileSync, statSync, type Stats } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import { writeFileAtomic } from '../../common/atomicWrite';
import type { CheckpointRecord } from './types';

/**
 * The checkpoint list: `checkpoints.jsonl`, one JSON record per line, oldest first. Appending is
 * one `appendFile`; pruning rewrites the file atomically. Kept in memory; `refresh()` reads only
 * what another process appended (or everything when the file was rewritten), so listing thousands
 * of checkpoints never touches git. The per-operation calls (a stat to see whether another process
 * appended, the append itself) are synchronous: a few µs each instead of thread-pool round trips.
 */

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}

export interface CheckpointList {
  all(): readonly CheckpointRecord[];
  latest(): CheckpointRecord | null;
  byId(id: string): CheckpointRecord | undefined;
  append(record: CheckpointRecord): Promise<void>;
  /** Rewrites the list without the given ids. */
  remove(ids: Set<string>): Promise<void>;
  refresh(): Promise<void>;
}

function parse(text: string, into: CheckpointRecord[]): void {
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const rec = JSON.parse(line) as CheckpointRecord;
      if (rec && typeof rec.id === 'string' && typeof rec.commit === 'string') into.push(rec);
    } catch {
      // a torn last line (crash while appending): ignored
    }
  }
}

export async function openCheckpointList(path: string): Promise<CheckpointList> {
  let records: CheckpointRecord[] = [];
  let index = new Map<string, CheckpointRecord>();
  let readBytes = 0;
  let ino = -1;
  let mtimeMs = -1;

  function reindex() {
    index = new Map(records.map((r) => [r.id, r]));
  }

  async function reloadAll() {
    const buf = await readFile(path).catch(() => Buffer.alloc(0));
    const st = await stat(path).catch(() => null);
    // Only complete lines count; a torn tail is read again later.
    const end = buf.lastIndexOf(10) + 1;
    records = [];
    parse(buf.subarray(0, end).toString('utf8'), records);
    readBytes = end;
    ino = st?.ino ?? -1;
    mtimeMs = st?.mtimeMs ?? -1;
    reindex();
  }

  await reloadAll();

  // Reads (refresh) may run while an operation appends: one at a time, in order.
  let chain: Promise<unknown> = Promise.resolve();
  function serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = chain.then(fn);
    chain = run.catch(() => undefined);
    return run;
  }

  const list: CheckpointList = {
    all: () => records,
    latest: () => records[records.length - 1] ?? null,
    byId: (id) => index.get(id),
    append(record) {
      return serial(() => appendNow(record));
    },
    remove(ids) {
      return serial(() => removeNow(ids));
    },
    refresh() {
      return serial(refreshNow);
    },
  };

  async function appendNow(record: CheckpointRecord): Promise<void> {
    await refreshNow();
    const before = statOrNull(path);
    // A torn last line (crash while appending) is closed first so the new record stays whole.
    const text = `${before && before.size > readBytes ? '\n' : ''}${JSON.stringify(record)}\n`;
    appendFileSync(path, text);
    records.push(record);
    index.set(record.id, record);
    readBytes = (before?.size ?? 0) + Buffer.byteLength(text);
    const after = statSync(path);
    ino = after.ino;
    mtimeMs = after.mtimeMs;
  }

  async function removeNow(ids: Set<string>): Promise<void> {
    await refreshNow();
    records = records.filter((r) => !ids.has(r.id));
    const text = records.map((r) => `${JSON.stringify(r)}\n`).join('');
    await writeFileAtomic(path, text);
    readBytes = Buffer.byteLength(text);
    const after = await stat(path);
    ino = after.ino;
    mtimeMs = after.mtimeMs;
    reindex();
  }

  async function refreshNow(): Promise<void> {
    const st = statOrNull(path);
    if (!st) {
      if (records.length) await reloadAll();
      return;
    }
    if (st.ino !== ino || st.size < readBytes || (st.size === readBytes && st.mtimeMs !== mtimeMs)) return reloadAll();
    if (st.size === readBytes) return;
    mtimeMs = st.mtimeMs;
    const handle = await open(path, 'r');
    try {
      const buf = Buffer.alloc(st.size - readBytes);
      await handle.read(buf, 0, buf.length, readBytes);
      const end = buf.lastIndexOf(10) + 1;
      const added: CheckpointRecord[] = [];
      parse(buf.subarray(0, end).toString('utf8'), added);
      for (const r of added) {
        records.push(r);
        index.set(r.id, r);
      }
      readBytes += end;
    } finally {
      await handle.close();
    }
  }
  return list;
}
