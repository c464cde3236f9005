import { existsSync, readFileSync } from 'node:fs';
import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventData } from '../../../shared/contract';
import { tempDir } from '../../../testing/tempTree';
import { waitFor } from '../../../testing/waitFor';
import { createEventBus } from '../eventBus';
import { createCommandRunner, type CommandRunner, type CommandRunnerOptions } from './commandRunner';
import { createPtyHost, type PtyHost } from './ptyHost';

const unix = process.platform !== 'win32';

/** Alive and not a zombie. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  if (process.platform !== 'linux') return true;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

describe.skipIf(!unix)('commandRunner (real pty)', () => {
  let root: string;
  let outside: string;
  let cleanups: (() => Promise<void>)[];
  let host: PtyHost;
  let runner: CommandRunner;
  let data: Map<string, string>;
  let created: EventData<'terminal.onCreated'>[];
  let closed: string[];

  async function setup(options: Partial<CommandRunnerOptions> = {}) {
    const bus = createEventBus();
    data = new Map();
    created = [];
    closed = [];
    bus.on('terminal.onClosed', ({ terminalId }) => closed.push(terminalId));
    bus.on('terminal.onData', ({ terminalId, data: d }) => data.set(terminalId, (data.get(terminalId) ?? '') + d));
    bus.on('terminal.onCreated', (info) => created.push(info));
    // A short stall: this test's bus has no client acking, so the flood tests turn unattended quickly.
    host = createPtyHost({ cwd: root, emit: bus.emit, flow: { stallMs: 200 }, killGraceMs: 300 });
    runner = createCommandRunner({ root, host, killGraceMs: 500, ...options });
  }

  beforeEach(async () => {
    const ws = await tempDir('akira-run-');
    const out = await tempDir('akira-run-outside-');
    root = ws.dir;
    outside = out.dir;
    cleanups = [ws.cleanup, out.cleanup];
    await setup();
  });
  afterEach(async () => {
    await runner.dispose();
    await host.dispose();
    for (const c of cleanups) await c();
  });

  it('runs a command in a command tab and answers exit code and ANSI-free output', async () => {
    let started: string | undefined;
    const r = await runner.run({
      command: `echo hello-$((40+2)); printf '\\033[31mred\\033[0m\\n'; test -t 1 && echo tty; exit 3`,
      onStart: ({ terminalId }) => (started = terminalId),
    });
    expect(r.exitCode).toBe(3);
    expect(r.output).toBe('hello-42\nred\ntty');
    expect(r).toMatchObject({ timedOut: false, killed: false, killedBy: null, cwd: '', lines: 3, truncated: false });
    expect(r.durationMs).toBeGreaterThanOrEqual(0);
    expect(started).toBe(r.terminalId);
    // Visible as a tab: announced, listed with its kind and the command as title, output streamed as events.
    expect(created).toEqual([expect.objectContaining({ terminalId: r.terminalId, kind: 'command' })]);
    expect(created[0].title).toMatch(/^echo hello/);
    expect(host.list().terminals).toEqual([
      expect.objectContaining({ terminalId: r.terminalId, kind: 'command', exited: true, exitCode: 3 }),
    ]);
    await waitFor(() => data.get(r.terminalId)?.includes('hello-42'), 'terminal.onData of the command');
    expect(data.get(r.terminalId)).toContain('\u001b[31mred');
  });

  it('runs in a confined cwd below the workspace, and refuses ones that leave it', async () => {
    await mkdir(join(root, 'sub', 'deeper'), { recursive: true });
    const r = await runner.run({ command: 'pwd', cwd: 'sub/deeper' });
    expect(r.output).toBe(join(root, 'sub', 'deeper'));
    expect(r.cwd).toBe('sub/deeper');
    await symlink(outside, join(root, 'escape'));
    const marker = join(outside, 'ran');
    for (const cwd of ['..', '../', 'sub/../..', outside, 'escape', 'escape/x']) {
      await expect(runner.run({ command: `touch ${marker}`, cwd })).rejects.toMatchObject({
        code: expect.stringMatching(/forbidden|not_found/),
      });
    }
    await expect(runner.run({ command: 'true', cwd: 'missing' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(runner.run({ command: '   ' })).rejects.toMatchObject({ code: 'bad_request' });
    expect(existsSync(marker)).toBe(false);
    expect(host.list().terminals).toHaveLength(1); // only the pwd tab was ever started
  });

  it('keeps the tail of a flood and truncates it in the middle', async () => {
    const r = await runner.run({ command: 'seq 1 100000', timeoutSeconds: 60 });
    expect(r.exitCode).toBe(0);
    expect(r.lines).toBe(100_000);
    expect(r.truncated).toBe(true);
    const shown = r.output.split('\n');
    expect(shown[0]).toBe('1');
    expect(shown.at(-1)).toBe('100000');
    expect(shown).toContain(`… ${r.omittedLines} lines omitted …`);
    expect(shown.length - 1 + r.omittedLines).toBe(100_000);
  }, 60_000);

  it('times out: kills the process group (background jobs too) and still reports the output', async () => {
    const r = await runner.run({ command: 'sleep 300 & echo job $!; echo before; sleep 300', timeoutSeconds: 1 });
    expect(r).toMatchObject({ timedOut: true, killed: true, killedBy: 'timeout', exitCode: 143 });
    const jobPid = Number(/job (\d+)/.exec(r.output)?.[1]);
    expect(r.output).toContain('before');
    await waitFor(() => !alive(jobPid), 'the background job gone');
  });

  it('SIGKILLs a command that ignores SIGTERM after the grace period', async () => {
    const r = await runner.run({ command: "trap '' TERM; echo stubborn; sleep 300", timeoutSeconds: 1 });
    expect(r).toMatchObject({ timedOut: true, killed: true, exitCode: 137 });
  });

  it('is killed through an AbortSignal', async () => {
    const controller = new AbortController();
    const pending = runner.run({
      command: 'echo started; sleep 300',
      signal: controller.signal,
      onOutput: (text) => text.includes('started') && controller.abort(),
    });
    const r = await pending;
    expect(r).toMatchObject({ killed: true, killedBy: 'abort', timedOut: false, exitCode: 143 });
    expect(r.output).toMatch(/^started(\nTerminated)?$/); // bash may report the signal: the tail is kept
    const aborted = new AbortController();
    aborted.abort();
    await expect(runner.run({ command: 'true', signal: aborted.signal })).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('reports a tab the user closed as killed by the user', async () => {
    const pending = runner.run({
      command: 'echo waiting; sleep 300',
      onOutput: () => undefined,
      onStart: ({ terminalId }) => {
        void waitFor(() => data.get(terminalId)?.includes('waiting'), 'output').then(() => host.kill({ terminalId }));
      },
    });
    const r = await pending;
    expect(r).toMatchObject({ killed: true, killedBy: 'user', timedOut: false });
    expect(r.exitCode).toBeGreaterThan(128);
  });

  it('closes the oldest finished command tabs beyond keepFinished', async () => {
    await runner.dispose();
    await setup({ keepFinished: 2 });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await runner.run({ command: `echo ${i}` })).terminalId);
    expect(host.list().terminals.map((t) => t.terminalId)).toEqual(ids.slice(2));
    // Every window is told, so the tabs go there too.
    expect(closed).toEqual(ids.slice(0, 2));
  });

  it('keeps the last three finished command tabs by default', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await runner.run({ command: `echo ${i}` })).terminalId);
    expect(host.list().terminals.map((t) => t.terminalId)).toEqual(ids.slice(2));
    expect(created.map((c) => c.title)).toEqual(['echo 0', 'echo 1', 'echo 2', 'echo 3', 'echo 4']);
  });

  it('unwatched (CLI): sends no terminal.onData until a client attaches, still captures everything', async () => {
    await runner.dispose();
    await setup({ watched: false });
    const r = await runner.run({ command: 'echo quiet-$((1+1))' });
    expect(r.output).toBe('quiet-2');
    expect(data.get(r.terminalId)).toBeUndefined();
    expect(host.replay({ terminalId: r.terminalId }).data).toContain('quiet-2');
  });

  it('does not wait for a pager', async () => {
    const r = await runner.run({ command: 'seq 1 500 | ${PAGER:-less}', timeoutSeconds: 20 });
    expect(r.timedOut).toBe(false);
    expect(r.output.split('\n').at(-1)).toBe('500');
  });
});
