import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandNames, eventNames } from '../../shared/contract';
import { createCore, type Core } from '../core/createCore';
import { createEventBus } from '../core/eventBus';
import type { Router } from '../core/router';
import { CONTENT_SECURITY_POLICY } from '../common/securityHeaders';
import { tempDir } from '../../testing/tempTree';
import { TEST_SHELL } from '../../testing/ptyKit';
import { waitFor } from '../../testing/waitFor';
import { FrameClient } from '../../testing/wsClient';
import { startServer, type RunningServer } from './httpServer';

// The HTTP API face against a real core over real HTTP: the same cases as the WebSocket face (token, origin,
// host) and every status the error codes map to.

let core: Core;
let server: RunningServer;
let workspace: string;
let staticDir: string;
const cleanups: (() => Promise<void>)[] = [];

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: any;
}

/** A raw request, so tests can send any Host, Origin or body, chunked or not. */
function call(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; chunks?: Buffer[]; port?: number } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: options.port ?? server.port, path, method: options.method ?? 'POST', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: any = null;
          try {
            json = JSON.parse(text);
          } catch {
            json = null;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    req.on('error', reject);
    if (options.chunks) {
      for (const chunk of options.chunks) req.write(chunk);
      req.end();
    } else {
      req.end(options.body);
    }
  });
}

