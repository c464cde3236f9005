import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { ContractError, EventEnvelope } from '../../shared/contract';
import { encodeTerminalData, TERMINAL_FRAMES_PARAM } from '../../shared/terminal/terminalFrames';
import type { EventBus } from '../core/eventBus';
import type { CallContext, Router } from '../core/router';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../common/jsonDepth';
import { inputErrors, plainWords } from '../../shared/errors';

export interface WsFaceOptions {
  router: Router;
  bus: EventBus;
  face: CallContext['face'];
  /** A client whose unsent data exceeds this is disconnected instead of growing memory (it may reconnect). */
  maxBufferedBytes?: number;
  /** Largest accepted frame (terminal.write carries up to 1M characters). */
  maxPayloadBytes?: number;
  heartbeatMs?: number;
}

export interface WsFace {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  clientCount(): number;
  close(): Promise<void>;
}

type RequestId = number | string | null;
type Frame = { id: RequestId; result: unknown } | { id: RequestId; error: ContractError } | EventEnvelope;

function badRequest(id: RequestId, message: string): Frame {
  return { id, error: { code: 'bad_request', message } };
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}

/** Reads `{id, method, params}`; anything else becomes a bad_request answer (id null when unknown). */
export function parseRequest(
  data: RawData,
  isBinary: boolean,
): { id: RequestId; method: string; params: unknown } | { reject: Frame } {
  if (isBinary) return { reject: badRequest(null, 'Binary frames are not supported; send JSON text frames') };
  const text = rawText(data);
  if (nestsDeeperThan(text)) {
    const words = inputErrors.nestedTooDeep(MAX_JSON_DEPTH);
    return { reject: { id: null, error: { code: 'bad_request', message: words.en, words: plainWords(words) } } };
  }
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    return { reject: badRequest(null, 'Malformed JSON') };
  }
  if (typeof frame !== 'object' || frame === null || Array.isArray(frame)) {
    return { reject: badRequest(null, 'A request is a JSON object {"id", "method", "params"}') };
  }
  const { id, method, params } = frame as Record<string, unknown>;
  const validId = (typeof id === 'number' && Number.isFinite(id)) || (typeof id === 'string' && id.length <= 200);
  if (!validId) return { reject: badRequest(null, 'Missing or invalid "id" (a number)') };
  if (typeof method !== 'string') return { reject: badRequest(id, 'Missing or invalid "method" (a command name)') };
  return { id, method, params };
}

/** Whether the upgrade asked for terminal output as binary frames (`/ws?…&terminalFrames=binary`). */
export function wantsBinaryTerminalFrames(url: string | undefined): boolean {
  if (!url) return false;
  try {
    return new URL(url, 'http://localhost').searchParams.get(TERMINAL_FRAMES_PARAM) === 'binary';
  } catch {
    return false;
  }
}

/** The WebSocket face: contract requests in, answers and every event (with its seq) out. */
export function createWsFace(options: WsFaceOptions): WsFace {
  const maxBuffered = options.maxBufferedBytes ?? 32 * 1024 * 1024;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: options.maxPayloadBytes ?? 16 * 1024 * 1024,
    perMessageDeflate: false,
  });
  const alive = new WeakMap<WebSocket, boolean>();

  function send(ws: WebSocket, frame: Frame): void {
    if (ws.readyState !== WebSocket.OPEN) return;
    if (ws.bufferedAmount > maxBuffered) {
      // Never let one slow client hold unbounded memory: drop it; it reconnects and replays.
      ws.close(1013, 'Client too slow; reconnect');
      setTimeout(() => ws.terminate(), 2000).unref();
      return;
    }
    let text: string;
    try {
      text = JSON.stringify(frame);
    } catch (err) {
      if (!('id' in frame)) return;
      text = JSON.stringify({ id: frame.id, error: { code: 'internal', message: `Unserialisable result: ${(err as Error).message}` } });
    }
    ws.send(text, (err) => {
      if (err) ws.terminate();
    });
  }

  async function onMessage(ws: WebSocket, data: RawData, isBinary: boolean): Promise<void> {
    const request = parseRequest(data, isBinary);
    if ('reject' in request) {
      send(ws, request.reject);
      return;
    }
    const answer = await options.router.handle(request.method, request.params, { face: options.face });
    send(ws, { id: request.id, ...answer });
  }

  /** terminal.onData as a binary frame (terminalFrames.ts) for a client that asked for them; false: send it as JSON. */
  function sendBinary(ws: WebSocket, envelope: EventEnvelope): boolean {
    if (envelope.event !== 'terminal.onData') return false;
    const { terminalId, data, end } = envelope.data as EventEnvelope<'terminal.onData'>['data'];
    const frame = encodeTerminalData({ seq: envelope.seq, terminalId, data, end });
    if (!frame) return false;
    if (ws.readyState !== WebSocket.OPEN) return true;
    if (ws.bufferedAmount > maxBuffered) {
      send(ws, envelope); // the same handling of a slow client
      return true;
    }
    ws.send(frame, { binary: true }, (err) => {
      if (err) ws.terminate();
    });
    return true;
  }

  wss.on('connection', (ws, req: IncomingMessage) => {
    alive.set(ws, true);
    const binary = wantsBinaryTerminalFrames(req.url);
    const unsubscribe = options.bus.subscribe((envelope) => {
      if (!binary || !sendBinary(ws, envelope)) send(ws, envelope);
    });
    ws.on('pong', () => alive.set(ws, true));
    ws.on('message', (data, isBinary) => {
      onMessage(ws, data, isBinary).catch((err: unknown) => {
        send(ws, { id: null, error: { code: 'internal', message: (err as Error)?.message ?? 'Internal error' } });
      });
    });
    ws.on('error', () => ws.terminate());
    ws.on('close', unsubscribe);
  });

  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) {
      if (!alive.get(ws)) {
        ws.terminate();
        continue;
      }
      alive.set(ws, false);
      ws.ping();
    }
  }, options.heartbeatMs ?? 30_000);
  heartbeat.unref();

  return {
    handleUpgrade(req, socket, head) {
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    },
    clientCount: () => wss.clients.size,
    close() {
      clearInterval(heartbeat);
      for (const ws of wss.clients) ws.close(1001, 'Akira is shutting down');
      return new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          for (const ws of wss.clients) ws.terminate();
        }, 1000);
        force.unref();
        wss.close(() => {
          clearTimeout(force);
          resolve();
        });
      });
    },
  };
}
