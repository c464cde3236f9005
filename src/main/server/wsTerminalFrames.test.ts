import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../core/createCore';
import { TEST_SHELL } from '../../testing/ptyKit';
import { FrameClient, waitFor, type AnyFrame } from '../../testing/wsClient';
import { startServer, type RunningServer } from './httpServer';
import { wantsBinaryTerminalFrames } from './wsFace';

// Issue 16: the UI's fast path for terminal output (binary frames) beside the pinned JSON `terminal.onData`.

let core: Core;
let server: RunningServer;
let base: string;

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'akira-wsframes-')));
  core = await createCore({ workspaceRoot: base, dataDir: join(base, '.data'), face: 'test', version: '9.9.9-test', validateOutput: true, ...(TEST_SHELL ? { shell: TEST_SHELL } : {}) });
  server = await startServer({ core, staticDir: base });
});

afterAll(async () => {
  await server?.close();
  await core?.dispose();
  await rm(base, { recursive: true, force: true });
});

const url = (extra = '') => `ws://127.0.0.1:${server.port}/ws?token=${server.token}${extra}`;

function outputOf(client: FrameClient, terminalId: string): AnyFrame[] {
  return client.frames.filter((f) => f.event === 'terminal.onData' && f.data.terminalId === terminalId);
}

describe('terminal output over the WebSocket face', () => {
  it('asks for binary frames with terminalFrames=binary only', () => {
    expect(wantsBinaryTerminalFrames('/ws?token=x&terminalFrames=binary')).toBe(true);
    expect(wantsBinaryTerminalFrames('/ws?terminalFrames=binary&token=x')).toBe(true);
    expect(wantsBinaryTerminalFrames('/ws?token=x')).toBe(false);
    expect(wantsBinaryTerminalFrames('/ws?token=x&terminalFrames=json')).toBe(false);
    expect(wantsBinaryTerminalFrames(undefined)).toBe(false);
  });

  it('reaches a binary client as binary frames and a plain client as the pinned JSON, with the same text, ends and seqs', async () => {
    const plain = await FrameClient.connect(url(), { origin: server.origin });
    const fast = await FrameClient.connect(url('&terminalFrames=binary'), { origin: server.origin });
    const created = await fast.request('terminal.create', { cols: 100, rows: 30 });
    expect(created.binary).toBeUndefined(); // answers stay JSON text
    const terminalId: string = created.result.terminalId;
    // Non-ASCII, escapes and quotes, and enough of it to take several batches.
    const command = `printf 'é€😀 \\033[1mbold\\033[0m "q" \\\\ \\n'; seq 1 20000; echo end-$((6*7))\r`;
    expect((await plain.request('terminal.write', { terminalId, data: command })).result).toEqual({ ok: true });
    const text = (c: FrameClient) => outputOf(c, terminalId).map((f) => f.data.data as string).join('');
    await waitFor(() => text(plain).includes('end-42') && text(fast).includes('end-42'), 'the output on both clients', 20_000);

    const fastFrames = outputOf(fast, terminalId);
    const plainFrames = outputOf(plain, terminalId);
    expect(fastFrames.length).toBeGreaterThan(1);
    expect(fastFrames.every((f) => f.binary === true)).toBe(true);
    expect(plainFrames.every((f) => f.binary === undefined)).toBe(true);
    expect(text(fast)).toBe(text(plain));
    expect(text(fast)).toContain('é€😀 \u001b[1mbold\u001b[0m "q" \\');
    expect(fastFrames.map((f) => [f.seq, f.data.end])).toEqual(plainFrames.map((f) => [f.seq, f.data.end]));
    expect(fastFrames.at(-1)!.data.end).toBe(text(fast).length);

    // Other events still reach the binary client as JSON text.
    expect((await fast.request('terminal.kill', { terminalId })).result).toEqual({ ok: true });
    await waitFor(() => fast.frames.find((f) => f.event === 'terminal.onExit' && f.data.terminalId === terminalId), 'terminal.onExit as JSON');
    await Promise.all([plain.close(), fast.close()]);
  });

  it('acks by `end` from the binary frames keep a flood flowing to its end', async () => {
    const fast = await FrameClient.connect(url('&terminalFrames=binary'), { origin: server.origin });
    const terminalId: string = (await fast.request('terminal.create', {})).result.terminalId;
    let acked = 0;
    const timer = setInterval(() => {
      const last = outputOf(fast, terminalId).at(-1);
      if (last && last.data.end > acked) {
        acked = last.data.end;
        fast.socket.send(JSON.stringify({ id: `ack-${acked}`, method: 'terminal.ack', params: { terminalId, upTo: acked } }));
      }
    }, 20);
    try {
      await fast.request('terminal.write', { terminalId, data: `head -c 3000000 /dev/zero | tr '\\0' y; echo; echo flood-$((6*7))\r` });
      const text = () => outputOf(fast, terminalId).map((f) => f.data.data as string).join('');
      await waitFor(() => text().includes('flood-42'), 'the end of the flood', 30_000);
      expect(text().split('y').length - 1).toBeGreaterThanOrEqual(3_000_000);
    } finally {
      clearInterval(timer);
      await fast.request('terminal.kill', { terminalId });
      await fast.close();
    }
  });

  it('drops a binary client that stops reading instead of buffering without bound', async () => {
    const small = await startServer({ core, staticDir: base, maxClientBufferBytes: 1_000_000 });
    try {
      const slowUrl = `ws://127.0.0.1:${small.port}/ws?token=${small.token}&terminalFrames=binary`;
      const slow = await FrameClient.connect(slowUrl);
      (slow.socket as unknown as { _socket: { pause(): void } })._socket.pause();
      const data = 'x'.repeat(256 * 1024);
      for (let i = 0; i < 400 && small.clientCount() > 0; i++) {
        core.bus.emit('terminal.onData', { terminalId: 'flood-test', data, end: (i + 1) * data.length });
        await new Promise((r) => setImmediate(r));
      }
      await waitFor(() => small.clientCount() === 0, 'the slow binary client to be dropped');
      slow.socket.terminate();
    } finally {
      await small.close();
    }
  });
});
