/**
 * `GET /api/events`: every event of the core's bus as Server-Sent Events (`id: <seq>`, `event: <name>`,
 * `data: <JSON>`), read from the shared replay buffer (eventReplay.ts) with a cursor per reader.
 *
 * - Resume: `Last-Event-ID` (header, or `?lastEventId=`) starts after that seq. When events after it were held
 *   and are no longer, the stream starts with `event: gap` (`{lastEventId, resumeFrom, missed}`); events from
 *   before the server started were never held, so `0` replays all it holds without a gap. An id this server
 *   never gave (it restarted) gets a gap with `missed: null` and everything held. Never silently.
 * - Back-pressure: at most `maxPendingBytes` are written ahead into a reader's socket; beyond that its cursor
 *   waits and the reader reads on from the buffer at its own pace. Once the events it has not had yet have
 *   left the buffer, it is cut off with a final `event: overflow` (`{lastEventId, oldestAvailable}`: reconnect
 *   with that id to get a gap event that says what was lost) and closed; a reader that does not read even
 *   that is destroyed after a grace period. Memory stays bounded by the buffer plus the write-ahead per reader;
 *   other readers never wait for a slow one.
 * - `?events=agent.onEvent,terminal.*` keeps only those events (names of the contract, or `domain.*`).
 * - A comment line every `heartbeatMs` keeps proxies and idle sockets from closing the stream.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { eventNames, isEventName } from '../../shared/contract';
import type { ApiError } from './apiResponses';
import type { EventReplay } from './eventReplay';

export interface SseFaceOptions {
  /** Bytes written ahead into one reader's socket before its cursor waits (default 1 MB). */
  maxPendingBytes?: number;
  /** Interval of the comment heartbeat (default 15 s). */
  heartbeatMs?: number;
  /** How long a cut-off reader that does not read its last bytes keeps its socket (default 5 s). */
  cutOffGraceMs?: number;
}

export interface SseFace {
  /** Starts the stream, or answers the error to send instead (bad Last-Event-ID or filter). */
  open(req: IncomingMessage, res: ServerResponse, url: URL): ApiError | null;
  readerCount(): number;
  close(): void;
}

interface Reader {
  res: ServerResponse;
  /** The seq to send next; null: whatever arrives first (the buffer was empty when the reader came). */
  next: number | null;
  /** The Last-Event-ID asked for, until the first pump has checked it against the buffer. */
  resumeAfter: number | null;
  wants: ((event: string) => boolean) | null;
  closed: boolean;
}

