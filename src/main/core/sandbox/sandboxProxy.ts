import { rmSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, createServer, type Socket } from 'node:net';
import { decide, systemResolver, type BlockReason, type Resolver } from './proxyDecision';
import { parseGreeting, parseRequest, SOCKS_REPLY, socksReply } from './socks5';

/**
 * The sandbox's network (issue 26): one filtering proxy on a unix socket in Akira's process, which bubblewrap binds
 * into the sandbox, where socat bridges it to 127.0.0.1:3128 (sandboxCommand.ts). It speaks, on the same socket (the
 * first byte tells them apart):
 *
 * - HTTP CONNECT (`https_proxy`: HTTPS, and any TCP a client tunnels), and plain HTTP with absolute URLs (`http_proxy`);
 * - SOCKS5 CONNECT with names (`socks5h://`), for clients that take ALL_PROXY.
 *
 * Each connection (each request, for plain HTTP) is decided on its own from the allow list as it is *now*
 * (`allowList()` is asked every time, so the user's "allow for this session" applies at once), see proxyDecision.ts.
 * A refusal is reported through `onBlocked({host, port, reason, via})` and answered 403 (HTTP) or "not allowed by
 * ruleset" (SOCKS5). A client that says nothing for `handshakeTimeoutMs`, an upstream that does not connect within
 * `connectTimeoutMs`, and a tunnel idle for `idleTimeoutMs` are closed. `dispose()` closes everything.
 *
 *   const proxy = await startSandboxProxy({ socketPath, allowList: () => allow, onBlocked: (b) => show(b) });
 */

export interface BlockedConnection {
  host: string;
  port: number;
  reason: BlockReason;
  via: 'http' | 'connect' | 'socks5';
  /** The local address the name resolved to (reason `local_address`). */
  address?: string;
}

export interface SandboxProxyOptions {
  socketPath: string;
  /** The allowed domains now (agent.sandbox.network.allow and whatever the user allowed since). */
  allowList(): readonly string[];
  onBlocked?(blocked: BlockedConnection): void;
  /** Name → addresses (default: the system's resolver). Tests point names at a local server with it. */
  resolve?: Resolver;
  /** Opens the upstream connection to the checked address (default: net.connect). */
  dial?(address: string, port: number): Socket;
  handshakeTimeoutMs?: number;
  connectTimeoutMs?: number;
  idleTimeoutMs?: number;
}

export interface SandboxProxy {
  readonly socketPath: string;
  /** Connections open now (clients and upstreams). */
  openConnections(): number;
  dispose(): Promise<void>;
}

const HOP_BY_HOP = ['proxy-connection', 'proxy-authorization', 'connection', 'keep-alive', 'te', 'trailer', 'upgrade'];

