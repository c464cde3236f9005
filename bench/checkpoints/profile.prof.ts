import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'vitest';
import { createCheckpointService } from '../../src/main/core/checkpoints/checkpointService';
import { git } from './generateTree.mjs';

const n = Number(process.env.N ?? 20000);
it('profile', { timeout: 3_600_000 }, async () => {
  const root = join(tmpdir(), 'akira-checkpoints-bench', `tree-${n}-v1`);
  git(root, 'checkout', '-q', '--', '.');
  const sources: string[] = JSON.parse(readFileSync(join(root, '.bench-sources.json'), 'utf8'));
  const dataDir = mkdtempSync(join(tmpdir(), 'akira-prof-'));
  let round = 0;
  const edit = () => {
    const paths: string[] = [];
    for (let i = 0; i < 3; i++) {
      const rel = sources[(round * 7919 + i * 104729) % sources.length];
      writeFileSync(join(root, rel), readFileSync(join(root, rel), 'utf8') + `// e ${round}\n`);
      paths.push(rel);
    }
    round++;
    return paths;
  };
  const saved = process.env.AKIRA_CHECKPOINT_TRACE;
  delete process.env.AKIRA_CHECKPOINT_TRACE;
  const svc = await createCheckpointService({ root, dataDir });
  await svc.create({ label: 'first' });
  process.env.AKIRA_CHECKPOINT_TRACE = saved;
  const walk: number[] = [];
  for (let i = 0; i < 8; i++) {
    edit();
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
    const p = edit();
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
  rmSync(dataDir, { recursive: true, force: true });
  git(root, 'checkout', '-q', '--', '.');
});
