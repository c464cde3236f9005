import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { it } from 'vitest';
import { createCheckpointService } from '../../src/main/core/checkpoints/checkpointService';
import { git } from './generateTree.mjs';
import { openProfTree } from './profTree';

// Where a small checkpoint's bytes go: the store's files before and after one checkpoint of 3 edits.
const n = Number(process.env.N ?? 20000);
function files(dir: string): Map<string, number> {
  const out = new Map<string, number>();
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop()!;
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const abs = join(d, e.name);
      if (e.isDirectory()) stack.push(abs);
      else out.set(relative(dir, abs), statSync(abs).size);
    }
  }
  return out;
}
it('growth profile', { timeout: 3_600_000 }, async () => {
  if (!process.env.GROWTH_PROF) return;
  const tree = openProfTree(n, 'growth');
  const svc = await createCheckpointService({ root: tree.root, dataDir: tree.dataDir });
  await svc.create({ label: 'first' });
  const start = files(svc.storeDir);
  let total = 0;
  const rounds = Number(process.env.ROUNDS ?? 4);
  for (let round = 0; round < rounds; round++) {
    await svc.whenIdle();
    const before = files(svc.storeDir);
    const { bytes } = tree.edit();
    await svc.create({ label: `r${round}` });
    await svc.whenIdle();
    const after = files(svc.storeDir);
    let growth = 0;
    const lines: string[] = [];
    for (const [f, size] of after) {
      const d = size - (before.get(f) ?? 0);
      if (d !== 0) lines.push(`  ${d > 0 ? '+' : ''}${d}\t${f}`);
      growth += d;
    }
    for (const [f, size] of before) if (!after.has(f)) (lines.push(`  -${size}\t${f} (gone)`), (growth -= size));
    const pack = [...after.keys()].find((f) => f.endsWith('.pack') && !before.has(f));
    if (pack && process.env.GROWTH_VERBOSE) {
      console.log(git(join(svc.storeDir, 'git'), 'verify-pack', '-v', join(svc.storeDir, pack.replace('.pack', '.idx'))));
    }
    total += bytes;
    console.log(`round ${round}: bytes changed ${bytes}, store growth ${growth} (${(growth / bytes).toFixed(2)})\n${lines.join('\n')}`);
  }
  const end = files(svc.storeDir);
  if (process.env.GROWTH_VERBOSE) {
    for (const f of end.keys()) if (f.endsWith('.idx') && !start.has(f)) console.log(git(join(svc.storeDir, 'git'), 'verify-pack', '-v', join(svc.storeDir, f)));
  }
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  console.log(`all rounds: bytes changed ${total}, store growth ${sum(end) - sum(start)} (${((sum(end) - sum(start)) / total).toFixed(2)})`);
  await svc.dispose();
  tree.close();
});
