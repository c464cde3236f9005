import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandNames, eventNames } from '../../shared/contract';
import { createCore, type Core } from '../core/createCore';
import { startServer, type RunningServer } from './httpServer';
import { CONTENT_SECURITY_POLICY } from '../common/securityHeaders';
import { FrameClient, upgradeStatus, waitFor } from '../../testing/wsClient';

let core: Core;
let server: RunningServer;
let workspace: string;
let staticDir: string;
const cleanup: string[] = [];

/** A raw GET so tests can send any Host header and see every response header. */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
    (resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: server.port, path, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

const wsUrl = (token = server.token) => `ws://127.0.0.1:${server.port}/ws?token=${encodeURIComponent(token)}`;

beforeAll(async () => {
  const base = await realpath(await mkdtemp(join(tmpdir(), 'akira-server-')));
  cleanup.push(base);
  workspace = join(base, 'project');
  staticDir = join(base, 'renderer');
  await mkdir(workspace);
  await mkdir(join(staticDir, 'assets'), { recursive: true });
  await writeFile(join(workspace, 'hello.txt'), 'hi\n');
  await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>Akira</title>');
  await writeFile(join(staticDir, 'assets', 'app-1234.js'), 'console.log(1)');
  await writeFile(join(staticDir, 'assets', 'app-1234.css'), 'body{}');
  await writeFile(join(base, 'secret.txt'), 'outside the static root');
  execFileSync('git', ['init', '-q'], { cwd: workspace });
  core = await createCore({ workspaceRoot: workspace, dataDir: join(base, 'data'), face: 'test', version: '9.9.9-test', validateOutput: true });
  server = await startServer({ core, staticDir });
});

afterAll(async () => {
  await server?.close();
  await core?.dispose();
  await Promise.all(cleanup.map((d) => rm(d, { recursive: true, force: true })));
});

describe('HTTP face', () => {
  it('prints a loopback URL with a long url-safe token', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=${server.token}`);
    expect(server.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers 401 without a token or with a wrong one', async () => {
    for (const path of ['/', '/assets/app-1234.js', '/index.html', '/anything', `/?token=${server.token}x`, '/?token=']) {
      const res = await get(path);
      expect(res.status, path).toBe(401);
      expect(res.body).not.toContain('Akira</title>');
    }
    expect((await get('/', { Authorization: 'Bearer nope' })).status).toBe(401);
    expect((await get('/', { Cookie: `akira_token_${server.port}=nope` })).status).toBe(401);
  });

  it('serves the UI with the token and sets a cookie that loads assets without it', async () => {
    const page = await get(`/?token=${server.token}`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<title>Akira</title>');
    const setCookie = String(page.headers['set-cookie']);
    expect(setCookie).toContain(`akira_token_${server.port}=${server.token}`);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/');

    const cookie = setCookie.split(';')[0];
    const js = await get('/assets/app-1234.js', { Cookie: `other=1; ${cookie}` });
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.body).toBe('console.log(1)');
    const css = await get('/assets/app-1234.css', { Authorization: `Bearer ${server.token}` });
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('sends the security headers, also on 401', async () => {
    for (const res of [await get('/'), await get(`/?token=${server.token}`)]) {
      expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('uses the same CSP as the renderer index.html', async () => {
    const html = await readFile(join(__dirname, '../../renderer/index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html);
    expect(meta?.[1]).toBe(CONTENT_SECURITY_POLICY);
  });

  it('lets the page connect only to its own origin (no other ws:/wss:/http: hosts)', () => {
    const directives = new Map(CONTENT_SECURITY_POLICY.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }));
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
  });

  it('falls back to index.html for app routes, 404 for missing assets, never leaves the root', async () => {
    const auth = { Authorization: `Bearer ${server.token}` };
    expect((await get('/some/route', auth)).body).toContain('<title>Akira</title>');
    expect((await get('/assets/missing.js', auth)).status).toBe(404);
    for (const path of ['/..%2fsecret.txt', '/assets/..%2f..%2fsecret.txt', '/%2e%2e/secret.txt', '/assets/%00.js', '/..%5csecret.txt']) {
      const res = await get(path, auth);
      expect(res.body, path).not.toContain('outside the static root');
      expect([400, 404], path).toContain(res.status);
    }
  });

  it('says how to build the UI when it is not built', async () => {
    const bare = await startServer({ core, staticDir: join(staticDir, 'missing') });
    try {
      const res = await fetch(bare.url);
      expect(res.status).toBe(503);
      expect(await res.text()).toContain('npm run build');
    } finally {
      await bare.close();
    }
  });

  it('refuses a foreign Host header (DNS rebinding: 421 Misdirected Request) and other methods', async () => {
    const res = await get(`/?token=${server.token}`, { Host: `evil.example:${server.port}` });
    expect(res.status).toBe(421);
    expect(await upgradeStatus(wsUrl(), { headers: { Host: `evil.example:${server.port}` } })).toBe(421);
    expect((await get(`/?token=${server.token}`, { Host: `localhost:${server.port}` })).status).toBe(200);
    const post = await fetch(server.url, { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
  });
});

describe('WebSocket face', () => {
  it('refuses upgrades without the token (401) or with a wrong one (401)', async () => {
    expect(await upgradeStatus(`ws://127.0.0.1:${server.port}/ws`)).toBe(401);
    expect(await upgradeStatus(wsUrl('wrong'))).toBe(401);
    expect(await upgradeStatus(wsUrl(`${server.token}0`))).toBe(401);
  });

  it('accepts the cookie the page got instead of ?token= (a reload), and refuses a wrong one (401)', async () => {
    const cookie = String((await get(`/?token=${server.token}`)).headers['set-cookie']).split(';')[0];
    const reload = await get('/', { Cookie: cookie });
    expect(reload.status).toBe(200);
    expect(reload.body).toContain('<title>Akira</title>');
    expect(reload.headers['set-cookie']).toBeUndefined(); // set once, by the address with the token

    const bare = `ws://127.0.0.1:${server.port}/ws`;
    expect(await upgradeStatus(bare, { origin: server.origin, headers: { Cookie: `other=1; ${cookie}` } })).toBe(101);
    const client = await FrameClient.connect(bare, { origin: server.origin, headers: { Cookie: cookie } });
    expect((await client.request('app.describe')).result.version).toBe('9.9.9-test');
    await client.close();

    const wrong = [`akira_token_${server.port}=${server.token}x`, `akira_token_${server.port}=`, `akira_token_${server.port + 1}=${server.token}`];
    for (const bad of wrong) {
      expect(await upgradeStatus(bare, { origin: server.origin, headers: { Cookie: bad } }), bad).toBe(401);
      expect((await get('/', { Cookie: bad })).status, bad).toBe(401);
    }
    // The cookie does not let a foreign page in: the Origin check still applies.
    expect(await upgradeStatus(bare, { origin: 'http://evil.example', headers: { Cookie: cookie } })).toBe(403);
  });

  it('refuses a foreign Origin (403) and accepts the served origin', async () => {
    expect(await upgradeStatus(wsUrl(), { origin: 'http://evil.example' })).toBe(403);
    expect(await upgradeStatus(wsUrl(), { origin: `http://127.0.0.1:${server.port + 1}` })).toBe(403);
    expect(await upgradeStatus(wsUrl(), { origin: 'null' })).toBe(403);
    expect(await upgradeStatus(wsUrl(), { origin: `http://127.0.0.1:${server.port}` })).toBe(101);
    expect(await upgradeStatus(wsUrl(), { origin: `http://localhost:${server.port}` })).toBe(101);
  });

  it('answers app.describe with the pinned fields', async () => {
    const client = await FrameClient.connect(wsUrl(), { origin: server.origin });
    const answer = await client.request('app.describe', {});
    expect(answer.error).toBeUndefined();
    expect(answer.result).toMatchObject({ version: '9.9.9-test', commands: commandNames, events: eventNames });
    expect(answer.result.commands).toContain('terminal.create');
    expect(answer.result.workspace.root).toBe(workspace);
    await client.close();
  });

  it('answers bad params, unknown methods and malformed frames with error frames, and keeps going', async () => {
    const client = await FrameClient.connect(wsUrl());
    const bad = await client.request('terminal.write', { terminalId: 5 });
    expect(bad.error.code).toBe('bad_request');
    expect(bad.error.message).toContain('terminalId');

    const unknown = await client.request('nope.nothing', {});
    expect(unknown.error.code).toBe('unknown_command');

    for (const raw of ['{not json', '[1,2]', '"text"', '{"method":"app.describe"}', '{"id":{"x":1},"method":"app.describe"}']) {
      const before = client.frames.length;
      client.sendRaw(raw);
      const answer = await client.nullAnswer(before);
      expect(answer.error.code, raw).toBe('bad_request');
    }
    const noMethod = await new Promise<Record<string, any>>((resolve) => {
      client.socket.send(JSON.stringify({ id: 77 }));
      void waitFor(() => client.frames.find((f) => f.id === 77), 'answer 77').then(resolve);
    });
    expect(noMethod.error.code).toBe('bad_request');

    const still = await client.request('app.describe');
    expect(still.result.version).toBe('9.9.9-test');
    await client.close();
  });

  it('runs a terminal round trip: create, write, onData', async () => {
    const client = await FrameClient.connect(wsUrl(), { origin: server.origin });
    const created = await client.request('terminal.create', { cols: 100, rows: 30 });
    expect(created.error).toBeUndefined();
    const terminalId: string = created.result.terminalId;
    expect(terminalId).toBeTruthy();

    const output = () =>
      client.frames
        .filter((f) => f.event === 'terminal.onData' && f.data.terminalId === terminalId)
        .map((f) => f.data.data as string)
        .join('');
    const written = await client.request('terminal.write', { terminalId, data: 'echo akira-$((6*7))\r' });
    expect(written.result).toEqual({ ok: true });
    await waitFor(() => output().includes('akira-42'), 'akira-42 in terminal.onData', 15_000);

    const seqs = client.frames.filter((f) => typeof f.event === 'string').map((f) => f.seq as number);
    expect(seqs.every((s, i) => i === 0 || s > seqs[i - 1])).toBe(true);

    expect((await client.request('terminal.kill', { terminalId })).result).toEqual({ ok: true });
    await client.close();
  });

  it('forbids opening another folder from the browser face', async () => {
    const client = await FrameClient.connect(wsUrl());
    const answer = await client.request('workspace.open', { path: tmpdir() });
    expect(answer.error.code).toBe('forbidden');
    await client.close();
  });

  it('drops a client that stops reading instead of buffering without bound, and keeps serving others', async () => {
    const small = await startServer({ core, staticDir, maxClientBufferBytes: 1_000_000 });
    try {
      const url = `ws://127.0.0.1:${small.port}/ws?token=${small.token}`;
      const slow = await FrameClient.connect(url);
      (slow.socket as unknown as { _socket: { pause(): void } })._socket.pause();
      const data = 'x'.repeat(256 * 1024);
      for (let i = 0; i < 400 && small.clientCount() > 0; i++) {
        core.bus.emit('terminal.onData', { terminalId: 'flood-test', data });
        await new Promise((r) => setImmediate(r));
      }
      await waitFor(() => small.clientCount() === 0, 'the slow client to be dropped');
      const fresh = await FrameClient.connect(url);
      expect((await fresh.request('app.describe')).result.version).toBe('9.9.9-test');
      await fresh.close();
      slow.socket.terminate();
    } finally {
      await small.close();
    }
  });
});
