import { execFileSync } from 'node:child_process';
import { it } from 'vitest';
import { createCore } from '../../src/main/core/createCore';
import { openProfTree } from './profTree';

// The product path (createCore: watcher, cookie barrier, router) for an incremental checkpoint, with the
// edits made right before it (as after an agent's change batch) and made 300 ms before it.
const n = Number(process.env.N ?? 20000);
it('watcher profile', { timeout: 3_600_000 }, async () => {
  if (!process.env.WATCH_PROF) return;
  const tree = openProfTree(n, 'watchprof');
  const core = await createCore({ workspaceRoot: tree.root, dataDir: tree.dataDir, face: 'test', version: 'prof' });
  const create = async () => {
    const a = await core.router.handle('checkpoints.create', { label: 'p' }, { face: 'test' });
    if ('error' in a) throw new Error(a.error.message);
    return a.result as { scan: string };
  };
  try {
    for (let i = 0; i < 60 && (await create()).scan !== 'feed'; i++) await new Promise((r) => setTimeout(r, 500));
    const now: number[] = [];
    const later: number[] = [];
    for (let i = 0; i < 9; i++) {
      for (const [list, wait] of [[now, 0], [later, 300]] as const) {
        tree.edit();
        execFileSync('sync');
        if (wait) await new Promise((r) => setTimeout(r, wait));
        const t = performance.now();
        const cp = await create();
        list.push(performance.now() - t);
        if (cp.scan !== 'feed') throw new Error('not fed');
        await new Promise((r) => setTimeout(r, 300));
      }
    }
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)].toFixed(1);
    const listed: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      await core.router.handle('checkpoints.list', { limit: 1 }, { face: 'test' });
      listed.push(performance.now() - t);
    }
    console.log(`checkpoints.list round trip (router overhead): ${med(listed)} ms`);
    console.log(`edits right before: ${med(now)} ms; edits 300 ms before: ${med(later)} ms`);
  } finally {
    await core.dispose();
    tree.close();
  }
});
