import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, type RecordedRequest } from '../../../../testing/openaiTestServer';
import { startAgentKit, type AgentKit } from '../../../../testing/agentKit';
import { gitCli, initRepoWithCommit } from '../../../../testing/gitCli';
import { createCore } from '../../createCore';
import { ensureAkiraGitignore } from '../../../common/akiraGitignore';
import { waitFor } from '../../../../testing/waitFor';
import { TEST_SHELL } from '../../../../testing/ptyKit';
import { errorText, reasonIn } from '../../../../shared/errors';

// Worktree sessions through a real core, real git and the scripted model server: the session works in its
// own worktree on branch akira/<8>; the user's tree stays byte-exact until agent.merge; checkpoints and
// restores happen in the worktree; discard leaves nothing; a restart resumes the session in its worktree.

let kit: AgentKit | null = null;
afterEach(async () => {
  await kit?.close();
  kit = null;
});

const settings = (spec: Record<string, unknown> = {}) => ({ agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: true }, limits: { maxRetriesPerTodo: 0 } }, spec } });
const plan = (id: string) => reply.toolCall('todo_write', { todos: [{ id, description: `Do ${id}`, expectedResult: `${id} done` }] });
const verdict = (todoId: string, approved = true) => reply.toolCall('verify_todo', { todoId, approved, feedback: approved ? 'ok' : 'no', confidence: 0.9 });

/** The user's files (not .git, not Akira's bookkeeping) with their hashes, and git's view of the tree. */
async function userTree(root: string): Promise<string> {
  const out: string[] = [];
  async function walk(dir: string, rel: string): Promise<void> {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (r === '.git' || r === '.akira') continue;
      if (e.isDirectory()) await walk(join(dir, e.name), r);
      else out.push(`${r} ${createHash('sha256').update(await readFile(join(dir, e.name))).digest('hex')}`);
    }
  }
  await walk(root, '');
  return `${out.sort().join('\n')}\n--\n${gitCli(root, 'status', '--porcelain', '--untracked-files=all', '--', '.', ':!.akira')}${gitCli(root, 'rev-parse', 'HEAD')}`;
}

async function repoKit(files: Record<string, string>, extra: Record<string, unknown> = settings()): Promise<AgentKit> {
  // No .gitignore of the user's for .akira: Akira's own .akira/.gitignore (untracked) must not stop a merge.
  const k = await startAgentKit({ files, settings: extra });
  initRepoWithCommit(k.root);
  return k;
}

