import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../shared/contract';
import { createCore, type Core } from '../core/createCore';
import { tempDir } from '../../testing/tempTree';
import { TEST_SHELL } from '../../testing/ptyKit';
import { waitFor } from '../../testing/waitFor';
import { startServer, type RunningServer, type ServerOptions } from './httpServer';
import { SseReader } from './sseClient';

// GET /api/events against a real core's bus over real HTTP: ids are the bus's seq numbers, resume with
// Last-Event-ID, the gap event, filters, heartbeats, and a reader that stops reading (a raw socket that
// pauses) cut off with `overflow` while a normal reader keeps receiving everything.

let core: Core;
let server: RunningServer;
let staticDir: string;
const seen: EventEnvelope[] = [];
const cleanups: (() => Promise<void>)[] = [];

const bearer = (s: RunningServer = server) => ({ Authorization: `Bearer ${s.token}` });
const eventsUrl = (s: RunningServer = server, query = '') => `${s.origin}/api/events${query}`;
let flood = 0;
/** Emits `n` terminal.onData events on the real bus; answers their seqs. */
function emit(n: number, size = 10): number[] {
  const seqs: number[] = [];
  for (let i = 0; i < n; i++) {
    core.bus.emit('terminal.onData', { terminalId: 'sse-test', data: `${++flood}:`.padEnd(size, 'x') });
    seqs.push(seen.at(-1)!.seq);
  }
  return seqs;
}
const ids = (reader: SseReader) => reader.events.filter((e) => e.id !== null).map((e) => Number(e.id));

async function withServer(options: Partial<ServerOptions>, body: (s: RunningServer) => Promise<void>): Promise<void> {
  const s = await startServer({ core, staticDir, ...options });
  try {
    await body(s);
  } finally {
    await s.close();
  }
}

beforeAll(async () => {
  const base = await tempDir('akira-sse-');
  cleanups.push(base.cleanup);
  const workspace = join(base.dir, 'project');
  staticDir = join(base.dir, 'renderer');
  await mkdir(workspace);
  execFileSync('git', ['init', '-q'], { cwd: workspace });
  core = await createCore({
    workspaceRoot: workspace,
    dataDir: join(base.dir, 'data'),
    face: 'test',
    version: '9.9.9-test',
    validateOutput: true,
    watch: false,
    ...(TEST_SHELL ? { shell: TEST_SHELL } : {}),
  });
  core.bus.subscribe((envelope) => seen.push(envelope));
  server = await startServer({ core, staticDir });
});

afterAll(async () => {
  await server?.close();
  await core?.dispose();
  for (const cleanup of cleanups) await cleanup();
});

