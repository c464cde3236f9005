import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { EventBus } from '../core/eventBus';
import type { CallContext, Router } from '../core/router';
import { createAccessPolicy, isWildcardHost, urlHost, type AccessPolicy } from './access';
import { setSecurityHeaders } from '../common/securityHeaders';
import { createApiFace, isApiPath } from './apiFace';
import { sendApiError } from './apiResponses';
import { createEventReplay, type EventReplayOptions } from './eventReplay';
import { createSseFace, type SseFaceOptions } from './sseFace';
import { createStaticFiles } from './staticFiles';
import { createToken } from './token';
import { createWsFace } from './wsFace';

export interface ServerOptions {
  core: { router: Router; bus: EventBus };
  /** Interface to bind; loopback unless the user asks otherwise. */
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** The built renderer (out/renderer). */
  staticDir: string;
  /** Serve only the API and the WebSocket, no UI files (`akira serve --headless`). */
  headless?: boolean;
  /** Fixed token (tests); a random one per launch otherwise. */
  token?: string;
  /** How handlers see callers of this face. */
  face?: CallContext['face'];
  /** A WebSocket client with more unsent data than this is dropped (default 32 MB). */
  maxClientBufferBytes?: number;
  /** The HTTP API's limits (defaults in apiBody.ts, eventReplay.ts, sseFace.ts); tests make them small. */
  api?: { maxBodyBytes?: number; replay?: EventReplayOptions; sse?: SseFaceOptions };
}

export interface RunningServer {
  /** The address to open, with the token: `http://127.0.0.1:<port>/?token=<token>`. */
  url: string;
  /** The origin without the token. */
  origin: string;
  host: string;
  port: number;
  token: string;
  /** Open WebSocket clients. */
  clientCount(): number;
  /** Open `GET /api/events` streams. */
  eventReaderCount(): number;
  close(): Promise<void>;
}

const STATUS_TEXT: Record<number, string> = {
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  421: 'Misdirected Request',
  426: 'Upgrade Required',
  503: 'Service Unavailable',
};

const MISDIRECTED = 'Misdirected Request: unexpected Host header; use the address akira serve printed\n';

const UNAUTHORIZED =
  'Unauthorized: open the exact URL that `akira serve` printed (it carries ?token=…); the token changes on every launch.\n';

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(text);
}

function rejectUpgrade(socket: Duplex, status: number, text: string): void {
  const body = Buffer.from(text);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\n` +
      'Connection: close\r\nContent-Type: text/plain; charset=utf-8\r\n' +
      `Content-Length: ${body.length}\r\n\r\n${body}`,
  );
}

function requestUrl(req: IncomingMessage): URL | null {
  try {
    return new URL(req.url ?? '/', 'http://akira.invalid');
  } catch {
    return null;
  }
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (err.code === 'EADDRINUSE') reject(new Error(`Port ${port} on ${host} is already in use; pick another with --port`));
      else if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND') reject(new Error(`Cannot bind to host ${host}`));
      else reject(err);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/**
 * The faces of `akira serve`: the built UI over HTTP (none when headless), the contract over a WebSocket at
 * `/ws` and over the HTTP API at `/api/` (apiFace.ts, with the SSE event stream), all behind the token.
 * A Host header that is not the bound address is refused everywhere (421, DNS rebinding); a foreign Origin
 * is refused for WebSocket upgrades and API requests (403).
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const token = options.token ?? createToken();
  const statics = createStaticFiles(options.staticDir);
  const ws = createWsFace({
    router: options.core.router,
    bus: options.core.bus,
    face: options.face ?? 'browser',
    maxBufferedBytes: options.maxClientBufferBytes,
  });
  let access: AccessPolicy | null = null;
  const replay = createEventReplay(options.core.bus, options.api?.replay);
  const sse = createSseFace(replay, options.api?.sse);
  const api = createApiFace({
    router: options.core.router,
    face: options.face ?? 'browser',
    sse,
    access: () => access,
    maxBodyBytes: options.api?.maxBodyBytes,
  });

  async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    setSecurityHeaders(res);
    const url = requestUrl(req);
    if (!access || !url) return sendText(res, access ? 400 : 503, access ? 'Bad Request\n' : 'Starting\n');
    if (isApiPath(url.pathname)) return api.handle(req, res, url);
    if (!access.hostAllowed(req.headers.host)) return sendText(res, 421, MISDIRECTED);
    const how = access.authenticate(req, url);
    if (!how) return sendText(res, 401, UNAUTHORIZED);
    if (options.headless && url.pathname !== '/ws') {
      return sendApiError(res, {
        code: 'not_found',
        message: 'This Akira is headless (akira serve --headless): no UI here, only the HTTP API at /api/ (GET /api/openapi.json) and the WebSocket at /ws',
      });
    }
    if (how === 'query') res.setHeader('Set-Cookie', access.cookie());
    if (url.pathname === '/ws') return sendText(res, 426, '/ws is the WebSocket face; connect with a WebSocket client\n');
    await statics.serve(req, res, url.pathname);
  }

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy());
    const url = requestUrl(req);
    if (!access || !url) return rejectUpgrade(socket, access ? 404 : 503, 'Not available\n');
    if (url.pathname !== '/ws') return rejectUpgrade(socket, 404, 'Not Found\n');
    if (!access.hostAllowed(req.headers.host)) return rejectUpgrade(socket, 421, MISDIRECTED);
    if (!access.authenticate(req, url)) return rejectUpgrade(socket, 401, UNAUTHORIZED);
    if (!access.originAllowed(req.headers.origin, req.headers.host)) {
      return rejectUpgrade(socket, 403, 'Forbidden: the WebSocket Origin is not the served origin\n');
    }
    ws.handleUpgrade(req, socket, head);
  }

  const server = createServer((req, res) => {
    onRequest(req, res).catch((err: unknown) => {
      if (res.headersSent) res.destroy();
      else if (isApiPath(requestUrl(req)?.pathname ?? '')) sendApiError(res, { code: 'internal', message: (err as Error)?.message || 'Internal error' });
      else sendText(res, 500, 'Internal Server Error\n');
    });
  });
  server.on('upgrade', onUpgrade);
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  try {
    await listen(server, options.port ?? 0, host);
  } catch (err) {
    sse.close();
    replay.close();
    await ws.close();
    throw err;
  }
  const address = server.address() as AddressInfo;
  access = createAccessPolicy({ host, port: address.port, token });
  const shownHost = isWildcardHost(host) ? '127.0.0.1' : urlHost(address.address);
  const origin = `http://${shownHost}:${address.port}`;

  let closing: Promise<void> | null = null;
  return {
    url: `${origin}/?token=${token}`,
    origin,
    host,
    port: address.port,
    token,
    clientCount: () => ws.clientCount(),
    eventReaderCount: () => sse.readerCount(),
    close() {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        sse.close();
        replay.close();
        await ws.close();
        server.closeAllConnections();
        await closed;
      })();
      return closing;
    },
  };
}
