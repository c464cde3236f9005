import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../shared/errors';
import { createCore, type Core } from '../core/createCore';
import { FrameClient } from '../../testing/wsClient';
import { startServer, type RunningServer } from './httpServer';

/** Issue 14: an error answer carries the words of its message through the real WebSocket and HTTP faces. */

let core: Core;
let server: RunningServer;
let base: string;

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'akira-error-words-')));
  const workspace = join(base, 'project');
  await mkdir(workspace);
  await writeFile(join(workspace, 'hello.txt'), 'hi\n');
  core = await createCore({ workspaceRoot: workspace, dataDir: join(base, 'data'), face: 'test', version: '9.9.9-test', validateOutput: true });
  server = await startServer({ core, staticDir: join(base, 'no-ui') });
});

afterAll(async () => {
  await server?.close();
  await core?.dispose();
  await rm(base, { recursive: true, force: true });
});

const wsUrl = () => `ws://127.0.0.1:${server.port}/ws?token=${encodeURIComponent(server.token)}`;

async function api(command: string, params: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`http://127.0.0.1:${server.port}/api/${command}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(params),
  });
  return { status: res.status, body: await res.json() };
}

describe('error words on the faces', () => {
  it('a WebSocket error frame carries words next to the English message', async () => {
    const client = await FrameClient.connect(wsUrl(), { origin: server.origin });
    try {
      const missing = await client.request('workspace.read', { path: 'nowhere/gone.txt' });
      expect(missing.error).toEqual({
        code: 'not_found',
        message: 'No such file or folder: nowhere/gone.txt',
        words: { key: 'file.notFound', values: ['nowhere/gone.txt'] },
      });
      expect(errorText(missing.error, 'zh-CN')).toBe('没有这个文件或文件夹：nowhere/gone.txt');

      const outside = await client.request('workspace.read', { path: '../secret.txt' });
      expect(outside.error).toMatchObject({ code: 'forbidden', words: { key: 'file.outsideWorkspace', values: ['../secret.txt'] } });

      const bad = await client.request('workspace.read', { path: 42 });
      expect(bad.error.code).toBe('bad_request');
      expect(bad.error.message).toContain('path');
      expect(bad.error.words).toEqual({ key: 'input.wrongType', values: ['path', 'string', 0] });
      expect(errorText(bad.error, 'zh-CN')).toBe('path 应为文本');
    } finally {
      await client.close();
    }
  });

  it('an HTTP API error answer carries the same words', async () => {
    const missing = await api('workspace.read', { path: 'nowhere/gone.txt' });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toEqual({
      code: 'not_found',
      message: 'No such file or folder: nowhere/gone.txt',
      words: { key: 'file.notFound', values: ['nowhere/gone.txt'] },
    });
    // A contract rule (a checkpoint id's characters): meaningful English in the message, the same in words.
    const badId = await api('checkpoints.show', { checkpointId: 'no/such id' });
    expect(badId.status).toBe(400);
    expect(badId.body.error).toMatchObject({
      code: 'bad_request',
      message: 'Invalid params for checkpoints.show: checkpointId may hold only letters, digits, - and _',
      words: { key: 'input.idCharacters', values: ['checkpointId', 0] },
    });
    expect(errorText(badId.body.error, 'zh-CN')).toBe('checkpointId 只能包含字母、数字、- 和 _');
  });
});
