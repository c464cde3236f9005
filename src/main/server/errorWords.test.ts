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

  it('a broken settings file, an invalid policy and a git refusal reach the client in words that say the Chinese', async () => {
    const akira = join(base, 'project', '.akira');
    await mkdir(akira, { recursive: true });
    const client = await FrameClient.connect(wsUrl(), { origin: server.origin });
    try {
      await writeFile(join(akira, 'settings.json'), '{"model": ');
      const broken = await client.request('settings.update', { scope: 'workspace', model: { model: 'llama3' } });
      expect(broken.error).toMatchObject({
        code: 'conflict',
        message: expect.stringMatching(/^\.akira\/settings\.json is not valid JSON: .+\. Fix or remove \.akira\/settings\.json, then save again\.$/),
        words: { key: 'settings.fileBrokenNotSaved', values: ['notJson', 'workspace', '.akira/settings.json', expect.any(String)] },
      });
      expect(errorText(broken.error, 'zh-CN')).toMatch(/^\.akira\/settings\.json 不是有效的 JSON：.+。请修复或删除 \.akira\/settings\.json，然后再保存。$/);

      await writeFile(join(akira, 'settings.json'), JSON.stringify({ agent: { policy: { limits: { maxLoops: 3 }, requirePlanApproval: 'yes' } } }));
      const policy = await client.request('agent.start', { task: 'x' });
      expect(policy.error.code).toBe('bad_request');
      expect(policy.error.message).toMatch(/^\.akira\/settings\.json: agent\.policy\.limits\.maxLoops: not a policy setting \(known: .*\); agent\.policy\.requirePlanApproval must be true or false/);
      expect(errorText(policy.error, 'zh-CN')).toBe('.akira/settings.json 中有 2 个无效字段：agent.policy.limits.maxLoops, agent.policy.requirePlanApproval');
      // Each field is said in the language too (the settings view and the CLI show them).
      expect(policy.error.details.fields.map((f: { words: unknown; message: string }) => errorText(f, 'zh-CN'))).toEqual([
        'agent.policy.limits.maxLoops：不是策略设置（可用的设置：maxToolLoopsPerTodo, maxRetriesPerTodo, maxFileModificationsPerSession, maxTasksPerSession, maxConcurrentTasks）',
        'agent.policy.requirePlanApproval 必须是 true 或 false（当前为 "yes"）',
      ]);
      // The policy's words say each field's message: their English is it.
      for (const f of policy.error.details.fields) expect(errorText(f, 'en')).toBe(f.message);
      expect(policy.error.details.fields[1]).toMatchObject({ message: 'agent.policy.requirePlanApproval must be true or false (got "yes")', words: { key: 'settings.policyFlag' } });

      // A model is set (never called): the worktree is refused before the session starts.
      await writeFile(join(akira, 'settings.json'), JSON.stringify({ model: { baseURL: 'http://127.0.0.1:9/v1', model: 'm' } }));
      const worktree = await client.request('agent.start', { task: 'x', isolation: 'worktree' });
      expect(worktree.error).toMatchObject({ code: 'bad_request', words: { key: 'session.noWorktreeHere', values: ['notARepo', ''] } });
      expect(errorText(worktree.error, 'zh-CN')).toBe('这个会话不能在工作树中运行：工作区不是 Git 仓库：工作树隔离需要一个仓库（git init 并做第一次提交）。');
    } finally {
      await rm(join(akira, 'settings.json'), { force: true });
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
