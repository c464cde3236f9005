import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCheckpointService } from './checkpointService';
import { gitIn, makeEnv, type TestEnv } from '../../../testing/checkpointWorkspace';

/**
 * The store's long-lived git processes (storeSession.ts): a fast-import that outlives a gc must not
 * skip content the gc dropped; a killed one is replaced; its `.keep` files never stop pruning.
 */

let env: TestEnv | null = null;
afterEach(async () => {
  await env?.cleanup();
  env = null;
});

const blobExists = (storeDir: string, oid: string) => {
  try {
    gitIn(storeDir, '--git-dir=git', 'cat-file', '-e', oid);
    return true;
  } catch {
    return false;
  }
};

/** As time passing would (with the service idle: nothing changes a store while its lock is held). */
async function backdate(service: { storeDir: string; whenIdle(): Promise<void> }): Promise<void> {
  await service.whenIdle();
  const storeDir = service.storeDir;
  const listPath = join(storeDir, 'checkpoints.jsonl');
  const lines = (await readFile(listPath, 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
  for (const l of lines) l.createdAt = '2000-01-01T00:00:00.000Z';
  await writeFile(listPath, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
}

/** Pids of this process's git children running fast-import for `storeDir`. */
function fastImports(storeDir: string): number[] {
  const out = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter((l) => l.includes('fast-import') && l.includes(storeDir))
    .map((l) => Number(l.trim().split(/\s+/)[0]));
}

describe('store session', () => {
  it('writes content again that a prune by another process dropped while its fast-import ran', async () => {
    env = await makeEnv({ 'a.txt': 'first content\n', 'b.txt': 'stays\n' });
    const one = await env.service.create({ label: 'one' });
    const oid = gitIn(env.service.storeDir, '--git-dir=git', 'rev-parse', `${one.commit}:a.txt`).trim();
    await env.write('a.txt', 'second content\n');
    const two = await env.service.create({ label: 'two' });
    expect(fastImports(env.service.storeDir).length).toBe(1); // still running, and it wrote the first blob

    // "Another process" prunes the first checkpoint: gc drops the blob only it referenced.
    await backdate(env.service);
    const other = await createCheckpointService({ root: env.root, dataDir: env.dataDir });
    expect((await other.prune({ retentionDays: 1, protect: [two.id] })).removed).toEqual([one.id]);
    await other.dispose();
    expect(blobExists(env.service.storeDir, oid)).toBe(false);

    // The same content comes back: it must be stored again, not assumed present.
    await env.write('a.txt', 'first content\n');
    const three = await env.service.create({ label: 'three' });
    expect(blobExists(env.service.storeDir, oid)).toBe(true);
    expect((await env.service.fileAt(three.id, 'a.txt')).text).toBe('first content\n');
    gitIn(env.service.storeDir, '--git-dir=git', 'fsck', '--no-dangling', '--connectivity-only');
  });

  it('does the same after its own prune, and leaves no .keep file behind', async () => {
    env = await makeEnv({ 'a.txt': 'first content\n' });
    const one = await env.service.create({ label: 'one' });
    await env.write('a.txt', 'second content\n');
    const two = await env.service.create({ label: 'two' });
    await backdate(env.service);
    expect((await env.service.prune({ retentionDays: 1, protect: [two.id] })).removed).toEqual([one.id]);
    const packDir = join(env.service.storeDir, 'git', 'objects', 'pack');
    expect((await readdir(packDir)).filter((n) => n.endsWith('.keep'))).toEqual([]);
    await env.write('a.txt', 'first content\n');
    const three = await env.service.create({ label: 'three' });
    expect((await env.service.fileAt(three.id, 'a.txt')).text).toBe('first content\n');
  });

  it('replaces a fast-import that was killed, and prunes the packs it kept', async () => {
    env = await makeEnv({ 'a.txt': 'one\n' });
    const one = await env.service.create({ label: 'one' });
    const big = randomBytes(30_000).toString('hex'); // does not compress away: pruning it frees bytes
    await env.write('a.txt', big);
    const two = await env.service.create({ label: 'two' });
    const pids = fastImports(env.service.storeDir);
    expect(pids.length).toBe(1);
    process.kill(pids[0], 'SIGKILL');
    const packDir = join(env.service.storeDir, 'git', 'objects', 'pack');
    expect((await readdir(packDir)).some((n) => n.endsWith('.keep'))).toBe(true); // left by the killed process

    await env.write('a.txt', 'three\n');
    const three = await env.service.create({ label: 'three' });
    expect((await env.service.get(three.id)).files.map((f) => f.path)).toEqual(['a.txt']);
    expect((await env.service.fileAt(two.id, 'a.txt')).text).toBe(big);

    // Pruning the big checkpoint frees its pack although a killed fast-import had kept it.
    await backdate(env.service);
    const before = (await env.service.usage()).bytes;
    expect((await env.service.prune({ retentionDays: 1, protect: [three.id, one.id] })).removed).toEqual([two.id]);
    expect((await env.service.usage()).bytes).toBeLessThan(before);
    expect((await readdir(packDir)).filter((n) => n.endsWith('.keep'))).toEqual([]);
    await env.service.restore(one.id);
    expect(await env.read('a.txt')).toBe('one\n');
  });

  it('a checkpoint taken in the same tick as its fast-import is killed is written through a fresh one', async () => {
    env = await makeEnv({ 'a.txt': 'one\n' });
    await env.service.create({ label: 'one' });
    for (let i = 2; i <= 4; i++) {
      await env.write('a.txt', `v${i}\n`);
      const [pid] = fastImports(env.service.storeDir);
      process.kill(pid, 'SIGKILL');
      // No await between the kill and the create: the process's exit may not have been seen yet.
      const taken = await env.service.create({ label: `v${i}` });
      expect((await env.service.fileAt(taken.id, 'a.txt')).text).toBe(`v${i}\n`);
    }
  });

  it('rolls the small packs up once quiet (whenIdle), and goes on with fresh processes', async () => {
    env = await makeEnv({ 'a.txt': 'v0\n' });
    const ids: string[] = [];
    for (let i = 1; i <= 9; i++) {
      await env.write('a.txt', `v${i}\n`);
      ids.push((await env.service.create({ label: `v${i}` })).id);
    }
    const packDir = join(env.service.storeDir, 'git', 'objects', 'pack');
    const packs = async () => (await readdir(packDir)).filter((n) => n.endsWith('.pack')).length;
    expect(await packs()).toBeGreaterThanOrEqual(9); // one per checkpoint until things are quiet
    await env.service.whenIdle();
    expect(await packs()).toBeLessThan(9);
    expect((await readdir(packDir)).filter((n) => n.endsWith('.keep'))).toEqual([]);
    expect(fastImports(env.service.storeDir).length).toBe(1); // started again for the next checkpoint
    await env.write('a.txt', 'v10\n');
    ids.push((await env.service.create({ label: 'v10' })).id);
    for (let i = 0; i < ids.length; i++) expect((await env.service.fileAt(ids[i], 'a.txt')).text).toBe(`v${i + 1}\n`);
  });

  it('merges the small packs after each quiet checkpoint, so a folder touched again is stored as a delta', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 60; i++) files[`src/module-${i}.ts`] = `export const value${i} = ${i};\n`;
    env = await makeEnv(files);
    await env.service.create({ label: 'base' });
    for (let round = 1; round <= 3; round++) {
      await env.write(`src/module-${round}.ts`, `export const value${round} = ${round * 100};\n`);
      await env.service.create({ label: `r${round}` });
      await env.service.whenIdle();
      expect((await env.service.usage()).packs).toBe(1);
    }
    const packDir = join(env.service.storeDir, 'git', 'objects', 'pack');
    const idx = (await readdir(packDir)).find((n) => n.endsWith('.idx'))!;
    const verify = gitIn(join(env.service.storeDir, 'git'), 'verify-pack', '-v', join(packDir, idx));
    // src/'s tree (60 entries, ~2.4 KB whole) is written by every checkpoint: one version whole, the others deltas.
    const trees = verify
      .split('\n')
      .map((l) => l.split(/\s+/))
      .filter((f) => f[1] === 'tree')
      .map((f) => ({ size: Number(f[2]), base: f[6] ?? null }));
    expect(trees.filter((t) => t.base === null && t.size > 2000)).toHaveLength(1);
    expect(trees.filter((t) => t.base !== null).length).toBeGreaterThanOrEqual(3);
  });

  it('stops its processes at dispose', async () => {
    env = await makeEnv({ 'a.txt': 'one\n' });
    await env.service.create({ label: 'one' });
    expect(fastImports(env.service.storeDir).length).toBe(1);
    await env.service.dispose();
    expect(fastImports(env.service.storeDir)).toEqual([]);
  });
});
