import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { AkiraError } from '../errors';
import { searchErrors } from '../../../shared/errors';
import type { RawFile } from './matchPreview';
import type { EngineRun } from './ripgrepSearch';
import { SEARCH_WORKER_SOURCE } from './searchWorkerSource';

/**
 * The Node engine: the workspace's files (the file index's listing, so the same files ripgrep searches) searched on
 * worker threads (searchWorkerSource.ts), `BATCH_FILES` files per request, each thread asking for the next batch as
 * it answers. Threads are kept between searches (idle, unref'd) and started on the first search; a search that is
 * cancelled terminates the threads still working for it (one that reached its limit lets them finish the batch).
 */

export const BATCH_FILES = 48;

export interface NodeJob {
  root: string;
  source: string;
  flags: string;
  prefilter: boolean;
  files: readonly string[];
  /** Most matches wanted in all. */
  limit: number;
  /** Takes each file with matches in turn; false stops the search. */
  onFile(file: RawFile): Promise<boolean> | boolean;
}

interface Answer {
  id: number;
  files: RawFile[];
  error: string | null;
}

export interface NodeEngine {
  run(job: NodeJob): EngineRun;
  /** Threads running (idle ones included). */
  threads(): number;
  dispose(): Promise<void>;
}

export function createNodeEngine(options: { threads?: number } = {}): NodeEngine {
  const size = Math.max(1, options.threads ?? Math.min(4, availableParallelism()));
  const idle: Worker[] = [];
  const all = new Set<Worker>();
  let nextId = 1;

  function spawnWorker(): Worker {
    const worker = new Worker(SEARCH_WORKER_SOURCE, { eval: true });
    worker.unref();
    all.add(worker);
    worker.once('exit', () => {
      all.delete(worker);
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
    });
    return worker;
  }

  function run(job: NodeJob): EngineRun {
    const busy = new Set<Worker>();
    let next = 0;
    let left = job.limit;
    let stopped = false;
    let failure: Error | null = null;
    let settle: () => void = () => {};
    /** Answers are handed over one at a time, in order of arrival. */
    let chain: Promise<void> = Promise.resolve();

    const finishIfDone = () => {
      if (!busy.size) chain.then(() => settle(), () => settle());
    };
    const release = (worker: Worker) => {
      worker.removeAllListeners('message');
      worker.removeAllListeners('error');
      busy.delete(worker);
      if (all.has(worker)) idle.push(worker);
      finishIfDone();
    };
    const send = (worker: Worker) => {
      if (stopped || left <= 0 || next >= job.files.length) return release(worker);
      const files = job.files.slice(next, next + BATCH_FILES);
      next += files.length;
      worker.postMessage({ id: nextId++, root: job.root, source: job.source, flags: job.flags, prefilter: job.prefilter, files, limit: left });
    };
    /** `terminate`: the threads in the middle of a batch for this search stop there (else they finish it first). */
    const stop = (terminate = true) => {
      stopped = true;
      if (!terminate) return;
      for (const worker of busy) {
        busy.delete(worker);
        all.delete(worker);
        void worker.terminate();
      }
      finishIfDone();
    };

    const done = new Promise<void>((resolve, reject) => {
      settle = () => (failure ? reject(failure) : resolve());
      const wanted = Math.min(size, Math.ceil(job.files.length / BATCH_FILES));
      if (!wanted) return resolve();
      for (let i = 0; i < wanted; i++) {
        const worker = idle.pop() ?? spawnWorker();
        busy.add(worker);
        worker.on('message', (answer: Answer) => {
          if (!busy.has(worker)) return;
          if (stopped) return release(worker);
          if (answer.error) {
            failure = new AkiraError('internal', searchErrors.failed(answer.error));
            return stop();
          }
          chain = chain.then(async () => {
            for (const file of answer.files) {
              if (stopped || left <= 0) break;
              left -= file.matches.length;
              if (!(await job.onFile(file))) stop(false);
            }
          });
          send(worker);
        });
        worker.on('error', (err) => {
          failure = err;
          all.delete(worker);
          stop();
        });
        send(worker);
      }
    });
    return { done, stop, live: () => ({ processes: [], workers: busy.size }) };
  }

  return {
    run,
    threads: () => all.size,
    async dispose() {
      idle.length = 0;
      await Promise.all([...all].map((w) => w.terminate()));
      all.clear();
    },
  };
}