describe('GET /api/events', () => {
  it('streams every event as id: <seq>, event: <name>, data: <JSON>, from commands and services alike', async () => {
    const reader = await SseReader.open(eventsUrl(), bearer());
    expect(reader.status).toBe(200);
    expect(reader.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(reader.headers['cache-control']).toBe('no-store');
    expect(Object.keys(reader.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    await waitFor(() => server.eventReaderCount() === 1, 'the reader to be registered');

    const [seq] = emit(1);
    const created = await fetch(`${server.origin}/api/terminal.create`, { method: 'POST', headers: bearer() });
    const { terminalId } = (await created.json()).result;
    const onCreated = await waitFor(() => reader.events.find((e) => e.event === 'terminal.onCreated'), 'terminal.onCreated');
    expect(JSON.parse(onCreated.data)).toMatchObject({ terminalId, kind: 'shell' });
    const envelope = seen.find((e) => e.event === 'terminal.onCreated')!;
    expect(onCreated.id).toBe(String(envelope.seq));

    const data = reader.events.find((e) => e.id === String(seq))!;
    expect(data.event).toBe('terminal.onData');
    expect(JSON.parse(data.data)).toEqual(seen.find((e) => e.seq === seq)!.data);
    // Every event the bus numbered since the reader came, in order, none left out.
    await waitFor(() => ids(reader).at(-1) === seen.at(-1)!.seq, 'the latest event');
    const got = ids(reader);
    expect(got).toEqual(seen.filter((e) => e.seq >= got[0]).map((e) => e.seq));

    await fetch(`${server.origin}/api/terminal.kill`, {
      method: 'POST',
      headers: { ...bearer(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ terminalId }),
    });
    reader.close();
    await waitFor(() => server.eventReaderCount() === 0, 'the reader to be dropped');
  });

  it('takes the token as ?token= too (EventSource cannot send headers), and refuses without it', async () => {
    const byQuery = await SseReader.open(eventsUrl(server, `?token=${server.token}`));
    expect(byQuery.status).toBe(200);
    byQuery.close();
    const none = await SseReader.open(eventsUrl());
    expect(none.status).toBe(401);
    await none.ended;
  });

  it('resumes after Last-Event-ID with exactly the events it missed (header or ?lastEventId=)', async () => {
    const first = await SseReader.open(eventsUrl(), bearer());
    await waitFor(() => server.eventReaderCount() === 1, 'the reader');
    const before = emit(3);
    await waitFor(() => ids(first).includes(before[2]), 'the first three');
    first.close();
    await waitFor(() => server.eventReaderCount() === 0, 'the reader to go');
    const last = ids(first).at(-1)!;

    const missed = emit(5);
    const resumed = await SseReader.open(eventsUrl(), { ...bearer(), 'Last-Event-ID': String(last) });
    await waitFor(() => ids(resumed).includes(missed[4]), 'the missed events');
    expect(ids(resumed)).toEqual(missed);
    expect(resumed.events.some((e) => e.event === 'gap')).toBe(false);
    const live = emit(1);
    await waitFor(() => ids(resumed).includes(live[0]), 'a live event after the replay');
    resumed.close();

    const byQuery = await SseReader.open(eventsUrl(server, `?lastEventId=${missed[1]}`), bearer());
    await waitFor(() => ids(byQuery).includes(live[0]), 'the replay by query');
    expect(ids(byQuery)).toEqual([missed[2], missed[3], missed[4], live[0]]);
    byQuery.close();
  });

  it('starts with a gap event when the asked id is older than the buffer, and never pretends', async () => {
    await withServer({ api: { replay: { maxEvents: 20 } } }, async (small) => {
      const seqs = emit(50);
      const reader = await SseReader.open(eventsUrl(small), { ...bearer(small), 'Last-Event-ID': String(seqs[0]) });
      await waitFor(() => ids(reader).includes(seqs[49]), 'the held events');
      const [gap, ...rest] = reader.events;
      expect(gap.event).toBe('gap');
      expect(gap.id).toBeNull(); // the client's last id stays its own
      const info = JSON.parse(gap.data);
      expect(info).toMatchObject({ lastEventId: seqs[0], resumeFrom: seqs[30], missed: 29 });
      expect(rest.map((e) => Number(e.id))).toEqual(seqs.slice(30));

      // An id this server never gave (it restarted): a gap that says the loss is unknown, then all it holds.
      const ahead = await SseReader.open(eventsUrl(small), { ...bearer(small), 'Last-Event-ID': '999999999' });
      await waitFor(() => ids(ahead).includes(seqs[49]), 'the events after an unknown id');
      expect(ahead.events[0].event).toBe('gap');
      expect(JSON.parse(ahead.events[0].data)).toMatchObject({ lastEventId: 999999999, resumeFrom: seqs[30], missed: null });
      reader.close();
      ahead.close();
    });
  });

  it('replays all a fresh server holds for lastEventId=0, with no gap for events from before it started', async () => {
    emit(3); // the core numbered these before the server came: it never held them
    await withServer({}, async (fresh) => {
      // Asked before the server holds anything: the first event it gets is no gap.
      const early = await SseReader.open(eventsUrl(fresh, '?lastEventId=0'), bearer(fresh));
      await waitFor(() => fresh.eventReaderCount() === 1, 'the early reader');
      const held = emit(4);
      await waitFor(() => ids(early).includes(held[3]), 'the events as they come');
      expect(early.events.map((e) => e.event)).toEqual(held.map(() => 'terminal.onData'));
      expect(ids(early)).toEqual(held);

      // Asked once it holds some: all of them, from its first, and no gap either.
      const late = await SseReader.open(eventsUrl(fresh), { ...bearer(fresh), 'Last-Event-ID': '0' });
      await waitFor(() => ids(late).includes(held[3]), 'the held events');
      expect(late.events.some((e) => e.event === 'gap')).toBe(false);
      expect(ids(late)).toEqual(held);
      early.close();
      late.close();
    });
  });

  it('refuses a Last-Event-ID that is no seq and unknown event names (400 JSON)', async () => {
    for (const [query, headers] of [
      ['', { 'Last-Event-ID': 'abc' }],
      ['?lastEventId=-3', {}],
      ['?events=nope.nothing', {}],
      ['?events=terminal.onData,bogus.*', {}],
    ] as const) {
      const res = await fetch(eventsUrl(server, query), { headers: { ...bearer(), ...headers } });
      expect(res.status, query).toBe(400);
      expect((await res.json()).error.code).toBe('bad_request');
    }
  });

  it('keeps only the events asked for with ?events= (names or domain.*)', async () => {
    const exits = await SseReader.open(eventsUrl(server, '?events=terminal.onExit,app.onWorkspaceOpened'), bearer());
    const terminal = await SseReader.open(eventsUrl(server, '?events=terminal.*'), bearer());
    await waitFor(() => server.eventReaderCount() === 2, 'both readers');
    const [data] = emit(1);
    core.bus.emit('terminal.onExit', { terminalId: 'sse-test', exitCode: 0, signal: null });
    const exitSeq = seen.at(-1)!.seq;
    core.bus.emit('git.onChanged', {});
    await waitFor(() => ids(terminal).includes(exitSeq), 'terminal.* events');
    await waitFor(() => ids(exits).includes(exitSeq), 'the exit');
    expect(exits.events.map((e) => e.event)).toEqual(['terminal.onExit']);
    expect(ids(terminal)).toEqual([data, exitSeq]);
    exits.close();
    terminal.close();
  });

  it('sends a comment heartbeat', async () => {
    await withServer({ api: { sse: { heartbeatMs: 30 } } }, async (beating) => {
      const reader = await SseReader.open(eventsUrl(beating), bearer(beating));
      await waitFor(() => reader.comments >= 4, 'heartbeats');
      expect(reader.events).toEqual([]);
      reader.close();
    });
  });

  it('ends the streams when the server closes', async () => {
    const s = await startServer({ core, staticDir });
    const reader = await SseReader.open(eventsUrl(s), bearer(s));
    await s.close();
    await reader.ended;
    expect(s.eventReaderCount()).toBe(0);
  });
});

/** The body of a raw chunked HTTP/1.1 response (after the head). */
function dechunk(raw: Buffer): string {
  const head = raw.indexOf('\r\n\r\n');
  let at = head + 4;
  const parts: Buffer[] = [];
  for (;;) {
    const eol = raw.indexOf('\r\n', at);
    if (eol === -1) break;
    const size = parseInt(raw.subarray(at, eol).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0 || eol + 2 + size > raw.length) break;
    parts.push(raw.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(parts).toString('utf8');
}

describe('back-pressure', () => {
  it('cuts off a reader that stops reading with a final overflow event; a normal reader gets everything', async () => {
    const limits = { replay: { maxBytes: 2 * 1024 * 1024 }, sse: { maxPendingBytes: 256 * 1024, cutOffGraceMs: 60_000 } };
    await withServer({ api: limits }, async (s) => {
      const normal = await SseReader.open(eventsUrl(s), bearer(s));
      const slow: Socket = connect(s.port, '127.0.0.1');
      const raw: Buffer[] = [];
      slow.on('data', (chunk: Buffer) => raw.push(chunk));
      slow.write(`GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\nAuthorization: Bearer ${s.token}\r\n\r\n`);
      await waitFor(() => Buffer.concat(raw).includes('\r\n\r\n') && s.eventReaderCount() === 2, 'both readers');
      slow.pause(); // reads nothing more: the kernel buffers fill, then the server's side

      const emitted: number[] = [];
      for (let round = 0; round < 400 && s.eventReaderCount() === 2; round++) {
        emitted.push(...emit(8, 64 * 1024));
        const target = emitted.at(-1)!;
        await waitFor(() => ids(normal).includes(target), 'the normal reader to keep up');
      }
      expect(s.eventReaderCount(), 'the slow reader was cut off').toBe(1);
      const afterCut = emit(3);
      await waitFor(() => ids(normal).includes(afterCut[2]), 'the normal reader after the cut');
      const got = ids(normal);
      expect(got).toEqual(seen.filter((e) => e.seq >= got[0]).map((e) => e.seq));
      expect(normal.events.some((e) => e.event === 'overflow')).toBe(false);

      // The slow reader, reading again, finds a contiguous run of events and the overflow event at its end;
      // then the server closes the connection.
      const ended = new Promise<void>((resolve) => slow.once('end', () => resolve()));
      slow.resume();
      await ended;
      const body = dechunk(Buffer.concat(raw));
      const overflow = /event: overflow\ndata: (.*)\n\n$/.exec(body);
      expect(overflow, body.slice(-300)).not.toBeNull();
      const info = JSON.parse(overflow![1]);
      const slowIds = [...body.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
      expect(slowIds.at(-1)).toBe(info.lastEventId);
      expect(slowIds).toEqual(seen.filter((e) => e.seq >= slowIds[0] && e.seq <= info.lastEventId).map((e) => e.seq));
      expect(info.oldestAvailable).toBeGreaterThan(info.lastEventId + 1);
      slow.destroy();

      // Reconnecting from there says what was lost.
      const again = await SseReader.open(eventsUrl(s), { ...bearer(s), 'Last-Event-ID': String(info.lastEventId) });
      await waitFor(() => again.events.length > 0, 'the gap event');
      expect(again.events[0].event).toBe('gap');
      expect(JSON.parse(again.events[0].data).missed).toBeGreaterThan(0);
      again.close();
      normal.close();
    });
  });
});
