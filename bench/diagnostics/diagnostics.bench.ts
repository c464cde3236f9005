// Diagnostics benchmark (issue 11). Run: npm run bench:diagnostics   (BENCH_REPEATS=3 by default)
// The diagnostics service (src/main/core/diagnostics) on this repository itself, as the get_diagnostics tool
// would run it: detect, then BENCH_REPEATS full runs one after the other, each printing per checker its status,
// time and problem count, the run's total time and its number of diagnostics; then the medians. Global settings
// come from an empty temp data folder (the machine's own do not change the figures); the repository's
// .akira/settings.json, if any, applies. The environment is this process's, scrubbed like the agent's commands'.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { it } from 'vitest';
import type { DiagnosticsReport } from '../../src/shared/context/contextShapes';
import { createDiagnostics } from '../../src/main/core/diagnostics/diagnosticsService';
import { formatDiagnostics } from '../../src/main/core/diagnostics/formatDiagnostics';
import { commandEnv } from '../../src/main/core/terminal/commandEnv';

const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const log = (...a: unknown[]) => process.stdout.write(`${a.join(' ')}\n`);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

it('diagnostics of this repository', async () => {
  const root = realpathSync(resolve(dirname(fileURLToPath(import.meta.url)), '..', '..'));
  const dataDir = mkdtempSync(join(tmpdir(), 'akira-bench-diag-data-'));
  try {
    const diagnostics = createDiagnostics({ root, dataDir, env: () => commandEnv(process.env) });
    const t0 = performance.now();
    const detected = await diagnostics.detect();
    log(`root ${root}`);
    log(`detect: ${Math.round(performance.now() - t0)} ms → ${detected.map((c) => `${c.id} (${c.command.split('\n')[0]})`).join(', ') || 'no checker'}`);

    const reports: DiagnosticsReport[] = [];
    for (let round = 1; round <= REPEATS; round++) {
      const report = await diagnostics.run();
      reports.push(report);
      const perChecker = report.checkers.map((c) => `${c.id} ${c.status} ${c.durationMs} ms (${c.count})${c.reason ? ` [${c.reason.split('\n')[0].slice(0, 120)}]` : ''}`);
      log(`run ${round}: total ${report.durationMs} ms, ${report.diagnostics.length} diagnostics${report.truncated ? ' (truncated)' : ''} — ${perChecker.join('; ') || 'no checker'}`);
    }

    log('');
    log(`medians of ${REPEATS} runs:`);
    for (const id of reports[0].checkers.map((c) => c.id)) {
      const times = reports.map((r) => r.checkers.find((c) => c.id === id)?.durationMs ?? 0);
      log(`  ${id.padEnd(10)} ${String(Math.round(median(times))).padStart(7)} ms   (runs: ${times.join(', ')} ms)`);
    }
    log(`  ${'total'.padEnd(10)} ${String(Math.round(median(reports.map((r) => r.durationMs)))).padStart(7)} ms   (runs: ${reports.map((r) => r.durationMs).join(', ')} ms)`);
    log(`  diagnostics: ${reports.map((r) => r.diagnostics.length).join(', ')}`);
    log('');
    log(formatDiagnostics(reports.at(-1)!, { maxChars: 3000 }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
