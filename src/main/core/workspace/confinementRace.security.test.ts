import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { flipFolder } from '../../../testing/flipFolder';
import { tempDir } from '../../../testing/tempTree';
import { toContractError } from '../errors';
import { checkpointHandlers } from '../checkpoints/checkpointHandlers';
import type { CheckpointService } from '../checkpoints/checkpointService';
import { applyProposedChange } from '../agent/tools/proposedChange';
import { deleteFileTool, writeFileTool } from '../agent/tools/writeTools';
import { readFileTool } from '../agent/tools/readFile';
import { searchFilesTool } from '../agent/tools/searchFiles';
import { createWorkspaceService } from './workspaceService';

/**
 * Confinement under a race: a separate process flips `<ws>/sub` between a real folder and a
 * symlink to an outside folder as fast as it can, while reads (workspace.read, checkpoints.fileAt
 * "now", the agent's read_file and search_files), agent writes (write_file + apply) and deletes
 * (delete_file + apply) go on. Errors are fine; outside content in an answer, an error naming an
 * absolute path, or a file written or deleted outside, is not. (Restores: restoreRace.security.test.ts.)
 * This holds exactly with the Linux check (/proc/self/fd); the portable fallback only narrows the
 * race (see confinedFs.ts), so it is tested without a race in confinedFs.test.ts.
 */

const SECRET = 'OUTSIDE-SECRET';
const RACE_MS = 2000;

const cleanups: (() => Promise<void>)[] = [];
/** The exact check needs /proc/self/fd (Linux). */
const procFd = process.platform === 'linux' && existsSync('/proc/self/fd');
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

interface Tally {
  attempts: number;
  ok: number;
  refused: number;
  leaks: string[];
  /** Errors that named an absolute path of `hidden`. */
  paths: string[];
  hidden: string[];
}
const tally = (hidden: string[]): Tally => ({ attempts: 0, ok: 0, refused: 0, leaks: [], paths: [], hidden });

/** Runs `once` in a loop until `stop()` says so; `once` answers the text it read (or nothing). */
async function hammer(stop: () => boolean, t: Tally, what: string, once: (i: number) => Promise<string | undefined>) {
  for (let i = 0; !stop(); i++) {
    t.attempts++;
    try {
      const text = await once(i);
      t.ok++;
      if (text?.includes(SECRET)) t.leaks.push(`${what} #${i}`);
    } catch (err) {
      // What a face answers: no outside content, and no absolute server path either.
      const { message } = toContractError(err);
      if (message.includes(SECRET)) t.leaks.push(`${what} #${i} (in an error)`);
      if (t.hidden.some((abs) => message.includes(abs))) t.paths.push(`${what}: ${message}`);
      t.refused++;
    }
  }
}

