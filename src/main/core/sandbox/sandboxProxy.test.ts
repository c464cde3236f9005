import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localServer } from '../../../testing/sandboxKit';
import { waitFor } from '../../../testing/waitFor';
import { startSandboxProxy, type BlockedConnection, type SandboxProxy, type SandboxProxyOptions } from './sandboxProxy';

// The proxy itself, spoken to on its unix socket as socat inside the sandbox would forward it.

let dir: string;
let proxy: SandboxProxy | null;
let local: Awaited<ReturnType<typeof localServer>>;
const blocked: BlockedConnection[] = [];

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'akira-proxy-'));
  local = await localServer('FROM-THE-SERVER');
  blocked.length = 0;
});
afterEach(async () => {
  await proxy?.dispose();
  proxy = null;
  await local.close();
  rmSync(dir, { recursive: true, force: true });
});

async function start(allow: string[], over: Partial<SandboxProxyOptions> = {}) {
  let list = allow;
  proxy = await startSandboxProxy({ socketPath: join(dir, 'p.sock'), allowList: () => list, onBlocked: (b) => blocked.push(b), ...over });
  return { set: (next: string[]) => (list = next) };
}
/** Names resolve to a public-looking address that the dialler sends to the local server. */
const toLocal = { resolve: async () => ['203.0.113.7'], dial: () => connect({ host: '127.0.0.1', port: local.port }) };

const read = (res: IncomingMessage) => new Promise<string>((ok) => {
  let body = '';
  res.on('data', (d) => (body += d));
  res.on('end', () => ok(body));
});

function plainHttp(url: string): Promise<{ status: number; body: string }> {
  return new Promise((ok, fail) => {
    const req = request({ socketPath: proxy!.socketPath, path: url, headers: { host: new URL(url).host } }, async (res) => ok({ status: res.statusCode ?? 0, body: await read(res) }));
    req.on('error', fail);
    req.end();
  });
}

function tunnel(target: string): Promise<{ status: number; socket: Socket }> {
  return new Promise((ok, fail) => {
    const req = request({ socketPath: proxy!.socketPath, method: 'CONNECT', path: target });
    req.on('connect', (res, socket) => ok({ status: res.statusCode ?? 0, socket }));
    req.on('response', (res) => ok({ status: res.statusCode ?? 0, socket: res.socket }));
    req.on('error', fail);
    req.end();
  });
}

const getOver = (socket: Socket, host: string) =>
  new Promise<string>((ok) => {
    let out = '';
    socket.on('data', (d) => (out += d));
    socket.on('close', () => ok(out));
    socket.write(`GET / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  });

function socks(host: string, port: number): Promise<{ reply: number; socket: Socket }> {
  return new Promise((ok, fail) => {
    const s = connect(proxy!.socketPath);
    let stage = 0;
    s.on('error', fail);
    s.on('data', function onData(d: Buffer) {
      if (stage === 0) {
        stage = 1;
        const name = Buffer.from(host);
        const req = Buffer.concat([Buffer.from([5, 1, 0, 3, name.length]), name, Buffer.from([port >> 8, port & 255])]);
        s.write(req);
        if (d.length > 2) onData(d.subarray(2));
      } else {
        s.off('data', onData);
        ok({ reply: d[1], socket: s });
      }
    });
    s.write(Buffer.from([5, 1, 0]));
  });
}

describe('the sandbox proxy', () => {
  it('blocks a server on 127.0.0.1 by every way in, and reports each', async () => {
    await start(['registry.npmjs.org']);
    expect((await plainHttp(`http://127.0.0.1:${local.port}/`)).status).toBe(403);
    expect((await tunnel(`127.0.0.1:${local.port}`)).status).toBe(403);
    expect((await socks('localhost', local.port)).reply).toBe(2);
    expect(local.hits()).toBe(0);
    expect(blocked).toEqual([
      { host: '127.0.0.1', port: local.port, reason: 'not_allowed', via: 'http' },
      { host: '127.0.0.1', port: local.port, reason: 'not_allowed', via: 'connect' },
      { host: 'localhost', port: local.port, reason: 'not_allowed', via: 'socks5' },
    ]);
  });

  it('blocks an allowed wildcard name that resolves to a local address', async () => {
    await start(['*.example.test'], { resolve: async () => ['127.0.0.1'] });
    expect((await plainHttp(`http://db.example.test:${local.port}/`)).status).toBe(403);
    expect(local.hits()).toBe(0);
    expect(blocked).toEqual([{ host: 'db.example.test', port: local.port, reason: 'local_address', address: '127.0.0.1', via: 'http' }]);
  });

  it('lets an allowed name through by plain HTTP, CONNECT and SOCKS5', async () => {
    await start(['*.example.test'], toLocal);
    const plain = await plainHttp('http://pkg.example.test/');
    expect(plain).toEqual({ status: 200, body: 'FROM-THE-SERVER\n' });
    const t = await tunnel('pkg.example.test:443');
    expect(t.status).toBe(200);
    expect(await getOver(t.socket, 'pkg.example.test')).toContain('FROM-THE-SERVER');
    const s = await socks('pkg.example.test', 443);
    expect(s.reply).toBe(0);
    expect(await getOver(s.socket, 'pkg.example.test')).toContain('FROM-THE-SERVER');
    expect(blocked).toEqual([]);
  });

  it('follows the allow list as it changes', async () => {
    const list = await start([], toLocal);
    expect((await plainHttp('http://new.test/')).status).toBe(403);
    list.set(['new.test']);
    expect((await plainHttp('http://new.test/')).status).toBe(200);
  });

  it('reaches registry.npmjs.org through CONNECT with the real resolver (skipped when unreachable)', async (ctx) => {
    await start(['registry.npmjs.org']);
    const t = await tunnel('registry.npmjs.org:443').catch(() => null);
    if (!t || t.status !== 200) {
      console.warn(`skipped: registry.npmjs.org is unreachable from this machine (CONNECT answered ${t?.status ?? 'nothing'}; blocked: ${JSON.stringify(blocked)})`);
      ctx.skip();
      return;
    }
    const tls = tlsConnect({ socket: t.socket, servername: 'registry.npmjs.org' });
    const answer = await getOver(tls as unknown as Socket, 'registry.npmjs.org');
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
  });

  it('closes a client that says nothing, and everything on dispose', async () => {
    await start(['*.example.test'], { ...toLocal, handshakeTimeoutMs: 100 });
    const silent = connect(proxy!.socketPath);
    await waitFor(() => silent.closed, 'the silent client closed');
    const t = await tunnel('pkg.example.test:443');
    const closed = new Promise<void>((ok) => t.socket.on('close', () => ok()));
    expect(proxy!.openConnections()).toBeGreaterThan(0);
    const path = proxy!.socketPath;
    await proxy!.dispose();
    await closed;
    expect(proxy!.openConnections()).toBe(0);
    expect(existsSync(path)).toBe(false);
  });
});