export async function startSandboxProxy(options: SandboxProxyOptions): Promise<SandboxProxy> {
  const resolve = options.resolve ?? systemResolver;
  const dial = options.dial ?? ((address: string, port: number) => connect({ host: address, port }));
  const handshakeMs = options.handshakeTimeoutMs ?? 30_000;
  const connectMs = options.connectTimeoutMs ?? 15_000;
  const idleMs = options.idleTimeoutMs ?? 10 * 60_000;
  const sockets = new Set<Socket>();
  let closed = false;

  const track = (s: Socket) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
    return s;
  };

  async function allowed(host: string, port: number, via: BlockedConnection['via']): Promise<string | null> {
    const d = await decide(options.allowList(), host, port, resolve);
    if (d.ok) return d.address;
    const blocked: BlockedConnection = { host, port, reason: d.reason, via };
    if (d.address) blocked.address = d.address;
    try {
      options.onBlocked?.(blocked);
    } catch {
      // a listener's failure does not change the answer
    }
    return null;
  }

  /** Connects upstream; calls back with the socket once connected, or with null (refused, timed out). */
  function open(address: string, port: number, done: (up: Socket | null) => void): void {
    if (closed) return done(null);
    const up = track(dial(address, port));
    let settled = false;
    const settle = (ok: boolean) => {
      if (settled) return;
      settled = true;
      up.setTimeout(ok ? idleMs : 0);
      if (!ok) up.destroy();
      done(ok ? up : null);
    };
    up.setTimeout(connectMs, () => (settled ? up.destroy() : settle(false)));
    up.once('connect', () => settle(true));
    up.once('error', () => settle(false));
    up.once('close', () => settle(false));
  }

  /** Two sockets joined both ways; either closing or idling closes both. */
  function join(a: Socket, b: Socket): void {
    a.setTimeout(idleMs, () => a.destroy());
    b.setTimeout(idleMs, () => b.destroy());
    a.pipe(b);
    b.pipe(a);
    a.once('close', () => b.destroy());
    b.once('close', () => a.destroy());
  }

  const http = createHttpServer({ requestTimeout: 0, headersTimeout: handshakeMs });
  http.on('request', async (req: IncomingMessage, res: ServerResponse) => {
    let url: URL;
    try {
      url = new URL(req.url ?? '');
      if (url.protocol !== 'http:') throw new Error('not http');
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('Akira sandbox proxy: absolute http:// URLs only\n');
      return;
    }
    const port = Number(url.port || 80);
    const address = await allowed(url.hostname, port, 'http');
    if (!address) {
      res.writeHead(403, { 'content-type': 'text/plain', 'x-akira-sandbox': 'blocked' }).end(`blocked by the sandbox: ${url.hostname}\n`);
      return;
    }
    open(address, port, (up) => {
      if (!up) {
        res.writeHead(502, { 'content-type': 'text/plain' }).end(`could not connect to ${url.hostname}\n`);
        return;
      }
      const headers = { ...req.headers };
      for (const h of HOP_BY_HOP) delete headers[h];
      const out = httpRequest({ method: req.method, path: url.pathname + url.search, headers: { ...headers, host: url.host }, createConnection: () => up }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      out.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
      req.pipe(out);
    });
  });
  http.on('connect', async (req: IncomingMessage, client: Socket, head: Buffer) => {
    const m = /^(\[[^\]]+\]|[^:/\s]+):(\d{1,5})$/.exec(req.url ?? '');
    if (!m) return void client.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n');
    const port = Number(m[2]);
    const address = await allowed(m[1], port, 'connect');
    if (!address) return void client.end(`HTTP/1.1 403 Forbidden\r\nX-Akira-Sandbox: blocked\r\nContent-Length: 0\r\n\r\n`);
    open(address, port, (up) => {
      if (!up) return void client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n');
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) up.write(head);
      join(client, up);
    });
  });
  http.on('clientError', (_err, s: Socket) => s.destroy());

  function socks(client: Socket): void {
    let buf: Buffer = Buffer.alloc(0);
    let greeted = false;
    const onData = (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      if (buf.length > 1024) return void client.destroy();
      if (!greeted) {
        const g = parseGreeting(buf);
        if (g.state === 'more') return;
        if (g.state !== 'greeted') return void client.end(Buffer.from([5, 0xff]));
        greeted = true;
        buf = g.rest;
        client.write(Buffer.from([5, 0]));
      }
      const r = parseRequest(buf);
      if (r.state === 'more') return;
      client.off('data', onData);
      client.pause();
      if (r.state !== 'request') return void client.end(socksReply(r.state === 'bad' && r.reply ? r.reply : SOCKS_REPLY.commandNotSupported));
      if (r.command !== 1) return void client.end(socksReply(SOCKS_REPLY.commandNotSupported));
      void allowed(r.host, r.port, 'socks5').then((address) => {
        if (!address) return void client.end(socksReply(SOCKS_REPLY.notAllowed));
        open(address, r.port, (up) => {
          if (!up) return void client.end(socksReply(SOCKS_REPLY.hostUnreachable));
          client.write(socksReply(SOCKS_REPLY.ok));
          if (r.rest.length) up.write(r.rest);
          join(client, up);
          client.resume();
        });
      });
    };
    client.on('data', onData);
  }

  const front = createServer((client) => {
    track(client);
    if (closed) return void client.destroy();
    client.setTimeout(handshakeMs, () => client.destroy());
    client.once('data', (first: Buffer) => {
      client.pause();
      client.unshift(first);
      if (first[0] === 5) {
        socks(client);
        client.resume();
      } else {
        // the HTTP server's own headersTimeout bounds a silent client from here; a slow answer may take its time
        client.setTimeout(idleMs, () => client.destroy());
        http.emit('connection', client);
        client.resume();
      }
    });
  });

  rmSync(options.socketPath, { force: true });
  await new Promise<void>((ok, fail) => {
    front.once('error', fail);
    front.listen(options.socketPath, () => {
      front.off('error', fail);
      ok();
    });
  });

  return {
    socketPath: options.socketPath,
    openConnections: () => sockets.size,
    async dispose() {
      if (closed) return;
      closed = true;
      const done = new Promise<void>((ok) => front.close(() => ok()));
      for (const s of sockets) s.destroy();
      http.close();
      await done;
      rmSync(options.socketPath, { force: true });
    },
  };
}
