import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { AkiraError } from '../errors';
import { checkpointErrors } from '../../../shared/errors';
import type { StoreGit } from './gitProcess';
import { openGitPipe, type GitPipe } from './gitPipe';
import { parseNumstat, type DiffStats } from './treeDiff';

/**
 * The git processes a store keeps running between operations, so that a small checkpoint costs no
 * process start (each start is several ms of fork/exec and git start-up, more than the rest of a
 * small checkpoint):
 *
 * - `fast-import` writes snapshots and their refs (snapshot.ts: each commit is preceded by a `reset`
 *   so it has no parent, `checkpoint` closes the pack and writes the ref, a `progress` line says that
 *   is done, and a second `reset` keeps fast-import from ever writing that ref again). Between
 *   snapshots every branch it knows is reset, so stopping it (or its crash handler) writes no ref.
 *   While it runs, the packs it wrote keep their `.keep` files (removed when it ends): maintenance
 *   stops it first, and removes `.keep` files a killed fast-import left (storeMaintenance.ts).
 * - `diff-tree --stdin` answers the per-file line counts of a new checkpoint: it is sent
 *   "<old tree> <new tree>", then the new (parentless) commit, which `--always` without `--root`
 *   prints as a bare header: that header ends the reply; the empty line makes it flush.
 *
 * fast-import remembers what it wrote and which packs it saw, so it must not outlive a change of the
 * store made elsewhere (a checkpoint by another process, a repack or gc that may have dropped objects
 * it would then skip writing): `checkFresh()` (called with the store lock held, before every
 * operation) compares the store's pack files with those it left and stops the processes when they
 * differ; maintenance stops them before repacking. Idle processes are stopped after IDLE_MS.
 * A large import (a first checkpoint) gets a one-shot fast-import tuned for bulk writing.
 */

export interface ImportHandle {
  pipe: GitPipe;
  /** A one-shot process (bulk import), ended by `finishImport`. */
  oneShot: boolean;
}

export interface StoreSession {
  /** A fast-import to write one snapshot through; give it back with finishImport or failImport. */
  startImport(bulk: boolean): ImportHandle;
  finishImport(handle: ImportHandle): Promise<void>;
  /** The snapshot failed half-way: the process is stopped (its half-written state is dropped). */
  failImport(handle: ImportHandle): void;
  /** Per-file line counts between two trees; `sentinel` is a parentless commit of the store. */
  numstat(fromTree: string, toTree: string, sentinel: string): Promise<DiffStats>;
  /** Stops the processes when the store's packs changed behind them (call with the lock held). */
  checkFresh(): void;
  /** Starts the processes ahead of the next snapshot (after maintenance stopped them). */
  warm(): void;
  /** Stops every process (before repack/gc, when idle, at dispose). */
  close(): Promise<void>;
}

export const IDLE_MS = 60_000;
const BULK_ARGS = ['-c', 'pack.compression=1'];
const IMPORT_ARGS = ['fast-import', '--quiet', '--force', '--cat-blob-fd=1'];

export function createStoreSession(git: StoreGit, onIdle: () => void = () => undefined): StoreSession {
  const packDir = join(git.gitDir, 'objects', 'pack');
  let importer: GitPipe | null = null;
  let differ: GitPipe | null = null;
  /** The pack files present when our fast-import last wrote (null: not known). */
  let packs: string | null = null;
  let idleTimer: NodeJS.Timeout | null = null;

  const packSet = () => {
    try {
      return readdirSync(packDir)
        .filter((n) => n.endsWith('.pack'))
        .sort()
        .join(',');
    } catch {
      return '';
    }
  };

  function touch() {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(onIdle, IDLE_MS);
    idleTimer.unref();
  }

  function stop(pipe: GitPipe | null, last?: string): Promise<unknown> {
    if (!pipe?.alive) return Promise.resolve();
    const ended = pipe.end(last);
    const timer = setTimeout(() => pipe.kill(), 10_000);
    timer.unref();
    return ended.finally(() => clearTimeout(timer));
  }

  function startImporter() {
    importer = openGitPipe('fast-import', git.spawn(IMPORT_ARGS));
    // It sees the packs there are now (or more, which the next check then notices).
    packs = packSet();
  }

  function startDiffer() {
    differ = openGitPipe('diff-tree', git.spawn(['diff-tree', '--stdin', '-r', '-z', '--numstat', '--no-renames', '--no-ext-diff', '--always']));
  }

  const session: StoreSession = {
    startImport(bulk) {
      touch();
      if (bulk) {
        return { pipe: openGitPipe('fast-import', git.spawn([...BULK_ARGS, ...IMPORT_ARGS, '--depth=0'])), oneShot: true };
      }
      if (!importer?.alive) startImporter();
      return { pipe: importer!, oneShot: false };
    },
    async finishImport(handle) {
      if (handle.oneShot) {
        const { code, stderr } = await handle.pipe.end('done\n');
        if (code !== 0) throw new AkiraError('internal', checkpointErrors.gitFailed('fast-import', String(code), stderr.trim().slice(0, 2000)));
      }
      packs = importer?.alive ? packSet() : null;
    },
    failImport(handle) {
      handle.pipe.kill();
      if (handle.pipe === importer) importer = null;
    },
    async numstat(fromTree, toTree, sentinel) {
      touch();
      if (!differ?.alive) startDiffer();
      const pipe = differ!;
      const end = Buffer.from(`${sentinel}\0\n`);
      try {
        await pipe.write(`${fromTree} ${toTree}\n${sentinel}\n\n`);
        const reply = await pipe.read((buf) => {
          // The sentinel header starts the output or follows a record's NUL or a header's LF.
          for (let at = buf.indexOf(end); at !== -1; at = buf.indexOf(end, at + 1)) {
            if (at === 0 || buf[at - 1] === 0 || buf[at - 1] === 10) return at + end.length;
          }
          return -1;
        });
        let text = reply.subarray(0, reply.length - end.length).toString('utf8');
        const header = `${fromTree} ${toTree}\n`;
        if (text.startsWith(header)) text = text.slice(header.length);
        return parseNumstat(text);
      } catch (err) {
        pipe.kill();
        throw err;
      }
    },
    warm() {
      touch();
      if (!importer?.alive) startImporter();
      if (!differ?.alive) startDiffer();
    },
    checkFresh() {
      if (!importer?.alive && !differ?.alive) return;
      if (packs !== null && packSet() === packs) return;
      void session.close();
    },
    async close() {
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
      const pipes: [GitPipe | null, string | undefined][] = [
        [importer, 'done\n'],
        [differ, undefined],
      ];
      importer = differ = null;
      packs = null;
      await Promise.all(pipes.map(([p, last]) => stop(p, last)));
    },
  };
  return session;
}