async function race() {
  const ws = await tempDir('akira-race-ws-');
  const out = await tempDir('akira-race-out-');
  cleanups.push(ws.cleanup, out.cleanup);
  await mkdir(join(ws.dir, 'sub'));
  await writeFile(join(ws.dir, 'sub', 'f.txt'), 'inside\n');
  await writeFile(join(out.dir, 'f.txt'), `${SECRET}\n`);
  // Decoys the deletes would remove if they went through the link (same content inside and out).
  for (let i = 0; i < 400; i++) {
    await writeFile(join(ws.dir, 'sub', `d-${i}.txt`), 'doomed\n');
    await writeFile(join(out.dir, `d-${i}.txt`), 'doomed\n');
  }
  const workspace = await createWorkspaceService({ root: ws.dir, emit: () => {}, watch: false });
  cleanups.push(() => workspace.dispose());
  const checkpoints = checkpointHandlers(() => ({ root: ws.dir }) as CheckpointService);
  const ctx = { root: ws.dir };

  const hidden = [ws.dir, out.dir];
  const reads = tally(hidden);
  const writes = tally(hidden);
  const deletes = tally(hidden);
  let done = false;
  const stop = () => done;
  const flips = flipFolder(ws.dir, 'sub', out.dir, RACE_MS).finally(() => (done = true));
  let deleteNo = 0;
  const readers = [
    hammer(stop, reads, 'workspace.read', async () => (await workspace.read({ path: 'sub/f.txt' })).content),
    hammer(stop, reads, 'workspace.read', async () => (await workspace.read({ path: 'sub/f.txt' })).content),
    hammer(stop, reads, 'checkpoints.fileAt', async () => (await checkpoints['checkpoints.fileAt']({ checkpointId: 'now', path: 'sub/f.txt' }, { face: 'test' })).text ?? ''),
    hammer(stop, reads, 'checkpoints.fileAt', async () => (await checkpoints['checkpoints.fileAt']({ checkpointId: 'now', path: 'sub/f.txt' }, { face: 'test' })).text ?? ''),
    hammer(stop, reads, 'read_file', async () => (await readFileTool.execute({ path: 'sub/f.txt' }, ctx)).text),
    hammer(stop, reads, 'read_file', async () => (await readFileTool.execute({ path: 'sub/f.txt' }, ctx)).text),
    hammer(stop, reads, 'search_files', async () => (await searchFilesTool.execute({ pattern: 'SECRET|inside', path: 'sub', glob: 'f.txt' }, ctx)).text),
  ];
  const writers = [
    hammer(stop, writes, 'write_file', async (i) => {
      const proposed = await writeFileTool.execute({ path: `sub/w-${i}.txt`, content: 'written\n' }, ctx);
      if (proposed.change) await applyProposedChange(ws.dir, proposed.change);
      return undefined;
    }),
    hammer(stop, writes, 'write_file (new folder)', async (i) => {
      const proposed = await writeFileTool.execute({ path: `sub/n-${i}/x.txt`, content: 'written\n' }, ctx);
      if (proposed.change) await applyProposedChange(ws.dir, proposed.change);
      return undefined;
    }),
    hammer(stop, deletes, 'delete_file', async () => {
      const n = deleteNo++ % 400;
      const proposed = await deleteFileTool.execute({ path: `sub/d-${n}.txt` }, ctx);
      if (proposed.change) await applyProposedChange(ws.dir, proposed.change);
      return undefined;
    }),
  ];
  await Promise.all([...readers, ...writers]);
  const flipCount = await flips;

  const outsideNow = readdirSync(out.dir).sort();
  const strays = outsideNow.filter((name) => name !== 'f.txt' && !/^d-\d+\.txt$/.test(name));
  const deletedOutside = 400 - outsideNow.filter((name) => /^d-\d+\.txt$/.test(name)).length;
  const count = ({ attempts, ok, refused, leaks, paths }: Tally) => ({ attempts, ok, refused, leaks: leaks.length, paths: paths.length });
  const figures = { flips: flipCount, reads: count(reads), writes: count(writes), deletes: count(deletes), strays: strays.length, deletedOutside };
  console.log('confinement race:', JSON.stringify(figures));

  expect(flipCount, 'the flipper ran').toBeGreaterThan(10);
  expect(reads.ok, 'some reads succeeded (the race was exercised)').toBeGreaterThan(10);
  expect(writes.ok, 'some writes succeeded').toBeGreaterThan(0);
  expect(reads.leaks.slice(0, 5), `outside content answered (${reads.leaks.length} times)`).toEqual([]);
  expect(strays.slice(0, 5), `files written outside (${strays.length})`).toEqual([]);
  expect(deletedOutside, 'outside files deleted').toBe(0);
  expect([...reads.paths, ...writes.paths, ...deletes.paths].slice(0, 5), 'errors naming absolute paths').toEqual([]);
  expect(readFileSync(join(out.dir, 'f.txt'), 'utf8')).toBe(`${SECRET}\n`);
}

describe('confinement holds while a folder is swapped for a symlink (race)', () => {
  it.runIf(procFd)('never reads outside content, never writes or deletes outside', race, 15_000);
});
