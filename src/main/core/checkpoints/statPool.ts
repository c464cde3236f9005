import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * lstat in parallel on worker threads: a walk of a big tree is bound by one lstat per known file,
 * which git spreads over threads too (preload-index). The walker hands batches of absolute paths to
 * the pool and keeps reading folders meanwhile. Results come back as a Float64Array of STRIDE
 * numbers per path: found (1/0), size, mtimeMs, ctimeMs, ino, st_mode.
 *
 * The worker is a few lines of plain CommonJS evaluated from a string, so it needs no separate
 * bundle entry in any face (Electron main, `akira serve`, CLI, tests).
 */

export const STRIDE = 6;

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { lstatSync } = require('node:fs');
parentPort.on('message', (msg) => {
  const paths = msg.paths;
  const out = new Float64Array(paths.length * ${STRIDE});
  for (let i = 0; i < paths.length; i++) {
    let st;
    try { st = lstatSync(paths[i], { throwIfNoEntry: false }); } catch { st = undefined; }
    const o = i * ${STRIDE};
    if (!st) { out[o] = 0; continue; }
    out[o] = 1; out[o + 1] = st.size; out[o + 2] = st.mtimeMs; out[o + 3] = st.ctimeMs; out[o + 4] = st.ino; out[o + 5] = st.mode;
  }
  parentPort.postMessage({ id: msg.id, out }, [out.buffer]);
});
`;

export interface StatPool {
  /** Stats of these absolute paths (see module doc for the layout). */
  stat(paths: string[]): Promise<Float64Array>;
  dispose(): Promise<void>;
}

export function createStatPool(size = Math.min(4, Math.max(1, availableParallelism()))): StatPool {
  const workers: Worker[] = [];
  const pending = new Map<number, { resolve: (a: Float64Array) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let turn = 0;
  let broken: Error | null = null;

  function start(): void {
    for (let i = 0; i < size; i++) {
      const w = new Worker(WORKER_SOURCE, { eval: true });
      w.unref();
      w.on('message', (msg: { id: number; out: Float64Array }) => {
        pending.get(msg.id)?.resolve(msg.out);
        pending.delete(msg.id);
      });
      w.on('error', (err) => {
        broken = err;
        for (const p of pending.values()) p.reject(err);
        pending.clear();
      });
      workers.push(w);
    }
  }

  return {
    stat(paths) {
      if (broken) return Promise.reject(broken);
      if (!workers.length) start();
      const id = nextId++;
      const worker = workers[turn++ % workers.length];
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, paths });
      });
    },
    async dispose() {
      const all = workers.splice(0);
      await Promise.all(all.map((w) => w.terminate()));
      for (const p of pending.values()) p.reject(new Error('stat pool closed'));
      pending.clear();
    },
  };
}
