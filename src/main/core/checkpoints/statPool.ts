import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * lstat in parallel on worker threads: a walk of a big tree is bound by one lstat per known file,
 * which git spreads over threads too (preload-index). Results come back as a Float64Array of STRIDE
 * numbers per path: found (1/0), size, mtimeMs, ctimeMs, ino, st_mode.
 *
 * - `stat(paths)`: one batch of paths.
 * - `statList(generation, paths)`: the known files of the stat cache, which the workers keep (each a
 *   slice) between walks: the list crosses to the workers only when its generation changes (files
 *   added or removed), so a walk costs the workers' lstats and nothing per path on the main thread
 *   until the results are compared. The walk starts it first and reads folders meanwhile.
 *
 * The worker is a few lines of plain CommonJS evaluated from a string, so it needs no separate
 * bundle entry in any face (Electron main, `akira serve`, CLI, tests).
 */

export const STRIDE = 6;

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { lstatSync } = require('node:fs');
let list = [];
function statAll(paths) {
  const out = new Float64Array(paths.length * ${STRIDE});
  for (let i = 0; i < paths.length; i++) {
    let st;
    try { st = lstatSync(paths[i], { throwIfNoEntry: false }); } catch { st = undefined; }
    const o = i * ${STRIDE};
    if (!st) { out[o] = 0; continue; }
    out[o] = 1; out[o + 1] = st.size; out[o + 2] = st.mtimeMs; out[o + 3] = st.ctimeMs; out[o + 4] = st.ino; out[o + 5] = st.mode;
  }
  return out;
}
parentPort.on('message', (msg) => {
  if (msg.list) list = msg.list;
  const out = statAll(msg.paths ?? list);
  parentPort.postMessage({ id: msg.id, out }, [out.buffer]);
});
`;

export interface StatPool {
  /** Stats of these absolute paths (see module doc for the layout). */
  stat(paths: string[]): Promise<Float64Array>;
  /** Stats of the list `paths()` builds (called only when `generation` differs from the loaded one). */
  statList(generation: number, paths: () => string[]): Promise<Float64Array>;
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
  let turn = 0;
  let broken: Error | null = null;
  let loaded: { generation: number; starts: number[]; total: number } | null = null;
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
    stat(paths) {
      if (!workers.length) start();
      return ask(workers[turn++ % workers.length], { paths });
    },
    async statList(generation, paths) {
      if (!workers.length) start();
      let slices: Promise<Float64Array>[];
      if (loaded?.generation !== generation) {
        const list = paths();
        const per = Math.ceil(list.length / workers.length);
        const starts = workers.map((_, i) => Math.min(list.length, i * per));
        loaded = { generation, starts, total: list.length };
        slices = workers.map((w, i) => ask(w, { list: list.slice(starts[i], starts[i] + per) }));
      } else {
        slices = workers.map((w) => ask(w, {}));
      }
      const { starts, total } = loaded;
      const parts = await Promise.all(slices);
      const out = new Float64Array(total * STRIDE);
      parts.forEach((part, i) => out.set(part, starts[i] * STRIDE));
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
