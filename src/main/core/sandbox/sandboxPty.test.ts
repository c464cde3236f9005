import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_READ_ONLY } from '../agent/policy';
import { setup, type Setup } from '../../../testing/ptyKit';
import { realSandbox, sandboxFixture, type SandboxFixture } from '../../../testing/sandboxKit';
import { waitFor } from '../../../testing/waitFor';
import { createSandbox, type Sandbox } from './createSandbox';
import { globalSandbox } from './sandboxSettings';

// A wrapped command spawned the way the command runner spawns the agent's commands (terminal/ptyHost.ts: a real
// pty, the exit wrapper around the program, SIGTERM to stop it), so the lead can swap `bash -c` for `wrap`.

const { availability, skip } = await realSandbox();
if (skip) console.warn(`sandboxPty.test.ts skipped: ${skip}`);

describe.skipIf(skip)('a sandboxed command in a pty (real bubblewrap)', () => {
  let fx: SandboxFixture;
  let sandbox: Sandbox;
  let pty: Setup;

  beforeAll(async () => {
    fx = await sandboxFixture();
    sandbox = await createSandbox({ settings: globalSandbox({}), root: fx.root, home: fx.home, dataDir: fx.dataDir, readOnly: SANDBOX_READ_ONLY, availability });
    pty = setup();
  });
  afterAll(async () => {
    await pty?.cleanup();
    await sandbox?.dispose();
    fx?.cleanup();
  });

  function spawnWrapped(command: string) {
    const w = sandbox.wrap(command, { cwd: fx.root, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: fx.home } });
    let output = '';
    let exitCode: number | null = null;
    const { terminalId } = pty.host.spawn({
      program: { file: w.file, args: w.args },
      title: command,
      kind: 'command',
      cwd: fx.root,
      baseEnv: w.env,
      survive: ['SIGTERM'],
      onOutput: (t) => (output += t),
      onExit: (code) => (exitCode = code),
    });
    return { terminalId, output: () => output, exit: () => waitFor(() => (exitCode === null ? null : { code: exitCode }), `${command} exited`, 20_000) };
  }

  it('runs with a terminal, its output and its exit code, sandboxed', async () => {
    const run = spawnWrapped('test -t 0 && test -t 1 && echo is-a-tty; echo "cols=$(tput cols 2>/dev/null || stty size)"; cat ~/.ssh/id_rsa; exit 3');
    expect((await run.exit()).code).toBe(3);
    expect(run.output()).toContain('is-a-tty');
    expect(run.output()).toMatch(/Permission denied/);
    expect(run.output()).not.toContain('FAKE-PRIVATE-KEY-SECRET');
  });

  it('SIGTERM from the runner (timeout, abort) ends the command and all it started', async () => {
    const run = spawnWrapped('sleep 1000.555 & echo ready; sleep 1000.666');
    await waitFor(() => run.output().includes('ready'), 'the command started');
    pty.host.signal(run.terminalId, 'SIGTERM');
    expect((await run.exit()).code).not.toBe(0);
    const left = () => execFileSync('sh', ['-c', 'pgrep -af "sleep 1000\\.(555|666)" || true'], { encoding: 'utf8' }).trim();
    await waitFor(() => left() === '', 'no sleep 1000.x left on the host');
  });
});