const auth = () => ({ Authorization: `Bearer ${server.token}` });
const json = (body: unknown, headers: Record<string, string> = auth()) => ({
  headers: { ...headers, 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

beforeAll(async () => {
  const base = await tempDir('akira-api-');
  cleanups.push(base.cleanup);
  workspace = join(base.dir, 'project');
  staticDir = join(base.dir, 'renderer');
  await mkdir(workspace);
  await mkdir(staticDir);
  await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>Akira</title>');
  await writeFile(join(workspace, 'hello.txt'), 'hi\n');
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
  server = await startServer({ core, staticDir });
});

afterAll(async () => {
  await server?.close();
  await core?.dispose();
  for (const cleanup of cleanups) await cleanup();
});

describe('HTTP API: commands', () => {
  it('answers POST /api/<command> through the router: {result}, with the token as a Bearer header or ?token=', async () => {
    const byHeader = await call('/api/app.describe', { headers: auth() });
    expect(byHeader.status).toBe(200);
    expect(byHeader.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(byHeader.headers['cache-control']).toBe('no-store');
    expect(byHeader.json.result).toMatchObject({ version: '9.9.9-test', commands: commandNames, events: eventNames, face: 'test' });
    expect(byHeader.json.result.workspace.root).toBe(workspace);

    const byQuery = await call(`/api/app.describe?token=${server.token}`, json({}, {}));
    expect(byQuery.status).toBe(200);
    expect(byQuery.headers['set-cookie']).toBeUndefined(); // the API never hands out the UI's cookie

    const read = await call('/api/workspace.read', json({ path: 'hello.txt' }));
    expect(read.status).toBe(200);
    expect(read.json.result.content).toBe('hi\n');
  });

  it('takes an empty body as {} and a JSON content type with parameters', async () => {
    expect((await call('/api/app.describe', { headers: auth() })).status).toBe(200);
    const typed = await call('/api/app.describe', { headers: { ...auth(), 'Content-Type': 'application/json; charset=UTF-8' }, body: '{}' });
    expect(typed.status).toBe(200);
    const vendor = await call('/api/app.describe', { headers: { ...auth(), 'Content-Type': 'application/vnd.akira+json' }, body: ' {} ' });
    expect(vendor.status).toBe(200);
  });

  it('refuses without the token, with a wrong one, and with only the UI cookie (401 JSON)', async () => {
    const cookie = String((await call(`/?token=${server.token}`, { method: 'GET' })).headers['set-cookie']).split(';')[0];
    const attempts: [string, Record<string, string>][] = [
      ['/api/app.describe', {}],
      ['/api/app.describe', { Authorization: 'Bearer nope' }],
      ['/api/app.describe', { Authorization: `Bearer ${server.token}x` }],
      ['/api/app.describe', { Authorization: `Basic ${server.token}` }],
      ['/api/app.describe?token=', {}],
      [`/api/app.describe?token=${server.token.slice(1)}`, {}],
      ['/api/app.describe', { Cookie: cookie }],
      ['/api/events', {}],
      ['/api/nope.nothing', {}],
    ];
    for (const [path, headers] of attempts) {
      const res = await call(path, { method: path === '/api/events' ? 'GET' : 'POST', headers });
      expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(401);
      expect(res.json.error.code).toBe('unauthorized');
      expect(res.json.error.message).toContain('Authorization: Bearer');
      expect(res.headers['www-authenticate']).toBe('Bearer realm="akira"');
    }
  });

  it('refuses a foreign Origin (403, CSRF) even with the token, and accepts the served one', async () => {
    for (const origin of ['http://evil.example', `http://127.0.0.1:${server.port + 1}`, 'null', `https://127.0.0.1:${server.port}`]) {
      const res = await call('/api/app.describe', { headers: { ...auth(), Origin: origin } });
      expect(res.status, origin).toBe(403);
      expect(res.json.error.code).toBe('forbidden');
    }
    for (const origin of [server.origin, `http://localhost:${server.port}`]) {
      expect((await call('/api/app.describe', { headers: { ...auth(), Origin: origin } })).status, origin).toBe(200);
    }
  });

  it('refuses a Host that is not the bound address (421, DNS rebinding), on the API and everywhere else', async () => {
    for (const host of [`evil.example:${server.port}`, `127.0.0.1:${server.port + 1}`, 'localhost']) {
      const res = await call('/api/app.describe', { headers: { ...auth(), Host: host } });
      expect(res.status, host).toBe(421);
      expect(res.json.error.code).toBe('misdirected_request');
      expect((await call(`/?token=${server.token}`, { method: 'GET', headers: { Host: host } })).status).toBe(421);
    }
    expect((await call('/api/app.describe', { headers: { ...auth(), Host: `localhost:${server.port}` } })).status).toBe(200);
  });

  it('answers 400 with the invalid fields for bad params, and 400 for malformed JSON or UTF-8', async () => {
    const bad = await call('/api/terminal.write', json({ terminalId: 5 }));
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('bad_request');
    expect(bad.json.error.message).toContain('terminalId');
    expect(bad.json.error.details.fields.map((f: { path: string }) => f.path)).toEqual(expect.arrayContaining(['terminalId', 'data']));

    const strict = await call('/api/agent.start', json({ task: 'x', bogus: 1 }));
    expect(strict.status).toBe(400);

    for (const body of ['{not json', '{"a":', '[1,2']) {
      const res = await call('/api/app.describe', { headers: { ...auth(), 'Content-Type': 'application/json' }, body });
      expect(res.status, body).toBe(400);
      expect(res.json.error.message).toMatch(/Malformed JSON/);
    }
    const latin1 = await call('/api/app.describe', { headers: { ...auth(), 'Content-Type': 'application/json' }, body: Buffer.from([0x7b, 0xff, 0x7d]) });
    expect(latin1.status).toBe(400);
    expect(latin1.json.error.message).toContain('UTF-8');
  });

  it('answers 404 for an unknown command, an unknown id and a path that is no command', async () => {
    const unknown = await call('/api/nope.nothing', json({}));
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.code).toBe('unknown_command');

    const session = await call('/api/agent.get', json({ sessionId: '0b7e4a53-9d7c-4d8e-9a1b-2f3c4d5e6f70' }));
    expect(session.status).toBe(404);
    expect(session.json.error.code).toBe('not_found');

    const file = await call('/api/workspace.read', json({ path: 'missing.txt' }));
    expect(file.status).toBe(404);
    expect(file.json.error.code).toBe('not_found');

    for (const path of ['/api', '/api/', '/api/agent/start', '/api/%E0%A4%A']) {
      const res = await call(path, { headers: auth() });
      expect(res.status, path).toBe(404);
      expect(['not_found', 'unknown_command'], path).toContain(res.json.error.code);
    }
  });

  it('answers 409 when the state forbids it (writing to a terminal that has exited)', async () => {
    const created = await call('/api/terminal.create', json({ cols: 80, rows: 24 }));
    expect(created.status).toBe(200);
    const { terminalId } = created.json.result;
    const exited = new Promise<void>((resolve) => {
      const off = core.bus.on('terminal.onExit', (e) => {
        if (e.terminalId === terminalId) {
          off();
          resolve();
        }
      });
    });
    expect((await call('/api/terminal.write', json({ terminalId, data: 'exit 3\r' }))).status).toBe(200);
    await exited;
    const conflict = await call('/api/terminal.write', json({ terminalId, data: 'echo late\r' }));
    expect(conflict.status).toBe(409);
    expect(conflict.json.error).toMatchObject({ code: 'conflict' });
    expect(conflict.json.error.message).toContain('has exited');
  });

  it('answers 405 with Allow for other methods, and sends no CORS headers (a preflight fails)', async () => {
    const get = await call('/api/app.describe', { method: 'GET', headers: auth() });
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
    expect(get.json.error.code).toBe('method_not_allowed');
    const postEvents = await call('/api/events', { headers: auth() });
    expect(postEvents.status).toBe(405);
    expect(postEvents.headers.allow).toBe('GET');
    const deleteDoc = await call('/api/openapi.json', { method: 'DELETE' });
    expect(deleteDoc.status).toBe(405);
    expect(deleteDoc.headers.allow).toBe('GET, HEAD');

    const preflight = await call('/api/app.describe', {
      method: 'OPTIONS',
      headers: { Origin: server.origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization' },
    });
    expect(preflight.status).not.toBe(204);
    for (const res of [get, preflight, await call('/api/app.describe', { headers: auth() })]) {
      expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
      expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('answers 415 for a body that is not JSON by its content type', async () => {
    const cases: Record<string, string>[] = [
      { 'Content-Type': 'text/plain' },
      { 'Content-Type': 'application/x-www-form-urlencoded' },
      { 'Content-Type': 'multipart/form-data; boundary=x' },
      { 'Content-Type': 'application/json; charset=latin1' },
      {},
    ];
    for (const headers of cases) {
      const res = await call('/api/app.describe', { headers: { ...auth(), ...headers }, body: '{}' });
      expect(res.status, JSON.stringify(headers)).toBe(415);
      expect(res.json.error.code).toBe('unsupported_media_type');
      expect(res.json.error.message).toContain('application/json');
    }
  });

  it('answers 413 past 20 MB (declared or streamed), reads bodies below it, and keeps the connection usable', async () => {
    const big = Buffer.alloc(20 * 1024 * 1024 + 10, 0x20);
    const declared = await call('/api/app.describe', { headers: { ...auth(), 'Content-Type': 'application/json' }, body: big });
    expect(declared.status).toBe(413);
    expect(declared.json.error.code).toBe('payload_too_large');
    expect(declared.json.error.message).toContain('20 MB');

    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    const streamed = await call('/api/app.describe', {
      headers: { ...auth(), 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      chunks: Array.from({ length: 21 }, () => chunk),
    });
    expect(streamed.status).toBe(413);

    // The largest approval the contract takes (an edited file of 10M characters, ~10 MB) is read whole and
    // reaches the handler, which answers for the session (none runs here: 409).
    const approval = { sessionId: '0b7e4a53-9d7c-4d8e-9a1b-2f3c4d5e6f70', changeId: 'change-1', content: 'y'.repeat(10_000_000) };
    const large = await call('/api/agent.approve', json(approval));
    expect(large.status).toBe(409);
    expect(large.json.error.message).toContain('not running');
    expect((await call('/api/app.describe', { headers: auth() })).status).toBe(200);
  });

  it('is reachable by fetch, the way scripts call it', async () => {
    const res = await fetch(`${server.origin}/api/app.describe`, { method: 'POST', headers: auth() });
    expect(res.status).toBe(200);
    expect((await res.json()).result.version).toBe('9.9.9-test');
    const big = await fetch(`${server.origin}/api/app.describe`, {
      method: 'POST',
      headers: { ...auth(), 'Content-Type': 'application/json' },
      body: Buffer.alloc(21 * 1024 * 1024, 0x20),
    });
    expect(big.status).toBe(413);
  });
});

describe('HTTP API: statuses of every error code', () => {
  it('maps each code the router can answer to its status, and an unserialisable result to 500', async () => {
    const codes = { bad_request: 400, unknown_command: 404, not_found: 404, forbidden: 403, conflict: 409, unavailable: 503, internal: 500 } as const;
    const router: Router = {
      async handle(_name, raw) {
        const code = (raw as { code?: keyof typeof codes }).code;
        if (code) return { error: { code, message: `it is ${code}` } };
        return { result: { n: BigInt(1) } };
      },
    };
    const stub = await startServer({ core: { router, bus: createEventBus() }, staticDir, token: 'x'.repeat(43) });
    try {
      for (const [code, status] of Object.entries(codes)) {
        const res = await call('/api/app.describe', { port: stub.port, ...json({ code }, { Authorization: `Bearer ${'x'.repeat(43)}` }) });
        expect(res.status, code).toBe(status);
        expect(res.json).toEqual({ error: { code, message: `it is ${code}` } });
      }
      const unserialisable = await call('/api/app.describe', { port: stub.port, headers: { Authorization: `Bearer ${'x'.repeat(43)}` } });
      expect(unserialisable.status).toBe(500);
      expect(unserialisable.json.error.code).toBe('internal');
    } finally {
      await stub.close();
    }
  });
});

describe('headless', () => {
  it('serves the API and the WebSocket but no UI: GET / with the token says it is headless (404 JSON), without it 401', async () => {
    const headless = await startServer({ core, staticDir, headless: true });
    try {
      expect((await call('/', { method: 'GET', port: headless.port })).status).toBe(401);
      for (const path of [`/?token=${headless.token}`, `/index.html?token=${headless.token}`, `/assets/app.js?token=${headless.token}`]) {
        const res = await call(path, { method: 'GET', port: headless.port });
        expect(res.status, path).toBe(404);
        expect(res.headers['set-cookie']).toBeUndefined();
        expect(res.json.error.code).toBe('not_found');
        expect(res.json.error.message).toContain('headless');
        expect(res.text).not.toContain('<title>Akira</title>');
      }
      const api = await call('/api/app.describe', { port: headless.port, headers: { Authorization: `Bearer ${headless.token}` } });
      expect(api.status).toBe(200);
      const ws = await FrameClient.connect(`ws://127.0.0.1:${headless.port}/ws?token=${headless.token}`);
      expect((await ws.request('app.describe')).result.version).toBe('9.9.9-test');
      await ws.close();
      await waitFor(() => headless.clientCount() === 0, 'the WebSocket to close');
    } finally {
      await headless.close();
    }
  });
});
