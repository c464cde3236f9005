import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reply } from '../../testing/openaiTestServer';
import { useAkiraRunKit } from '../../testing/akiraRunKit';
import { execBuilt, runBuilt } from '../../testing/builtCli';
import { noGitPath } from '../../testing/noGitPath';
import { waitFor } from '../../testing/waitFor';

// The built `akira run` and `akira serve` on a machine without git (issue 25): PATH holds node, a shell and env only.
// Before, both exited at start with "Cannot run git: spawn git ENOENT".

const kit = useAkiraRunKit();
let path: { dir: string; cleanup: () => Promise<void> };
beforeAll(async () => {
  path = await noGitPath();
});
afterAll(async () => {
  await path.cleanup();
});

const SERVING = /^Akira is serving (.+) at (http:\/\/127\.0\.0\.1:\d+)\/\?token=([A-Za-z0-9_-]+)$/m;
const autonomous = { agent: { mode: 'autonomous' } };

describe('without git on the PATH (built)', () => {
  it('akira run: a workspace that is not a repository, the session completes; checkpoints are off, said once', async () => {
    const ws = await kit.workspace({ 'README.md': '# demo\n' }, autonomous);
    kit.server.enqueue(
      reply.toolCall('todo_write', { todos: [{ id: 't1', description: 'Write hello.js and run it', expectedResult: 'node hello.js prints hello' }] }),
      reply.message({
        toolCalls: [
          { name: 'write_file', arguments: { path: 'hello.js', content: "console.log('hel' + 'lo');\n" } },
          { name: 'run_command', arguments: { command: 'node hello.js' } },
        ],
      }),
      (req) => {
        expect(JSON.stringify(req.body.messages)).toContain('hello');
        return reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'prints hello' });
      },
      reply.toolCall('verify_todo', { todoId: 't1', approved: true, feedback: 'ok', confidence: 0.9 }),
      reply.toolCall('verify_todo', { todoId: 'task', approved: true, feedback: 'done', confidence: 0.9 }),
    );
    const run = kit.akiraRun(ws, ['--task', 'Write hello.js', '--yes', '--json'], { PATH: path.dir });
    expect(await kit.finished(run), run.stderr()).toBe(0);
    expect(run.stderr()).not.toContain('Cannot run git');
    expect(existsSync(join(ws.root, '.git'))).toBe(false);
    expect(await readFile(join(ws.root, 'hello.js'), 'utf8')).toContain('hel');
    const events = run.events();
    expect(events.at(-1)?.type).toBe('session_completed');
    expect(events.some((e) => e.type === 'command_finished' && e.exitCode === 0)).toBe(true);
    const warnings = events.filter((e) => e.type === 'warning');
    expect(warnings.map((w) => w.messageWords?.key)).toEqual(['checkpoint.needGit']);
    expect(warnings[0].message).toMatch(/^Checkpoints are off: .*git.*not installed/);
    expect(events.some((e) => e.type === 'checkpoint_taken')).toBe(false);
    expect(await readdir(join(ws.root, '.akira/sessions'))).toHaveLength(1);
  });

  it('akira serve starts and answers: git.status says git is not installed, checkpoints say why they are off', async () => {
    const ws = await kit.workspace({ 'a.txt': 'alpha\n' });
    const serve = runBuilt('akira.cjs', ['serve', ws.root, '--port', '0'], { cwd: ws.root, env: { AKIRA_DATA_DIR: ws.dataDir, PATH: path.dir } });
    kit.children.push(serve.child);
    const match = await waitFor(() => SERVING.exec(serve.stdout()), `the serving line (stderr: ${serve.stderr()})`, 15_000);
    const [, , base, token] = match;
    const api = async (name: string, params: object = {}) => {
      const res = await fetch(`${base}/api/${name}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(params) });
      return (await res.json()) as { result?: any; error?: any };
    };
    expect((await api('app.describe')).result.commands).toContain('git.status');
    expect((await api('git.status')).result).toEqual({ isRepo: false, branch: null, ahead: 0, behind: 0, files: [], gitMissing: true });
    expect((await api('checkpoints.list')).result).toEqual({ checkpoints: [], total: 0, offWords: { key: 'checkpoint.needGit', values: [] } });
    const create = await api('checkpoints.create', {});
    expect(create.error).toMatchObject({ code: 'unavailable', words: { key: 'checkpoint.needGit' } });
    expect((await api('agent.isolation')).result.worktree).toMatchObject({ available: false, reasonWords: { key: 'spec.gitNotInstalled' } });
    expect((await api('git.commit', { message: 'x' })).error).toMatchObject({ code: 'unavailable', words: { key: 'git.notInstalled' } });
    // The rest works: the file tree, reading, the terminal.
    expect((await api('workspace.read', { path: 'a.txt' })).result.content).toBe('alpha\n');
    expect((await api('terminal.create', {})).result.terminalId).toEqual(expect.any(String));
    expect(serve.stderr()).not.toContain('Cannot run git');
  });

  it('akira checkpoints list says why there are none; create refuses with the same words (exit 1)', async () => {
    const ws = await kit.workspace({ 'a.txt': 'alpha\n' });
    const env = { AKIRA_DATA_DIR: ws.dataDir, PATH: path.dir };
    const list = await execBuilt('akira.cjs', ['checkpoints', 'list', '--workspace', ws.root], { cwd: ws.root, env });
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/^Checkpoints are off: .*not installed.*git-scm\.com/);
    const create = await execBuilt('akira.cjs', ['checkpoints', 'create', '--workspace', ws.root], { cwd: ws.root, env });
    expect(create.code).toBe(1);
    expect(create.stderr).toMatch(/Checkpoints are off: /);
  });
});

