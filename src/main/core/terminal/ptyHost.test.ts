import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AkiraError } from '../errors';
import type { PtyHost } from './ptyHost';
import { expectQuietFor, waitFor } from '../../../testing/waitFor';
import { setup, type Setup } from '../../../testing/ptyKit';
import { errorText } from '../../../shared/errors';
import { toContractError } from '../errors';

const unix = process.platform !== 'win32';

describe.skipIf(!unix)('ptyHost (real pty)', () => {
  let s: Setup;
  let host: PtyHost;
  beforeEach(() => {
    s = setup();
    host = s.host;
  });
  afterEach(async () => {
    await s.cleanup();
  });

  it('runs the shell in the workspace and round-trips input', async () => {
    const { terminalId, title, pid } = host.create({});
    expect(terminalId).toMatch(/^[0-9a-f]{8}$/);
    expect(title.length).toBeGreaterThan(0);
    expect(pid).toBeGreaterThan(0);
    host.write({ terminalId, data: 'echo "round-$((20+3))" "$PWD" "$TERM" "$COLORTERM"\r' });
    const m = await s.expectOutput(terminalId, /round-23 (\S+) (\S+) (\S+)/);
    expect(m[1]).toBe(s.cwd);
    expect(m[2]).toBe('xterm-256color');
    expect(m[3]).toBe('truecolor');
    expect(host.list().terminals).toEqual([{ terminalId, title, pid, exited: false, exitCode: null, kind: 'shell' }]);
  });

  it('numbers the shells (bash, bash 2, …, the lowest free number) and says when a terminal is closed', async () => {
    const closed: string[] = [];
    const off = s.bus.on('terminal.onClosed', ({ terminalId }) => closed.push(terminalId));
    const [a, b, c] = [host.create({}), host.create({}), host.create({})];
    expect([a.title, b.title, c.title]).toEqual(['bash', 'bash 2', 'bash 3']);
    host.kill({ terminalId: b.terminalId });
    expect(closed).toEqual([b.terminalId]);
    expect(host.create({}).title).toBe('bash 2');
    expect(host.createAt(s.cwd, {}, 'worktree').title).toBe('worktree');
    expect(host.createAt(s.cwd, {}, 'worktree').title).toBe('worktree 2');
    off();
  });

  it('resizes: stty size shows the new size', async () => {
    const { terminalId } = host.create({ cols: 100, rows: 30 });
    host.write({ terminalId, data: 'stty size; echo size-$((1+1))\r' });
    await s.expectOutput(terminalId, /30 100\r?\n[^]*size-2/);
    const from = s.mark(terminalId);
    host.resize({ terminalId, cols: 133, rows: 41 });
    host.write({ terminalId, data: 'stty size; echo size-$((2+2))\r' });
    await s.expectOutput(terminalId, /41 133\r?\n[^]*size-4/, from);
  });

  it('reports the exit code after all output, then refuses input', async () => {
    const { terminalId } = host.create({});
    host.write({ terminalId, data: 'echo bye-$((3*3)); exit 3\r' });
    const exit = await waitFor(() => s.exits.get(terminalId), 'exit');
    expect(exit).toEqual({ terminalId, exitCode: 3, signal: null });
    expect(s.text(terminalId)).toMatch(/bye-9/);
    expect(s.order.at(-1)).toBe(`exit:${terminalId}`);
    expect(host.list().terminals).toEqual([expect.objectContaining({ terminalId, exited: true, exitCode: 3 })]);
    expect(() => host.write({ terminalId, data: 'x' })).toThrow(/exited \(code 3\)/);
    expect(host.replay({ terminalId }).data).toMatch(/bye-9/);
    host.kill({ terminalId });
    expect(host.list().terminals).toEqual([]);
  });

  it('keeps the tail of a flood when the shell exits right after it', async () => {
    const { terminalId } = host.create({});
    // `exec`: seq replaces the shell, so the program exits the moment its last line is written.
    host.write({ terminalId, data: 'exec seq 1 60000\r' });
    const exit = await waitFor(() => s.exits.get(terminalId), 'exit', 20_000);
    expect(exit.exitCode).toBe(0);
    expect(s.text(terminalId)).toMatch(/\r\n59999\r\n60000\r\n/);
    expect(s.text(terminalId)).not.toMatch(/akira-exit/);
  });

  it('receives a flood fully and in order when the client acks', async () => {
    const { terminalId } = host.create({});
    host.write({ terminalId, data: 'seq 1 300000; echo flood-$((5+5))\r' });
    await s.expectOutput(terminalId, /flood-10/, 0, 60_000);
    const lines = s
      .text(terminalId)
      .replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '') // e.g. bash's bracketed-paste switches
      .split('\r\n')
      .map((line) => line.slice(line.lastIndexOf('\r') + 1))
      .filter((line) => /^\d+$/.test(line))
      .map(Number);
    expect(lines.length).toBe(300000);
    expect(lines.every((n, i) => n === i + 1)).toBe(true);
    // Batches are bounded (one coalesced flush plus at most one pty read).
    expect(Math.max(...s.chunks(terminalId).map((c) => c.length))).toBeLessThan(200 * 1024);
    // Still a working terminal afterwards.
    const from = s.mark(terminalId);
    host.write({ terminalId, data: 'echo after-$((6*7))\r' });
    await s.expectOutput(terminalId, /after-42/, from);
  });

  it('interrupts a running command with Ctrl+C', async () => {
    const { terminalId } = host.create({});
    host.write({ terminalId, data: 'sleep 100\r' });
    await waitFor(() => host.stats(terminalId).process === 'sleep', 'sleep in the foreground');
    host.write({ terminalId, data: '\x03' });
    await waitFor(() => host.stats(terminalId).process !== 'sleep', 'shell back in the foreground', 5000);
    const from = s.mark(terminalId);
    host.write({ terminalId, data: 'echo alive-$((2+3))\r' });
    await s.expectOutput(terminalId, /alive-5/, from);
  });

  it('kill ends the shell and its jobs, and forgets the terminal', async () => {
    const { terminalId, pid } = host.create({});
    host.write({ terminalId, data: 'sleep 300 & echo job-$((1+1)) $!\r' });
    const [, jobPid] = await s.expectOutput(terminalId, /job-2 (\d+)/);
    host.kill({ terminalId });
    expect(host.list().terminals).toEqual([]);
    await waitFor(() => s.exits.get(terminalId), 'exit after kill');
    // Gone, or a zombie waiting for its (re)parent to reap it.
    const alive = (p: number) => {
      try {
        process.kill(p, 0);
      } catch {
        return false;
      }
      if (process.platform !== 'linux') return true;
      try {
        const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
      } catch {
        return false;
      }
    };
    await waitFor(() => !alive(pid), 'shell gone');
    await waitFor(() => !alive(Number(jobPid)), 'background job gone');
    expect(() => host.write({ terminalId, data: 'x' })).toThrow(AkiraError);
  });

  it('answers not_found for an unknown terminal', () => {
    for (const call of [
      () => host.write({ terminalId: 'nope', data: 'x' }),
      () => host.resize({ terminalId: 'nope', cols: 10, rows: 10 }),
      () => host.ack({ terminalId: 'nope', bytes: 1 }),
      () => host.kill({ terminalId: 'nope' }),
      () => host.replay({ terminalId: 'nope' }),
    ]) {
      expect(call).toThrow(expect.objectContaining({ code: 'not_found' }));
    }
    // With its words, which the UI and the CLI say in their language.
    let thrown: unknown;
    try {
      host.write({ terminalId: 'nope', data: 'x' });
    } catch (err) {
      thrown = err;
    }
    const error = toContractError(thrown);
    expect(error).toMatchObject({ message: 'No terminal nope (it was closed, or never existed).', words: { key: 'terminal.noTerminalClosed', values: ['nope'] } });
    expect(errorText(error, 'zh-CN')).toBe('没有终端 nope（它已关闭，或从未存在）。');
  });

  it('replays recent output for a client that attaches late', async () => {
    const { terminalId } = host.create({});
    host.write({ terminalId, data: 'echo replay-$((4+4))\r' });
    await s.expectOutput(terminalId, /replay-8/);
    expect(host.replay({ terminalId }).data).toMatch(/replay-8/);
  });
});

