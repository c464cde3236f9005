import { it } from 'vitest';
import { createCheckpointService } from '../../src/main/core/checkpoints/checkpointService';
import { openProfTree } from './profTree';

const n = Number(process.env.N ?? 20000);
it('profile', { timeout: 3_600_000 }, async () => {
  const tree = openProfTree(n, 'prof');
  const { root, dataDir } = tree;
  const saved = process.env.AKIRA_CHECKPOINT_TRACE;
  delete process.env.AKIRA_CHECKPOINT_TRACE;
  const svc = await createCheckpointService({ root, dataDir });
  await svc.create({ label: 'first' });
  process.env.AKIRA_CHECKPOINT_TRACE = saved;
  const walk: number[] = [];
  for (let i = 0; i < 8; i++) {
    tree.edit();
    await svc.whenIdle();
    const t = performance.now();
    await svc.create({ label: 'w' });
    walk.push(performance.now() - t);
    process.stderr.write(`-- walk total ${(performance.now() - t).toFixed(1)}\n`);
  }
  svc.setFeedComplete(true);
  await new Promise((r) => setTimeout(r, 5));
  await svc.create({ label: 'base' });
  const feed: number[] = [];
  for (let i = 0; i < 8; i++) {
    const p = tree.edit().paths;
    await svc.whenIdle();
    svc.markDirty(p);
    const t = performance.now();
    await svc.create({ label: 'f' });
    feed.push(performance.now() - t);
    process.stderr.write(`-- feed total ${(performance.now() - t).toFixed(1)}\n`);
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`walk median ${med(walk).toFixed(1)} feed median ${med(feed).toFixed(1)}`);
  await svc.dispose();
  tree.close();
});