const text = (s: string) => Buffer.from(s, 'utf8');
const HEARTBEAT = text(': keep-alive\n\n');
const controlFrame = (event: string, data: unknown) => text(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

function parseLastEventId(req: IncomingMessage, url: URL): number | null | ApiError {
  const header = req.headers['last-event-id'];
  const raw = (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('lastEventId');
  if (raw === null || raw === undefined || raw.trim() === '') return null;
  const value = raw.trim();
  if (!/^\d{1,15}$/.test(value)) {
    return { code: 'bad_request', message: `Last-Event-ID must be an event's seq (a whole number), got "${value.slice(0, 40)}"` };
  }
  return Number(value);
}

function parseFilter(url: URL): ((event: string) => boolean) | null | ApiError {
  const raw = url.searchParams.get('events');
  if (raw === null || raw.trim() === '') return null;
  const names = new Set<string>();
  const prefixes: string[] = [];
  const unknown: string[] = [];
  for (const name of raw.split(',').map((n) => n.trim()).filter(Boolean)) {
    if (isEventName(name)) names.add(name);
    else if (name.endsWith('.*') && eventNames.some((e) => e.startsWith(name.slice(0, -1)))) prefixes.push(name.slice(0, -1));
    else unknown.push(name);
  }
  if (unknown.length) {
    return {
      code: 'bad_request',
      message: `Unknown event names in ?events=: ${unknown.slice(0, 10).join(', ')} (app.describe lists the events; "domain.*" takes a whole domain)`,
    };
  }
  return (event) => names.has(event) || prefixes.some((p) => event.startsWith(p));
}

export function createSseFace(replay: EventReplay, options: SseFaceOptions = {}): SseFace {
  const maxPending = options.maxPendingBytes ?? 1024 * 1024;
  const graceMs = options.cutOffGraceMs ?? 5000;
  const readers = new Set<Reader>();

  function drop(reader: Reader): void {
    reader.closed = true;
    readers.delete(reader);
  }

  function cutOff(reader: Reader, oldest: number): void {
    drop(reader);
    const lastEventId = (reader.next ?? oldest) - 1;
    reader.res.end(
      controlFrame('overflow', {
        lastEventId,
        oldestAvailable: oldest,
        message: `This reader fell more than the replay buffer behind and is cut off; reconnect with Last-Event-ID: ${lastEventId} (the gap event says what was lost).`,
      }),
    );
    // Not a connection to keep alive: closed once the last bytes are out, or after the grace period if they never are.
    const socket = reader.res.socket; // detached from the response by the time 'finish' is emitted
    reader.res.once('finish', () => socket?.end());
    const force = setTimeout(() => reader.res.destroy(), graceMs);
    force.unref();
    reader.res.once('close', () => clearTimeout(force));
  }

  /** Checks a Last-Event-ID against the buffer once there is one; writes the gap event when events are lost. */
  function checkResume(reader: Reader, oldest: number, latest: number): void {
    const after = reader.resumeAfter!;
    reader.resumeAfter = null;
    if (after > latest) {
      // An id this server never gave: it restarted since. Everything it holds is new to the reader.
      reader.next = oldest;
      reader.res.write(
        controlFrame('gap', {
          lastEventId: after,
          resumeFrom: oldest,
          missed: null,
          message: `Event ${after} is newer than any this server sent (it restarted?); what was lost is unknown. Continuing from ${oldest}, the oldest event held.`,
        }),
      );
    } else if (after + 1 < oldest) {
      // Only events this buffer held and let go are lost; those before its first were never held (the server
      // started after them), so `Last-Event-ID: 0` on a fresh server replays all it holds without a gap.
      const lostFrom = Math.max(after + 1, replay.first() ?? oldest);
      reader.next = oldest;
      if (lostFrom < oldest) {
        reader.res.write(
          controlFrame('gap', {
            lastEventId: after,
            resumeFrom: oldest,
            missed: oldest - lostFrom,
            message: `Events ${lostFrom}–${oldest - 1} are no longer held; continuing from ${oldest}.`,
          }),
        );
      }
    } else {
      reader.next = after + 1;
    }
  }

  function pump(reader: Reader): void {
    if (reader.closed) return;
    const oldest = replay.oldest();
    const latest = replay.latest();
    if (oldest === null || latest === null) return;
    const { res } = reader;
    if (reader.resumeAfter !== null) checkResume(reader, oldest, latest);
    if (reader.next === null) reader.next = oldest;
    // The frames due go out as one write (one chunk, one syscall), up to the write-ahead bound.
    const room = maxPending - res.writableLength;
    const batch: Buffer[] = [];
    let bytes = 0;
    let overflow = false;
    for (;;) {
      if (reader.next < oldest) {
        overflow = true;
        break;
      }
      const entry = replay.from(reader.next);
      if (!entry) break;
      if (reader.wants && !reader.wants(entry.event)) {
        reader.next = entry.seq + 1;
        continue;
      }
      if (bytes >= room) break; // 'drain' pumps again
      batch.push(entry.frame);
      bytes += entry.frame.length;
      reader.next = entry.seq + 1;
    }
    if (batch.length === 1) res.write(batch[0]);
    else if (batch.length > 1) res.write(Buffer.concat(batch, bytes));
    if (overflow) cutOff(reader, oldest);
  }

  // Events emitted in one go (a burst on the bus) are written together: one write per reader, not one per event.
  let pumpQueued = false;
  const pumpAll = () => {
    pumpQueued = false;
    for (const reader of readers) pump(reader);
  };
  const stopAppend = replay.onAppend(() => {
    if (pumpQueued) return;
    pumpQueued = true;
    queueMicrotask(pumpAll);
  });

  const heartbeat = setInterval(() => {
    for (const reader of readers) {
      if (reader.res.writableLength < maxPending) reader.res.write(HEARTBEAT);
    }
  }, options.heartbeatMs ?? 15_000);
  heartbeat.unref();

  return {
    open(req, res, url) {
      const resumeAfter = parseLastEventId(req, url);
      if (resumeAfter !== null && typeof resumeAfter === 'object') return resumeAfter;
      const wants = parseFilter(url);
      if (wants !== null && typeof wants === 'object') return wants;

      req.socket.setNoDelay(true);
      req.socket.setTimeout(0);
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Accel-Buffering': 'no',
      });
      res.write(text(': akira events\nretry: 3000\n\n'));
      const latest = replay.latest();
      const reader: Reader = {
        res,
        next: resumeAfter === null && latest !== null ? latest + 1 : null,
        resumeAfter,
        wants,
        closed: false,
      };
      readers.add(reader);
      res.on('close', () => drop(reader));
      res.on('drain', () => pump(reader));
      pump(reader);
      return null;
    },
    readerCount: () => readers.size,
    close() {
      stopAppend();
      clearInterval(heartbeat);
      for (const reader of [...readers]) {
        drop(reader);
        reader.res.end();
      }
    },
  };
}