describe.skipIf(!unix)('ptyHost flow control (real pty)', () => {
  const high = 256 * 1024;
  const maxRead = 64 * 1024;

  it('pauses the pty when output is not acked, and resumes on acks', async () => {
    const s = setup({ flow: { high, low: 32 * 1024, stallMs: 60_000 }, replayChars: 64 * 1024 });
    try {
      const { host } = s;
      const { terminalId } = host.create({});
      await s.expectOutput(terminalId, /\S/); // the prompt
      s.setAutoAck(false);
      host.ack({ terminalId, bytes: s.text(terminalId).length });
      host.write({ terminalId, data: 'yes | head -c 20000000; echo flood-$((7+7))\r' });
      await waitFor(() => host.stats(terminalId).paused, 'pause');
      const readAtPause = host.stats(terminalId).receivedChars;
      // Nothing more is read while paused: the program blocks on the full pty.
      await expectQuietFor(300, () => host.stats(terminalId).receivedChars !== readAtPause && 'the pty was read while paused');
      const stats = host.stats(terminalId);
      expect(stats.paused).toBe(true);
      expect(stats.receivedChars).toBe(readAtPause);
      expect(stats.sentChars).toBe(s.text(terminalId).length);
      expect(stats.sentChars).toBeLessThanOrEqual(high + maxRead + 4096);
      expect(s.text(terminalId)).not.toMatch(/flood-14/);
      // Acking everything resumes it; the rest arrives while the test keeps acking.
      s.setAutoAck(true);
      host.ack({ terminalId, bytes: s.text(terminalId).length });
      expect(host.stats(terminalId).paused).toBe(false);
      await s.expectOutput(terminalId, /flood-14/, 0, 120_000);
      // 10,000,000 lines of "y", each ending in \r\n on the terminal.
      expect(s.text(terminalId).length).toBeGreaterThan(30_000_000);
      // The terminal still works after the flood.
      const from = s.mark(terminalId);
      host.write({ terminalId, data: 'echo after-$((6*7))\r' });
      await s.expectOutput(terminalId, /after-42/, from);
    } finally {
      await s.cleanup();
    }
  }, 180_000);

  it('keeps the tail when the shell exits while output is paused', async () => {
    // A watermark of one character: an empty command line's new prompt pauses the pty, so everything
    // the next command prints stays unread in the kernel while the shell exits.
    const s = setup({ flow: { high: 1, low: 1, stallMs: 60_000 } });
    try {
      const { host } = s;
      const { terminalId, title } = host.create({});
      await s.expectOutput(terminalId, /\S/);
      s.setAutoAck(false);
      host.ack({ terminalId, bytes: s.text(terminalId).length });
      host.write({ terminalId, data: '\r' });
      await waitFor(() => host.stats(terminalId).paused, 'pause');
      host.write({ terminalId, data: 'seq 1 300; exit 5\r' });
      if (title !== 'sh') {
        await waitFor(() => !['seq', title].includes(host.stats(terminalId).process), 'the shell gone');
      }
      expect(s.text(terminalId)).not.toMatch(/\r\n300\r\n/);
      s.setAutoAck(true);
      host.ack({ terminalId, bytes: s.text(terminalId).length });
      const exit = await waitFor(() => s.exits.get(terminalId), 'exit');
      expect(exit.exitCode).toBe(5);
      expect(s.text(terminalId)).toMatch(/\r\n299\r\n300\r\n/);
    } finally {
      await s.cleanup();
    }
  });

  it('turns unattended when no client acks, keeps memory bounded, and catches up a returning client', async () => {
    const replayChars = 32 * 1024;
    const s = setup({ flow: { high: 64 * 1024, low: 8 * 1024, stallMs: 300 }, replayChars });
    try {
      const { host } = s;
      const { terminalId } = host.create({});
      await s.expectOutput(terminalId, /\S/);
      s.setAutoAck(false);
      host.write({ terminalId, data: 'seq 1 400000; echo done-$((8+8))\r' });
      await waitFor(() => host.stats(terminalId).paused, 'pause');
      // After the stall the terminal reads on without a client: the program finishes.
      await waitFor(() => !host.stats(terminalId).attended, 'unattended');
      let floodChars = 0;
      for (let n = 1; n <= 400000; n++) floodChars += String(n).length + 2;
      await waitFor(() => host.stats(terminalId).receivedChars > floodChars, 'the flood read', 60_000);
      // Far less than the ~2.7 MB flood went out as events while no one acked.
      expect(host.stats(terminalId).sentChars).toBeLessThan(64 * 1024 + 2 * maxRead + 8192);
      const before = s.text(terminalId).length;
      const replay = host.replay({ terminalId }).data; // a client attaches again
      expect(host.stats(terminalId).attended).toBe(true);
      expect(replay.length).toBeLessThanOrEqual(replayChars);
      expect(replay).toMatch(/399999\r\n400000\r\n/);
      await waitFor(() => /done-16/.test(replay + s.text(terminalId).slice(before)), 'the rest live');
      s.setAutoAck(true);
      const from = s.mark(terminalId);
      host.write({ terminalId, data: 'echo back-$((9+9))\r' });
      await s.expectOutput(terminalId, /back-18/, from);
    } finally {
      await s.cleanup();
    }
  }, 120_000);
});
