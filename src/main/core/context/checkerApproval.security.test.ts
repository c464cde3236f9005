import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { errorText } from '../../../shared/errors';
import { startAgentKit, type AgentKit } from '../../../testing/agentKit';
import { reply, type RecordedRequest } from '../../../testing/openaiTestServer';

// Issue 26, item 4: a diagnostics checker the workspace's settings name is any program a cloned repository chose.
// `@problems` and `context.diagnostics` ran it unasked. Now it runs only once approved for this workspace and its exact
// command line (context.approveChecker), and a changed command line needs approving again. The checker is a real node
// program that records each run in a marker file; @problems goes through a real session against the scripted model.

let kit: AgentKit | null = null;
afterEach(async () => {
  await kit?.close();
  kit = null;
});

const check = "require('fs').appendFileSync('marks.txt', 'ran\\n'); console.log('src/a.ts:1:1: error: CHECKER SAYS HI');\n";
const settingsWith = (command: string) => JSON.stringify({ diagnostics: { checkers: [{ id: 'lint', command, format: 'gcc' }] } });
const files = { 'src/a.ts': 'export const a = 1;\n', 'check.js': check, '.akira/settings.json': settingsWith('node check.js') };
const settings = { agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: true } } } };

const userText = (r: RecordedRequest) =>
  (r.body.messages as { role: string; content: string | { text?: string }[] }[])
    .filter((m) => m.role === 'user')
    .map((m) => (typeof m.content === 'string' ? m.content : m.content.map((p) => p.text ?? '').join('')))
    .join('\n');

/** A session whose task mentions @problems; answers what its first model call was told. */
async function problemsSeenBySession(k: AgentKit): Promise<string> {
  let seen = '';
  k.server.enqueue(
    (req) => {
      seen = userText(req);
      return reply.toolCall('todo_write', { todos: [{ id: 'a', description: 'look', expectedResult: 'looked' }] });
    },
    reply.toolCall('update_todo', { id: 'a', status: 'done', result: 'looked' }),
    reply.toolCall('verify_todo', { todoId: 'a', approved: true, feedback: 'ok', confidence: 0.9 }),
    reply.toolCall('verify_todo', { todoId: 'task', approved: true, feedback: 'ok', confidence: 0.9 }),
  );
  const { sessionId } = await k.call('agent.start', { task: 'Look at @problems' });
  await k.waitForEvent('session_completed', (e) => e.sessionId === sessionId);
  k.server.assertDone();
  return seen;
}

describe("a workspace's own diagnostics checker (issue 26)", () => {
  it('runs through neither @problems nor context.diagnostics until approved, then through both, and not after its command line changes', async () => {
    kit = await startAgentKit({ settings, files });
    const runs = () => (existsSync(join(kit!.root, 'marks.txt')) ? readFileSync(join(kit!.root, 'marks.txt'), 'utf8').split('\n').filter(Boolean).length : 0);

    const [listed] = (await kit.call('context.checkers', {})).checkers;
    expect(listed).toMatchObject({ id: 'lint', command: 'node check.js', origin: 'workspace', needsApproval: true, approved: false });

    // Before approval: skipped, saying it awaits approval (in words), and never run.
    const before = await kit.call('context.diagnostics', {});
    expect(before.diagnostics).toEqual([]);
    expect(before.checkers).toMatchObject([{ id: 'lint', status: 'skipped', reasonWords: { key: 'context.checkerAwaitsApproval', values: ['lint', 'node check.js'] } }]);
    expect(before.checkers[0].reason).toMatch(/awaits your approval/);
    expect(errorText({ message: '', words: before.checkers[0].reasonWords }, 'zh-CN')).toMatch(/等待你的批准/);
    const told = await problemsSeenBySession(kit);
    expect(told).toMatch(/lint: skipped: not run: lint runs `node check.js`, a program this workspace chose; it awaits your approval/);
    expect(told).not.toContain('CHECKER SAYS HI');
    expect(runs()).toBe(0);

    // Approved for this workspace and this command: both run it.
    await kit.call('context.approveChecker', { id: 'lint', fingerprint: listed.fingerprint });
    expect((await kit.call('context.checkers', {})).checkers[0]).toMatchObject({ id: 'lint', approved: true });
    const after = await kit.call('context.diagnostics', {});
    expect(after.checkers).toMatchObject([{ id: 'lint', status: 'ok', count: 1 }]);
    expect(runs()).toBe(1);
    expect(await problemsSeenBySession(kit)).toContain('CHECKER SAYS HI');
    expect(runs()).toBe(2);

    // The project changes the command line: not run, awaiting approval again; the old fingerprint is refused.
    await writeFile(join(kit.root, '.akira/settings.json'), settingsWith('node check.js --changed'));
    const [changed] = (await kit.call('context.checkers', {})).checkers;
    expect(changed).toMatchObject({ id: 'lint', command: 'node check.js --changed', approved: false });
    expect(changed.fingerprint).not.toBe(listed.fingerprint);
    expect((await kit.call('context.diagnostics', {})).checkers).toMatchObject([{ id: 'lint', status: 'skipped', reasonWords: { key: 'context.checkerAwaitsApproval' } }]);
    expect(await problemsSeenBySession(kit)).not.toContain('CHECKER SAYS HI');
    expect((await kit.fail('context.approveChecker', { id: 'lint', fingerprint: listed.fingerprint })).code).toBe('conflict');
    expect(runs()).toBe(2);
  });

  it("needs no approval for the person's own global checker, and refuses to approve one that needs none", async () => {
    kit = await startAgentKit({
      settings: { ...settings, diagnostics: { checkers: [{ id: 'mine', command: `${process.execPath} -e "console.log('src/a.ts:1:1: warning: MINE')"`, format: 'gcc' }] } },
      files: { 'src/a.ts': 'export const a = 1;\n' },
    });
    const [mine] = (await kit.call('context.checkers', {})).checkers;
    expect(mine).toMatchObject({ id: 'mine', origin: 'global', needsApproval: false, approved: true });
    expect((await kit.call('context.diagnostics', {})).checkers).toMatchObject([{ id: 'mine', status: 'ok', count: 1 }]);
    expect((await kit.fail('context.approveChecker', { id: 'mine', fingerprint: mine.fingerprint })).code).toBe('bad_request');
    expect((await kit.fail('context.approveChecker', { id: 'nope', fingerprint: 'x' })).code).toBe('not_found');
  });
});
