import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { EventBus } from '../core/eventBus';
import type { CallContext, Router } from '../core/router';
import { createAccessPolicy, isWildcardHost, urlHost, type AccessPolicy } from './access';
import { setSecurityHeaders } from '../common/securityHeaders';
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
  /** Fixed token (tests); a random one per launch otherwise. */
  token?: string;
  /** How handlers see callers of this face. */
  face?: CallContext['face'];
  /** A WebSocket client with more unsent data than this is dropped (default 32 MB). */
  maxClientBufferBytes?: number;
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
  close(): Promise<void>;
}

const STATUS_TEXT: Record<number, string> = {
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  426: 'Upgrade Required',
  503: 'Service Unavailable',
};

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
 * The browser face of `akira serve`: the built UI over HTTP and the contract over a WebSocket at
 * `/ws`, both behind a per-launch token; WebSocket upgrades from foreign origins are refused.
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

  async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    setSecurityHeaders(res);
    const url = requestUrl(req);
    if (!access || !url) return sendText(res, access ? 400 : 503, access ? 'Bad Request\n' : 'Starting\n');
    if (!access.hostAllowed(req.headers.host)) return sendText(res, 403, 'Forbidden: unexpected Host header\n');
    const how = access.authenticate(req, url);
    if (!how) return sendText(res, 401, UNAUTHORIZED);
    if (how === 'query') res.setHeader('Set-Cookie', access.cookie());
    if (url.pathname === '/ws') return sendText(res, 426, '/ws is the WebSocket face; connect with a WebSocket client\n');
    // Reserved for the HTTP API face (`POST /api/<command>` + SSE), a later addition.
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
      return sendText(res, 404, 'The HTTP API is not available in this version; use the WebSocket at /ws\n');
    }
    await statics.serve(req, res, url.pathname);
  }

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy());
    const url = requestUrl(req);
    if (!access || !url) return rejectUpgrade(socket, access ? 404 : 503, 'Not available\n');
    if (url.pathname !== '/ws') return rejectUpgrade(socket, 404, 'Not Found\n');
    if (!access.hostAllowed(req.headers.host)) return rejectUpgrade(socket, 403, 'Forbidden: unexpected Host header\n');
    if (!access.authenticate(req, url)) return rejectUpgrade(socket, 401, UNAUTHORIZED);
    if (!access.originAllowed(req.headers.origin, req.headers.host)) {
      return rejectUpgrade(socket, 403, 'Forbidden: the WebSocket Origin is not the served origin\n');
    }
    ws.handleUpgrade(req, socket, head);
  }

  const server = createServer((req, res) => {
    onRequest(req, res).catch(() => {
      if (!res.headersSent) sendText(res, 500, 'Internal Server Error\n');
      else res.destroy();
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
    close() {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        await ws.close();
        server.closeAllConnections();
        await closed;
      })();
      return closing;
    },
  };
}
