import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * lstat in parallel on worker threads, compared there: a walk of a big tree is bound by one lstat per
 * known file, which git spreads over threads too (preload-index).
 *
 * `compareList(generation, mark, load, patches)`: the known files of the stat cache and the stat data
 * each is expected to have (EXPECTED_STRIDE numbers per path: size, mtimeMs, ctimeMs, ino, git mode,
 * racy 1/0), which the workers keep (each a slice) between walks. The list crosses to the workers only
 * when its generation changes (files added or removed); when entries changed in place since (`mark`
 * moved), only `patches(previousMark)` does (position + EXPECTED_STRIDE numbers each). Each worker
 * lstat's its slice and answers only the files that differ from what is expected, are missing or racy:
 * RECORD_STRIDE numbers each (position, found 1/0, size, mtimeMs, ctimeMs, ino, st_mode). So an
 * unchanged file costs the main thread nothing (comparing 100k+ entries there took a quarter of a
 * big walk). The walk starts it first and reads folders meanwhile.
 *
 * The worker is a few lines of plain CommonJS evaluated from a string, so it needs no separate
 * bundle entry in any face (Electron main, `akira serve`, CLI, tests).
 */

export const EXPECTED_STRIDE = 6;
export const RECORD_STRIDE = 7;

export interface KnownList {
  paths: string[];
  expected: Float64Array;
}

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { lstatSync } = require('node:fs');
let list = [];
let expected = new Float64Array(0);
let offset = 0;
function gitMode(raw) {
  const type = raw & 0o170000;
  return type === 0o120000 ? 0o120000 : type === 0o100000 ? (raw & 0o100 ? 0o100755 : 0o100644) : -1;
}
function compareAll() {
  let out = new Float64Array(64 * ${RECORD_STRIDE});
  let n = 0;
  for (let i = 0; i < list.length; i++) {
    let st;
    try { st = lstatSync(list[i], { throwIfNoEntry: false }); } catch { st = undefined; }
    const e = i * ${EXPECTED_STRIDE};
    if (st && expected[e + 5] === 0 && st.size === expected[e] && st.mtimeMs === expected[e + 1] &&
        st.ctimeMs === expected[e + 2] && st.ino === expected[e + 3] && gitMode(st.mode) === expected[e + 4]) continue;
    if ((n + 1) * ${RECORD_STRIDE} > out.length) { const bigger = new Float64Array(out.length * 2); bigger.set(out); out = bigger; }
    const o = n++ * ${RECORD_STRIDE};
    out[o] = offset + i;
    if (!st) { out[o + 1] = 0; continue; }
    out[o + 1] = 1; out[o + 2] = st.size; out[o + 3] = st.mtimeMs; out[o + 4] = st.ctimeMs; out[o + 5] = st.ino; out[o + 6] = st.mode;
  }
  return out.slice(0, n * ${RECORD_STRIDE});
}
parentPort.on('message', (msg) => {
  if (msg.list) { list = msg.list; expected = msg.expected; offset = msg.offset; }
  if (msg.patches) {
    const p = msg.patches;
    for (let k = 0; k < p.length; k += ${EXPECTED_STRIDE + 1}) {
      const i = p[k] - offset;
      if (i >= 0 && i < list.length) expected.set(p.subarray(k + 1, k + ${EXPECTED_STRIDE + 1}), i * ${EXPECTED_STRIDE});
    }
  }
  const out = compareAll();
  parentPort.postMessage({ id: msg.id, out }, [out.buffer]);
});
`;

export interface StatPool {
  /**
   * The known files that differ from what is expected (see the module doc): `load` is called when
   * `generation` differs from the loaded one, `patches(previousMark)` when only `mark` does (null: load).
   */
  compareList(generation: number, mark: number, load: () => KnownList, patches: (previousMark: number) => Float64Array | null): Promise<Float64Array>;
  /** True once the workers are running (starting them costs more than one walk of a mid-size tree saves). */
  ready(): boolean;
  /** Starts the workers in the background. */
  warm(): void;
  dispose(): Promise<void>;
}

export function createStatPool(size = Math.min(4, Math.max(1, availableParallelism()))): StatPool {
  const workers: Worker[] = [];
  const pending = new Map<number, { resolve: (a: Float64Array) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let broken: Error | null = null;
  let loaded: { generation: number; mark: number } | null = null;
  let online = 0;

  function start(): void {
    for (let i = 0; i < size; i++) {
      const w = new Worker(WORKER_SOURCE, { eval: true });
      w.unref();
      w.once('online', () => online++);
      w.on('message', (msg: { id: number; out: Float64Array }) => {
        pending.get(msg.id)?.resolve(msg.out);
        pending.delete(msg.id);
      });
      w.on('error', (err) => {
        broken = err;
        loaded = null;
        for (const p of pending.values()) p.reject(err);
        pending.clear();
      });
      workers.push(w);
    }
  }

  function ask(worker: Worker, msg: object): Promise<Float64Array> {
    if (broken) return Promise.reject(broken);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...msg, id });
    });
  }

  return {
    async compareList(generation, mark, load, patches) {
      if (!workers.length) start();
      let slices: Promise<Float64Array>[] | null = null;
      if (loaded?.generation === generation) {
        const p = loaded.mark === mark ? null : patches(loaded.mark);
        if (loaded.mark === mark || p) {
          slices = workers.map((w) => ask(w, p ? { patches: p } : {}));
          loaded.mark = mark;
        }
      }
      if (!slices) {
        const { paths, expected } = load();
        const per = Math.ceil(paths.length / workers.length);
        loaded = { generation, mark };
        slices = workers.map((w, i) => {
          const from = Math.min(paths.length, i * per);
          const to = Math.min(paths.length, from + per);
          return ask(w, { list: paths.slice(from, to), expected: expected.slice(from * EXPECTED_STRIDE, to * EXPECTED_STRIDE), offset: from });
        });
      }
      const parts = await Promise.all(slices);
      const out = new Float64Array(parts.reduce((n, part) => n + part.length, 0));
      let at = 0;
      for (const part of parts) {
        out.set(part, at);
        at += part.length;
      }
      return out;
    },
    ready: () => !broken && workers.length > 0 && online === workers.length,
    warm() {
      if (!workers.length && !broken) start();
    },
    async dispose() {
      const all = workers.splice(0);
      loaded = null;
      online = 0;
      await Promise.all(all.map((w) => w.terminate()));
      for (const p of pending.values()) p.reject(new Error('stat pool closed'));
      pending.clear();
    },
  };
}
