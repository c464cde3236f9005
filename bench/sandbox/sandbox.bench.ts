// Sandbox benchmark (issue 26). Run: npm run bench:sandbox   (BENCH_RUNS=30 by default)
// The cost of one sandboxed agent command against the same command bare, in one process, through node-pty as the
// command runner spawns them: `true` and `echo hi`, each
//   bare          /bin/bash -c <command>
//   bwrap only    bubblewrap with the whole file policy, no network bridge (no proxy socket, no socat)
//   sandboxed     createSandbox().wrap(): bubblewrap + the socat bridge to the proxy, waiting until it listens
// run BENCH_RUNS times, the variants interleaved so that they share the machine's noise; medians, p10/p90, and the
// ratio of medians against bare. Needs bubblewrap and socat.
import * as nodePty from 'node-pty';
import { it } from 'vitest';
import { SANDBOX_READ_ONLY } from '../../src/main/core/agent/policy';
import { bwrapArgs } from '../../src/main/core/sandbox/bwrapArgs';
import { createSandbox } from '../../src/main/core/sandbox/createSandbox';
import { detectSandbox } from '../../src/main/core/sandbox/sandboxAvailability';
import { planSandbox } from '../../src/main/core/sandbox/sandboxPaths';
import { sandboxPathsOf, globalSandbox } from '../../src/main/core/sandbox/sandboxSettings';
import { sandboxFixture } from '../../src/testing/sandboxKit';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const log = (...a: unknown[]) => process.stdout.write(`${a.join(' ')}\n`);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length - 1) * p))];

function timed(file: string, args: string[], cwd: string, env: Record<string, string>): Promise<number> {
  return new Promise((done, fail) => {
    const t0 = performance.now();
    const p = nodePty.spawn(file, args, { cwd, env, cols: 120, rows: 30, name: 'xterm-256color' });
    let out = '';
    p.onData((d) => (out += d));
    p.onExit(({ exitCode }) => (exitCode === 0 ? done(performance.now() - t0) : fail(new Error(`${file} exited ${exitCode}: ${out}`))));
  });
}

it('sandboxed commands against bare ones', async () => {
  const availability = await detectSandbox();
  if (!availability.available) {
    log(`skipped: ${availability.reason.en}`);
    return;
  }
  const fx = await sandboxFixture();
  const settings = globalSandbox({});
  const sandbox = await createSandbox({ settings, root: fx.root, home: fx.home, dataDir: fx.dataDir, readOnly: SANDBOX_READ_ONLY, availability });
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: fx.home, LANG: 'C.UTF-8' };
  try {
    const paths = sandboxPathsOf(settings, { home: fx.home, root: fx.root, dataDir: fx.dataDir });
    const noBridge = (command: string) => {
      const plan = planSandbox({ root: fx.root, sessionTmp: sandbox.sessionTmp, allowWrite: paths.allowWrite, denyRead: paths.denyRead, readOnly: SANDBOX_READ_ONLY, proxySocket: null });
      return { file: availability.bwrap, args: [...bwrapArgs(plan), '--', '/bin/bash', '-c', command], env };
    };
    const variants = {
      bare: (command: string) => ({ file: '/bin/bash', args: ['-c', command], env }),
      'bwrap only': noBridge,
      sandboxed: (command: string) => sandbox.wrap(command, { cwd: fx.root, env }),
    };
    log(`N=${RUNS} runs each, node-pty, ms: median (p10 / p90), ratio of medians against bare; ${availability.bwrap}, Node ${process.version}`);
    for (const command of ['true', 'echo hi']) {
      const times: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
      for (const [name, make] of Object.entries(variants)) {
        const w = make(command); // warm-up
        await timed(w.file, w.args, fx.root, w.env);
        void name;
      }
      for (let i = 0; i < RUNS; i++) {
        const order = Object.entries(variants);
        if (i % 2) order.reverse();
        for (const [name, make] of order) {
          const w = make(command);
          times[name].push(await timed(w.file, w.args, fx.root, w.env));
        }
      }
      const bare = pct(times.bare, 0.5);
      for (const [name, xs] of Object.entries(times)) {
        const med = pct(xs, 0.5);
        log(`${command.padEnd(8)} ${name.padEnd(11)} ${med.toFixed(1).padStart(7)} (${pct(xs, 0.1).toFixed(1)} / ${pct(xs, 0.9).toFixed(1)})   x${(med / bare).toFixed(1)}`);
      }
    }
  } finally {
    await sandbox.dispose();
    fx.cleanup();
  }
});
