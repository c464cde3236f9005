import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAgentKit, type AgentKit } from '../../testing/agentKit';
import { reply } from '../../testing/openaiTestServer';
import { noGitPath } from '../../testing/noGitPath';
import { wordsText } from '../../shared/errors';

// A core on a machine without git (issue 25): the folder opens, git and checkpoints answer a known state, the agent
// runs a session to completion without checkpoints and says so once. process.env.PATH is this test file's own.

let path: { dir: string; cleanup: () => Promise<void> };
let kit: AgentKit;
const savedPath = process.env.PATH;
beforeAll(async () => {
  path = await noGitPath();
  process.env.PATH = path.dir;
  kit = await startAgentKit({ files: { 'a.txt': 'alpha\n' }, settings: { agent: { mode: 'autonomous' } }, moreEnv: { PATH: path.dir } });
});
afterAll(async () => {
  await kit?.close();
  process.env.PATH = savedPath;
  await path.cleanup();
});

describe('createCore without git', () => {
  it('git.status says git is not installed; git actions and worktrees say how to install it', async () => {
    expect(await kit.call('git.status', {})).toEqual({ isRepo: false, branch: null, ahead: 0, behind: 0, files: [], gitMissing: true });
    const commit = await kit.fail('git.commit', { message: 'x', amend: false });
    expect(commit).toMatchObject({ code: 'unavailable', words: { key: 'git.notInstalled' } });
    expect(commit.message).toContain('https://git-scm.com/downloads');
    const isolation = await kit.call('agent.isolation', {});
    expect(isolation.worktree).toMatchObject({ available: false, reasonWords: { key: 'spec.gitNotInstalled', values: [] } });
    expect(wordsText(isolation.worktree.reasonWords!, 'zh-CN')).toContain('没有安装 Git');
  });

  it('checkpoints are off: the list says why, an operation is refused as unavailable', async () => {
    expect(await kit.call('checkpoints.list', {})).toEqual({ checkpoints: [], total: 0, offWords: { key: 'checkpoint.needGit', values: [] } });
    expect(await kit.fail('checkpoints.create', {})).toMatchObject({ code: 'unavailable', words: { key: 'checkpoint.needGit' } });
    expect(await kit.fail('checkpoints.usage', {})).toMatchObject({ code: 'unavailable' });
  });

  it('a session completes without checkpoints and warns once that they are off', async () => {
    kit.server.enqueue(
      reply.toolCall('todo_write', { todos: [{ id: 't1', description: 'Write b.txt', expectedResult: 'b.txt holds beta' }] }),
      reply.toolCall('write_file', { path: 'b.txt', content: 'beta\n' }),
      reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'wrote b.txt' }),
      reply.toolCall('verify_todo', { todoId: 't1', approved: true, feedback: 'ok', confidence: 0.9 }),
      reply.toolCall('verify_todo', { todoId: 'task', approved: true, feedback: 'done', confidence: 0.9 }),
    );
    const { sessionId } = await kit.call('agent.start', { task: 'Write b.txt' });
    await kit.waitForEvent('session_completed', (e) => e.sessionId === sessionId);
    const warnings = kit.ofType('warning');
    expect(warnings.map((w) => w.messageWords?.key)).toEqual(['checkpoint.needGit']);
    expect(kit.ofType('checkpoint_taken')).toEqual([]);
  });
});