describe('worktree sessions', () => {
  it('work in their own worktree; the user\'s tree is untouched until merge; diff, merge, then discard', async () => {
    kit = await repoKit({ 'a.txt': 'one\n' });
    // The user has an uncommitted change: the session starts from it too.
    await import('node:fs/promises').then((fs) => fs.writeFile(join(kit!.root, 'a.txt'), 'one, edited\n'));
    gitCli(kit.root, 'add', 'a.txt');
    gitCli(kit.root, 'commit', '-q', '-m', 'edit a');
    // An earlier session left Akira's own .akira/.gitignore, untracked: it must not end up on the branch (the merge
    // would refuse to overwrite it).
    await mkdir(join(kit.root, '.akira'), { recursive: true });
    await ensureAkiraGitignore(join(kit.root, '.akira'));
    expect(await kit.call('agent.isolation', {})).toEqual({ worktree: { available: true, reason: null } });
    const before = await userTree(kit.root);
    kit.server.enqueue(
      plan('w'),
      (req: RecordedRequest) => {
        expect(JSON.stringify(req.body.messages)).toContain('Do w');
        return reply.toolCall('write_file', { path: 'b.txt', content: 'from the session\n' });
      },
      reply.toolCall('run_command', { command: 'pwd && cat a.txt' }),
      reply.toolCall('update_todo', { id: 'w', status: 'done' }),
      verdict('w'),
      verdict('task'),
    );
    const { sessionId } = await kit.call('agent.start', { task: 'Add b.txt', isolation: 'worktree' });
    await kit.waitForEvent('session_completed', (e) => e.sessionId === sessionId);
    kit.server.assertDone();
    expect(await userTree(kit.root)).toBe(before);

    const detail = await kit.call('agent.get', { sessionId });
    const branch = `akira/${sessionId.slice(0, 8)}`;
    expect(detail.worktree).toMatchObject({ branch, baseBranch: 'main', state: 'active', mergeCommit: null });
    const path = detail.worktree!.path;
    expect(path.startsWith(kit.dataDir)).toBe(true);
    // The command ran in the worktree; the work is committed on the branch with the task as message.
    const command = kit.ofType('command_finished')[0];
    expect(command.output).toContain(path);
    expect(command.output).toContain('one, edited');
    expect(gitCli(kit.root, 'show', `${branch}:b.txt`)).toBe('from the session\n');
    expect(gitCli(kit.root, 'log', '-1', '--format=%s', branch).trim()).toBe('Add b.txt');
    const diff = await kit.call('agent.worktreeDiff', { sessionId });
    expect(diff.files).toEqual([expect.objectContaining({ path: 'b.txt', status: 'added', after: 'from the session\n' })]);
    expect((await kit.call('agent.list', {})).sessions[0].worktree?.state).toBe('active');

    const merged = await kit.call('agent.merge', { sessionId });
    expect(merged).toMatchObject({ merged: true, alreadyMerged: false, conflicts: [] });
    expect(await readFile(join(kit.root, 'b.txt'), 'utf8')).toBe('from the session\n');
    expect(gitCli(kit.root, 'rev-parse', 'HEAD').trim()).toBe(merged.commit);
    expect((await kit.call('agent.list', {})).sessions[0].worktree).toMatchObject({ state: 'merged', mergeCommit: merged.commit });
    expect(await readFile(join(kit.root, '.akira', 'sessions', sessionId, 'history.md'), 'utf8')).toContain('**Merged** into `main`');

    // A shell in the worktree (the Terminal panel's), before it goes.
    let output = '';
    const off = kit.core.bus.on('terminal.onData', (d) => (output += d.data));
    const term = await kit.call('agent.openTerminal', { sessionId });
    expect(term.title).toBe(branch);
    await kit.call('terminal.write', { terminalId: term.terminalId, data: 'pwd\r' });
    await waitFor(() => output.includes(path), 'the shell to print the worktree path');
    off();
    await kit.call('terminal.kill', { terminalId: term.terminalId });

    await kit.call('agent.discard', { sessionId });
    expect(existsSync(path)).toBe(false);
    expect(gitCli(kit.root, 'branch', '--list', 'akira/*').trim()).toBe('');
    expect((await kit.call('agent.get', { sessionId })).worktree?.state).toBe('discarded');
    expect((await kit.fail('agent.merge', { sessionId })).code).toBe('conflict');
  });

  it('a spec session in a worktree: its checkpoints and its rollback touch only the worktree (the user\'s tree byte-exact)', async () => {
    const tasks = '- [ ] 1. Write `x.txt`\n- [ ] 2. Write `y.txt`\n';
    kit = await repoKit({ 'tasks.md': tasks, 'keep.txt': 'keep\n' }, settings({ onFailure: 'rollback' }));
    const before = await userTree(kit.root);
    kit.server.enqueue(
      reply.toolCall('write_file', { path: 'x.txt', content: 'x\n' }),
      reply.toolCall('delete_file', { path: 'keep.txt' }),
      reply.toolCall('update_todo', { id: '1', status: 'done' }),
      verdict('1', false),
      reply.toolCall('write_file', { path: 'y.txt', content: 'y\n' }),
      reply.toolCall('update_todo', { id: '2', status: 'done' }),
      verdict('2'),
    );
    const { sessionId } = await kit.call('specs.run', { tasksPath: 'tasks.md', isolation: 'worktree' });
    await kit.waitForEvent('session_failed', (e) => e.sessionId === sessionId);
    kit.server.assertDone();
    expect(kit.ofType('checkpoint_taken').length).toBeGreaterThan(3);
    expect(kit.ofType('rollback')[0].files.sort()).toEqual(['keep.txt', 'x.txt']);
    expect(await userTree(kit.root)).toBe(before);
    const path = (await kit.call('agent.get', { sessionId })).worktree!.path;
    expect(await readFile(join(path, 'keep.txt'), 'utf8')).toBe('keep\n');
    expect(existsSync(join(path, 'x.txt'))).toBe(false);
    expect(await readFile(join(path, 'tasks.md'), 'utf8')).toBe(tasks.replace('- [ ] 2.', '- [x] 2.'));
  });

  it('runs beside a shared session without asking; a folder that is not a git repository says why', async () => {
    kit = await repoKit({ 'a.txt': 'a\n' });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    kit.server.enqueue(async () => {
      await gate;
      return plan('s');
    });
    await kit.call('agent.start', { task: 'shared one' });
    const { sessionId } = await kit.call('agent.start', { task: 'isolated one', isolation: 'worktree' });
    expect((await kit.call('agent.get', { sessionId })).status).not.toBe('queued');
    await kit.call('agent.stop', { sessionId });
    release();
    await kit.close();

    kit = await startAgentKit({ files: { 'a.txt': 'a\n' }, settings: settings() });
    const why = await kit.call('agent.isolation', {});
    expect(why.worktree.available).toBe(false);
    expect(why.worktree.reason).toMatch(/not a git repository/i);
    // Issue 14: the reason in words too, which the UI and the CLI say in their language.
    expect(why.worktree.reasonWords).toEqual({ key: 'spec.notARepo', values: [] });
    expect(reasonIn(why.worktree.reason, why.worktree.reasonWords, 'zh-CN')).toBe('工作区不是 Git 仓库：工作树隔离需要一个仓库（git init 并做第一次提交）。');
    const refused = await kit.fail('agent.start', { task: 'x', isolation: 'worktree' });
    expect(refused.code).toBe('bad_request');
    expect(refused.message).toMatch(/not a git repository/i);
    // Issue 14: git's refusal is said in the language, the frame and the reason both.
    expect(refused.words).toEqual({ key: 'session.noWorktreeHere', values: ['notARepo', ''] });
    expect(errorText(refused, 'zh-CN')).toBe('这个会话不能在工作树中运行：工作区不是 Git 仓库：工作树隔离需要一个仓库（git init 并做第一次提交）。');
  });

  it('after Akira closed mid-session, the session shows as interrupted and resumes in its worktree', async () => {
    kit = await repoKit({ 'a.txt': 'a\n' });
    kit.server.enqueue(plan('r'), reply.toolCall('write_file', { path: 'one.txt', content: '1\n' }), reply.hang());
    const { sessionId } = await kit.call('agent.start', { task: 'two files', isolation: 'worktree' });
    await kit.waitForEvent('change_applied', (e) => e.sessionId === sessionId);
    // The third call (after the write) hangs: Akira closes while it waits for the model.
    await waitFor(() => kit!.server.chatRequests().length === 3, 'the third model call');
    await kit.core.dispose();
    const core = await createCore({
      workspaceRoot: kit.root,
      dataDir: kit.dataDir,
      face: 'test',
      version: '0.0.0-test',
      validateOutput: true,
      watch: false,
      ...(TEST_SHELL ? { shell: TEST_SHELL } : {}),
      agent: { env: { OPENAI_BASE_URL: kit.server.baseURL, AKIRA_MODEL: 'test-model' }, sleep: async () => {} },
    });
    try {
      const call = async (name: 'agent.get' | 'agent.resume', params: { sessionId: string }) => {
        const answer = await core.router.handle(name, params, { face: 'test' });
        if ('error' in answer) throw new Error(answer.error.message);
        return answer.result as { status: string; worktree?: { path: string } };
      };
      expect((await call('agent.get', { sessionId })).status).toBe('interrupted');
      kit.server.enqueue(
        reply.toolCall('write_file', { path: 'two.txt', content: '2\n' }),
        reply.toolCall('update_todo', { id: 'r', status: 'done' }),
        verdict('r'),
        verdict('task'),
      );
      await call('agent.resume', { sessionId });
      const done = await waitFor(async () => {
        const d = await call('agent.get', { sessionId });
        return d.status === 'completed' ? d : null;
      }, 'the resumed session to complete');
      expect(await readFile(join(done.worktree!.path, 'two.txt'), 'utf8')).toBe('2\n');
      expect(existsSync(join(kit.root, 'one.txt')) || existsSync(join(kit.root, 'two.txt'))).toBe(false);
    } finally {
      await core.dispose();
    }
  });
});
