import { lstatSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'vitest';
import { createGitignoreRules } from '../../src/main/core/workspace/gitignoreRules';
import { createExclusions } from '../../src/main/core/checkpoints/exclusions';
import { walkTree } from '../../src/main/core/checkpoints/scanner';
import type { ScanEntry } from '../../src/main/core/checkpoints/scanTypes';
import { createStatPool } from '../../src/main/core/checkpoints/statPool';

// The walk alone (with a baseline, as an incremental checkpoint walks) against a bare lstat loop over the same files.
const n = Number(process.env.N ?? 20000);
it('walk profile', { timeout: 3_600_000 }, async () => {
  if (!process.env.WALK_PROF) return;
  const root = join(tmpdir(), 'akira-checkpoints-bench', `tree-${n}-v1`);
  const statPool = process.env.WALK_POOL ? createStatPool() : undefined;
  const opts = { root, rules: await createGitignoreRules(root), exclusions: createExclusions(), maxFileBytes: 5 << 20, statPool };
  const first = await walkTree(opts);
  await new Promise((r) => setTimeout(r, 2100));
  const byDir = new Map<string, Map<string, ScanEntry & { racy: boolean }>>();
  for (const [rel, e] of first.files) {
    const i = rel.lastIndexOf('/');
    const dir = i === -1 ? '' : rel.slice(0, i);
    if (!byDir.has(dir)) byDir.set(dir, new Map());
    byDir.get(dir)!.set(rel.slice(i + 1), { ...e, racy: false });
  }
  let stamps = (await walkTree(opts, { byDir, dirs: first.dirs!, dirStamps: first.dirStamps })).dirStamps;
  const abs = [...first.files.keys()].map((r) => join(root, r));
  const w: number[] = [];
  const l: number[] = [];
  for (let r = 0; r < 9; r++) {
    let t = performance.now();
    const s = await walkTree(opts, { byDir, dirs: first.dirs!, dirStamps: stamps, generation: 1 });
    w.push(performance.now() - t);
    stamps = s.dirStamps;
    t = performance.now();
    for (const a of abs) lstatSync(a, { throwIfNoEntry: false });
    l.push(performance.now() - t);
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)].toFixed(1);
  console.log(`${abs.length} files: walk ${med(w)} ms, lstat loop ${med(l)} ms`);
  await statPool?.dispose();
});
