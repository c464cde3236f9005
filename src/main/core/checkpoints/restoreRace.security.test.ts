import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { flipFolder } from '../../../testing/flipFolder';
import { tempDir } from '../../../testing/tempTree';
import { makeEnv, type TestEnv } from '../../../testing/checkpointWorkspace';

/**
 * A restore while a separate process flips `<ws>/sub` between the real folder and a symlink to an
 * outside folder: restores between two checkpoints (one with 200 files in sub/, one without) write
 * and delete in sub/ over and over. The outside folder holds the same names with the same content
 * (so a delete that went through the link would pass the "unchanged since" check): nothing there may
 * be created, changed or deleted.
 */

const FILES = 200;
const RACE_MS = 2500;
/** The exact check needs /proc/self/fd (Linux); elsewhere confinedFs only narrows the race. */
const procFd = process.platform === 'linux' && existsSync('/proc/self/fd');

let env: TestEnv | undefined;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await env?.cleanup();
  env = undefined;
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('restore while a folder is swapped for a symlink (race)', () => {
  it.runIf(procFd)('never writes or deletes outside the workspace', async () => {
    const files: Record<string, string> = { 'sub/keep.txt': 'inside\n' };
    for (let i = 0; i < FILES; i++) files[`sub/r-${i}.txt`] = 'restored\n';
    env = await makeEnv(files);
    const out = await tempDir('akira-restore-race-out-');
    cleanups.push(out.cleanup);
    const outside: Record<string, string> = { 'keep.txt': 'OUTSIDE-SECRET\n' };
    for (let i = 0; i < FILES; i++) outside[`r-${i}.txt`] = 'restored\n';
    for (const [name, text] of Object.entries(outside)) await writeFile(join(out.dir, name), text);

    const full = await env.service.create({ label: 'with files' });
    for (let i = 0; i < FILES; i++) await rm(join(env.root, 'sub', `r-${i}.txt`));
    const empty = await env.service.create({ label: 'without' });

    let done = false;
    const flips = flipFolder(env.root, 'sub', out.dir, RACE_MS).finally(() => (done = true));
    const tally = { restores: 0, failed: 0, written: 0, deleted: 0, conflicts: 0 };
    while (!done) {
      const target = tally.restores % 2 === 0 ? full : empty;
      tally.restores++;
      try {
        const result = await env.service.restore(target.id);
        tally.written += result.created.length + result.modified.length;
        tally.deleted += result.deleted.length;
        tally.conflicts += result.conflicts?.length ?? 0;
      } catch {
        tally.failed++;
      }
    }
    const flipCount = await flips;
    console.log('restore race:', JSON.stringify({ flips: flipCount, ...tally }));

    const now = Object.fromEntries(readdirSync(out.dir).map((name) => [name, readFileSync(join(out.dir, name), 'utf8')]));
    expect(flipCount, 'the flipper ran').toBeGreaterThan(10);
    expect(tally.written + tally.deleted, 'the restores wrote and deleted files').toBeGreaterThan(0);
    expect(Object.keys(now).length, 'files outside').toBe(Object.keys(outside).length);
    expect(now).toEqual(outside);
  }, 20_000);
});
