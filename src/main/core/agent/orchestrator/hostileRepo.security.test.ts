import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reply } from '../../../../testing/openaiTestServer';
import { startAgentKit, type AgentKit } from '../../../../testing/agentKit';
import { gitCli, initRepoWithCommit } from '../../../../testing/gitCli';
import { armRepo } from '../../../../testing/hostileRepo';
import { waitFor } from '../../../../testing/waitFor';

// Issue 26, first part, item 1: whole agent sessions (their start, the git state in the first prompt, @diff,
// checkpoints, a worktree session and its merge) in a repository whose own configuration names programs run none
// of them. The probe log lives beside the data folder, outside the workspace.

let kit: AgentKit | null = null;
afterEach(async () => {
  await kit?.close();
  kit = null;
});

const settings = { agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: true }, limits: { maxRetriesPerTodo: 0 } } } };
const plan = (id: string) => reply.toolCall('todo_write', { todos: [{ id, description: `Do ${id}`, expectedResult: `${id} done` }] });
const verdict = (todoId: string) => reply.toolCall('verify_todo', { todoId, approved: true, feedback: 'ok', confidence: 0.9 });

function script(k: AgentKit, file: string): void {
  k.server.enqueue(
    plan('w'),
    reply.toolCall('write_file', { path: file, content: 'from the session\n' }),
    reply.toolCall('update_todo', { id: 'w', status: 'done' }),
    verdict('w'),
    verdict('task'),
  );
}

describe('agent sessions in a repository that names programs', { timeout: 90_000 }, () => {
  it('a session in the tree and a worktree session with its merge run none of them', async () => {
    kit = await startAgentKit({ files: { 'a.txt': 'one\ntwo\n' }, settings });
    initRepoWithCommit(kit.root);
    const repo = await armRepo(kit.root, join(kit.dataDir, '..', `${kit.dataDir.split('/').pop()}-probe`));
    // An uncommitted change of the same size: git must read it (through the clean filter) to see it.
    await writeFile(join(kit.root, 'a.txt'), 'ONE\ntwo\n');

    script(kit, 'b.txt');
    const first = await kit.call('agent.start', { task: 'Add b.txt, see @diff' });
    await kit.waitForEvent('session_completed', (e) => e.sessionId === first.sessionId);
    // The first prompt carried the git state and @diff: git ran, its programs did not.
    expect(JSON.stringify(kit.server.requests[0].body.messages)).toContain('ONE');
    expect(await repo.ran()).toEqual([]);

    // The person commits their work with their own git (which runs the programs), then starts a worktree session.
    gitCli(kit.root, 'add', '-A');
    gitCli(kit.root, 'commit', '-qm', 'the person commits');
    await repo.reset();

    script(kit, 'c.txt');
    const second = await kit.call('agent.start', { task: 'Add c.txt', isolation: 'worktree' });
    await kit.waitForEvent('session_completed', (e) => e.sessionId === second.sessionId);
    // The session counts as running until its loop has let go (just after its last event).
    let merged: unknown = null;
    await waitFor(async () => {
      const answer = await kit!.core.router.handle('agent.merge', { sessionId: second.sessionId }, { face: 'test' });
      if ('result' in answer) merged = answer.result;
      return merged !== null;
    }, 'the merge to be taken');
    expect(merged).toMatchObject({ merged: true });
    kit.server.assertDone();
    expect(await repo.ran()).toEqual([]);
  });
});
