import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'vitest';
import { createCheckpointService } from '../../src/main/core/checkpoints/checkpointService';

// Where the first checkpoint stalls the event loop: every gap over 30 ms, with the progress phase it fell in.
// N=20000,250000 runs them one after the other in one process (as the benchmark does).
const sizes = (process.env.N ?? '20000').split(',').map(Number);
it('stall profile', { timeout: 3_600_000 }, async () => {
  if (!process.env.STALL_PROF) return;
  for (const n of sizes) await firstCheckpoint(n);
});

async function firstCheckpoint(n: number) {
  const root = join(tmpdir(), 'akira-checkpoints-bench', `tree-${n}-v1`);
  const dataDir = mkdtempSync(join(tmpdir(), 'akira-stall-'));
  let phase = 'open';
  const t0 = performance.now();
  const svc = await createCheckpointService({
    root,
    dataDir,
    emit: (name, data) => {
      if (name === 'checkpoints.onProgress') phase = (data as { phase: string }).phase;
    },
  });
  let last = performance.now();
  const stalls: string[] = [];
  const timer = setInterval(() => {
    const now = performance.now();
    if (now - last > 40) stalls.push(`${(now - last - 10).toFixed(0)} ms ending at ${(now - t0).toFixed(0)} (phase ${phase})`);
    last = now;
  }, 10);
  await svc.create({ label: 'first' });
  phase = 'after create';
  await svc.whenIdle();
  clearInterval(timer);
  console.log(`${n} files: total ${(performance.now() - t0).toFixed(0)} ms\n${stalls.join('\n')}`);
  await svc.dispose();
  rmSync(dataDir, { recursive: true, force: true });
}
