import { mkdir, mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../shared/errors';
import { createCore, type Core } from '../core/createCore';
import { FrameClient } from '../../testing/wsClient';
import { startServer, type RunningServer } from './httpServer';

/**
 * Issue 26, item 7: a request whose JSON nests deeper than MAX_JSON_DEPTH (common/jsonDepth.ts) is refused before it
 * is parsed, on the HTTP API and on the WebSocket, and the server goes on answering. The bodies are valid JSON
 * (JSON.parse alone would take seconds and hundreds of MB on them, then the router would refuse them anyway), so
 * only the words tell the refusal from before.
 */

let core: Core;
let server: RunningServer;
let base: string;

/** 10 MB of valid JSON: 5M arrays, one in the other. */
const DEEP = `${'['.repeat(5 * 1024 * 1024)}${']'.repeat(5 * 1024 * 1024)}`;
const WORDS = { key: 'input.nestedTooDeep', values: [64] };

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'akira-deep-json-')));
  await mkdir(join(base, 'project'));
  core = await createCore({ workspaceRoot: join(base, 'project'), dataDir: join(base, 'data'), face: 'test', version: '9.9.9-test', validateOutput: true });
  server = await startServer({ core, staticDir: join(base, 'no-ui') });
});

afterAll(async () => {
  await server?.close();
  await core?.dispose();
  await rm(base, { recursive: true, force: true });
});

async function post(command: string, body: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`http://127.0.0.1:${server.port}/api/${command}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' },
    body,
  });
  return { status: res.status, body: await res.json() };
}

describe('deeply nested JSON', { timeout: 60_000 }, () => {
  it('an HTTP API body of 10 MB of [[[[…]]]] is a 400 bad_request in words, and the server answers the next request', async () => {
    const deep = await post('workspace.info', DEEP);
    expect(deep.status).toBe(400);
    expect(deep.body.error).toEqual({ code: 'bad_request', message: "The request's JSON nests more than 64 levels deep; nothing was run", words: WORDS });
    expect(errorText(deep.body.error, 'zh-CN')).toBe('请求的 JSON 嵌套超过 64 层；没有执行任何操作');
    // Inside params, past strings holding brackets: the same.
    const inParams = await post('workspace.read', `{"path": "[[[[\\"{{{{", "x": ${'['.repeat(65)}${']'.repeat(65)}}`);
    expect(inParams.body.error.words).toEqual(WORDS);

    const fine = await post('workspace.info', '{}');
    expect(fine.status).toBe(200);
    expect(fine.body.result).toMatchObject({ root: expect.any(String) });
  });

  it('a WebSocket frame of 10 MB of [[[[…]]]] as params gets the error frame, and the connection goes on', async () => {
    const client = await FrameClient.connect(`ws://127.0.0.1:${server.port}/ws?token=${encodeURIComponent(server.token)}`, { origin: server.origin });
    try {
      const before = client.frames.length;
      client.sendRaw(`{"id": 1, "method": "app.info", "params": ${DEEP}}`);
      const answer = await client.nullAnswer(before);
      expect(answer.error).toEqual({ code: 'bad_request', message: "The request's JSON nests more than 64 levels deep; nothing was run", words: WORDS });

      const fine = await client.request('workspace.info', {});
      expect(fine.error).toBeUndefined();
      expect(fine.result).toMatchObject({ root: expect.any(String) });
    } finally {
      await client.close();
    }
  });
});
