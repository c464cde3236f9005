import { it } from 'vitest';
import { createCheckpointService } from '../../src/main/core/checkpoints/checkpointService';
import { openProfTree } from './profTree';

// A checkpoint from a freshly started service (as the CLI takes it), phase by phase.
const n = Number(process.env.N ?? 20000);
it('cold profile', { timeout: 3_600_000 }, async () => {
  if (!process.env.COLD_PROF) return;
  const tree = openProfTree(n, 'cold');
  const { root, dataDir } = tree;
  const first = await createCheckpointService({ root, dataDir });
  await first.create({ label: 'first' });
  await first.dispose();
  for (let round = 0; round < 5; round++) {
    tree.edit(1);
    const t0 = performance.now();
    const svc = await createCheckpointService({ root, dataDir, options: { preloadStatPool: !!process.env.OPEN_WAIT } });
    // OPEN_WAIT=<ms>: the first checkpoint comes that long after the service opened (as in the app).
    if (process.env.OPEN_WAIT) await new Promise((r) => setTimeout(r, Number(process.env.OPEN_WAIT)));
    const t1 = performance.now();
    await svc.create({ label: 'cold' });
    const t2 = performance.now();
    await svc.dispose();
    const t3 = performance.now();
    console.log(`open ${(t1 - t0).toFixed(1)} create ${(t2 - t1).toFixed(1)} dispose ${(t3 - t2).toFixed(1)} total ${(t3 - t0).toFixed(1)}`);
  }
  tree.close();
});
