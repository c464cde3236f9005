import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startAgentKit, type AgentKit } from '../../../../testing/agentKit';
import { reply } from '../../../../testing/openaiTestServer';
import { tempDir } from '../../../../testing/tempTree';

// Issue 26, "the default allow list is a way out": under the default policy (commands not auto-approved, no --yes),
// `ls`, `pwd`, `git diff` and `git show` are allowed only as they are written. A real session whose model tries the
// escapes gets a question for each (rejected here): nothing is written outside the workspace or into .git, and the
// outside file's content never reaches the model. Plain `git status` still runs without one.

let kit: AgentKit | null = null;
let outside: Awaited<ReturnType<typeof tempDir>> | null = null;
afterEach(async () => {
  await kit?.close();
  await outside?.cleanup();
  kit = null;
  outside = null;
});

describe('allow-listed commands stay inside the workspace', () => {
  it('asks before each escape; rejected, none of them writes or reads anything', async () => {
    outside = await tempDir('akira-outside-');
    const secret = 'sk-outside-secret-0123456789';
    await writeFile(join(outside.dir, 'secret.txt'), `${secret}\n`);
    kit = await startAgentKit({ files: { 'a.txt': 'a\n' }, gitRepo: true, settings: { agent: { mode: 'autonomous', policy: { autoApprove: { sandboxedCommand: false } } } } });
    await writeFile(join(kit.root, 'a.txt'), 'a\nb\n');
    const gitConfig = await readFile(join(kit.root, '.git', 'config'), 'utf8');
    const escapes = [
      `ls > ${outside.dir}/ls.txt`,
      `pwd >> ${outside.dir}/.bashrc`,
      `git diff --output=${outside.dir}/diff.txt`,
      `git diff --no-index --word-diff-regex=. /dev/null ${outside.dir}/secret.txt`,
      'git show -s --format=x --output=.git/config HEAD',
    ];
    kit.server.enqueue(
      reply.toolCall('todo_write', { todos: [{ id: 'a', description: 'look around', expectedResult: 'looked' }] }),
      ...escapes.map((command) => reply.toolCall('run_command', { command })),
      reply.toolCall('run_command', { command: 'git status --short' }),
      reply.toolCall('update_todo', { id: 'a', status: 'done', result: 'looked' }),
      reply.toolCall('verify_todo', { todoId: 'a', approved: true, feedback: 'ok', confidence: 0.9 }),
      reply.toolCall('verify_todo', { todoId: 'task', approved: true, feedback: 'ok', confidence: 0.9 }),
    );
    const { sessionId } = await kit.call('agent.start', { task: 'look around' });
    const asked: { command: string; destructive: boolean; allowPrefix?: string }[] = [];
    for (const command of escapes) {
      const approval = await kit.waitForEvent('approval_requested', (e) => e.command?.command === command);
      asked.push({ command, destructive: approval.command?.destructive === true, ...(approval.command?.allowPrefix ? { allowPrefix: approval.command.allowPrefix } : {}) });
      await kit.call('agent.reject', { sessionId, changeId: String(approval.changeId), reason: 'no' });
    }
    await kit.waitForEvent('session_completed');
    kit.server.assertDone();

    // every escape asked, none offered "Always allow"; the write into .git is destructive (batch runs refuse it)
    expect(asked.map((a) => a.allowPrefix)).toEqual(escapes.map(() => undefined));
    expect(asked.map((a) => a.destructive)).toEqual([false, false, false, false, true]);
    expect(kit.ofType('approval_requested')).toHaveLength(escapes.length);
    // nothing outside was written, .git/config is as it was, the secret never reached the model
    for (const name of ['ls.txt', '.bashrc', 'diff.txt']) expect(existsSync(join(outside.dir, name)), name).toBe(false);
    expect(await readFile(join(kit.root, '.git', 'config'), 'utf8')).toBe(gitConfig);
    expect(kit.server.chatRequests().some((r) => JSON.stringify(r.body).includes(secret))).toBe(false);
    // `git status --short` ran without a question and the model read its answer
    expect(kit.server.chatRequests().some((r) => JSON.stringify(r.body).includes(' M a.txt'))).toBe(true);
  });
});
