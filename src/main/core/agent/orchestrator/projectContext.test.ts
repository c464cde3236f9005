import { afterEach, describe, expect, it } from 'vitest';
import { startAgentKit, type AgentKit } from '../../../../testing/agentKit';
import { initRepoWithCommit } from '../../../../testing/gitCli';
import { reply, type RecordedRequest } from '../../../../testing/openaiTestServer';
import { waitFor } from '../../../../testing/waitFor';

// Issue 11 through a real session against the scripted OpenAI-compatible server: the rules files, what the
// task's @-mentions attached and the git state reach the first call; a nested AGENTS.md joins when the TODO
// edits under it; images go to vision models only (and survive a resume); a message's mentions and images
// come with it; a model's contextWindow, maxTokens and temperature shape every request.

let kit: AgentKit | null = null;
afterEach(async () => {
  await kit?.close();
  kit = null;
});

type Msg = { role: string; content: string | { type: string; text?: string; image_url?: { url: string } }[] };
const messagesOf = (r: RecordedRequest) => r.body.messages as Msg[];
const systemOf = (r: RecordedRequest) => String(messagesOf(r)[0].content);
const userText = (r: RecordedRequest) =>
  messagesOf(r)
    .filter((m) => m.role === 'user')
    .map((m) => (typeof m.content === 'string' ? m.content : m.content.map((p) => p.text ?? '').join('')))
    .join('\n');
const imagesIn = (r: RecordedRequest) => messagesOf(r).flatMap((m) => (typeof m.content === 'string' ? [] : m.content.filter((p) => p.type === 'image_url').map((p) => p.image_url!.url)));
const plan = (todos: { id: string; description: string; expectedResult: string }[]) => reply.toolCall('todo_write', { todos });
const verdict = (todoId: string) => reply.toolCall('verify_todo', { todoId, approved: true, feedback: 'ok', confidence: 0.9 });
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const settings = { agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: true } } } };

describe('project context in a session', () => {
  it('sends the rules, the mentioned file and the git state in the first call; a nested AGENTS.md joins when its folder is edited', async () => {
    kit = await startAgentKit({
      settings,
      files: {
        'AGENTS.md': 'ROOT RULE: use tabs.',
        'CLAUDE.md': 'CLAUDE RULE: small commits.',
        'src/util.ts': 'export const MAGIC = 42;\n',
        'packages/api/AGENTS.md': 'API RULE: every handler validates input.',
        'packages/api/handler.ts': 'export {};\n',
      },
    });
    initRepoWithCommit(kit.root);
    kit.server.enqueue(
      plan([{ id: 'a', description: 'edit the api handler', expectedResult: 'handler edited' }]),
      reply.toolCall('write_file', { path: 'packages/api/handler.ts', content: 'export const h = 1;\n' }),
      reply.toolCall('update_todo', { id: 'a', status: 'done', result: 'edited' }),
      verdict('a'),
      verdict('task'),
    );
    const { sessionId } = await kit.call('agent.start', { task: 'Use @src/util.ts in the api and check @missing.ts' });
    await kit.waitForEvent('session_completed');
    kit.server.assertDone();
    const [planCall, execute1, execute2, verify, finalCheck] = kit.server.requests;
    // Every call holds the rules: the reviewer's and the final check's too.
    expect(systemOf(verify)).toContain('ROOT RULE: use tabs.');
    expect(systemOf(finalCheck)).toContain('ROOT RULE: use tabs.');
    expect(systemOf(planCall)).toContain('ROOT RULE: use tabs.');
    expect(systemOf(planCall)).toContain('CLAUDE RULE: small commits.');
    expect(systemOf(planCall)).not.toContain('API RULE');
    expect(userText(planCall)).toContain('export const MAGIC = 42;');
    expect(userText(planCall)).toContain('@missing.ts: NOT ATTACHED: No such file: missing.ts');
    expect(userText(planCall)).toContain('# Git\nBranch main · no uncommitted changes');
    // The attachments stay with the task; the git state is for the first call only.
    expect(userText(execute1)).toContain('export const MAGIC = 42;');
    expect(userText(execute1)).not.toContain('# Git\n');
    // Once the TODO wrote under packages/api, that folder's AGENTS.md is part of the rules.
    expect(systemOf(execute1)).not.toContain('API RULE');
    expect(systemOf(execute2)).toContain('API RULE: every handler validates input.');
    expect(kit.ofType('rules_loaded').map((e) => e.files.map((f) => f.path))).toEqual([
      ['AGENTS.md', 'CLAUDE.md'],
      ['AGENTS.md', 'CLAUDE.md', 'packages/api/AGENTS.md'],
    ]);
    const detail = await kit.call('agent.get', { sessionId });
    expect(detail.context?.rules.map((r) => r.path)).toEqual(['AGENTS.md', 'CLAUDE.md', 'packages/api/AGENTS.md']);
    expect(detail.context?.attachments.map((a) => [a.ref, a.error])).toEqual([
      ['src/util.ts', null],
      ['missing.ts', 'No such file: missing.ts'],
    ]);
    expect(detail.context?.attachments[1].errorWords).toEqual({ key: 'context.noSuchFile', values: ['missing.ts'] });
  });

  it('refuses images for a model not set up for them, and sends them to one that is, also after a resume', async () => {
    kit = await startAgentKit({ settings, files: { 'a.txt': 'a\n' } });
    const refused = await kit.fail('agent.start', { task: 'what is on this screenshot?', images: [{ name: 'shot.png', mediaType: 'image/png', dataBase64: PNG }] });
    expect(refused.code).toBe('bad_request');
    expect(refused.message).toMatch(/test-model is not set up for images.*"vision": true/);
    await kit.close();

    kit = await startAgentKit({ settings: { ...settings, models: { 'test-model': { vision: true } } }, files: { 'a.txt': 'a\n' } });
    const notPng = await kit.fail('agent.start', { task: 'x', images: [{ name: 'fake.png', mediaType: 'image/png', dataBase64: Buffer.from('hello').toString('base64') }] });
    expect(notPng.message).toMatch(/fake.png" is not a PNG image/);
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    kit.server.enqueue(async () => {
      await held;
      return plan([{ id: 'a', description: 'look', expectedResult: 'seen' }]);
    });
    const { sessionId } = await kit.call('agent.start', { task: 'what is on this screenshot?', images: [{ name: 'shot.png', mediaType: 'image/png', dataBase64: PNG }] });
    await waitFor(() => kit!.server.requests.length === 1, 'the first model request');
    await kit.call('agent.pause', { sessionId });
    release();
    await kit.waitForEvent('status_changed', (e) => e.status === 'paused');
    kit.server.enqueue(
      plan([{ id: 'a', description: 'look', expectedResult: 'seen' }]),
      reply.toolCall('update_todo', { id: 'a', status: 'done', result: 'a red pixel' }),
      verdict('a'),
      verdict('task'),
    );
    await kit.call('agent.resume', { sessionId });
    await kit.waitForEvent('session_completed');
    for (const r of kit.server.requests.slice(0, 3)) expect(imagesIn(r)).toEqual([`data:image/png;base64,${PNG}`]);
    const detail = await kit.call('agent.get', { sessionId });
    expect(detail.context?.images).toEqual([{ file: 'task-1.png', name: 'shot.png', mediaType: 'image/png', bytes: Buffer.from(PNG, 'base64').length }]);
  });

  it("a message's mentions and images come with it; contextWindow, maxTokens and temperature shape every request", async () => {
    const big = 'x'.repeat(200_000);
    kit = await startAgentKit({
      settings: { ...settings, models: { 'test-model': { vision: true, contextWindow: 9000, maxTokens: 1000, temperature: 0.1 } } },
      files: { 'notes.md': 'NOTE CONTENT', 'big.txt': big },
    });
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    kit.server.enqueue(
      async () => {
        await held;
        return plan([{ id: 'a', description: 'read', expectedResult: 'read' }]);
      },
      reply.toolCall('update_todo', { id: 'a', status: 'done', result: 'ok' }),
      verdict('a'),
      verdict('task'),
    );
    const { sessionId } = await kit.call('agent.start', { task: 'summarise @big.txt' });
    await kit.call('agent.sendMessage', { sessionId, text: 'also see @notes.md', images: [{ name: 'p.png', mediaType: 'image/png', dataBase64: PNG }] });
    release();
    await kit.waitForEvent('session_completed');
    const [first, second] = kit.server.requests;
    for (const r of kit.server.requests) {
      expect(r.body.max_tokens).toBe(1000);
      expect(r.body.temperature).toBe(0.1);
    }
    // Budget: 9000 − 1000 (answer) − 2000 (tools) = 6000 tokens; the big file is cut to its share and says so.
    expect(JSON.stringify(first.body.messages).length).toBeLessThan(6000 * 4 * 1.2);
    expect(userText(first)).toContain('cut to fit the context budget');
    // The message was sent before the plan call was answered: it is in the next call, with its attachment and image.
    const withMessage = [first, second].find((r) => userText(r).includes('also see @notes.md'))!;
    expect(userText(withMessage)).toContain('NOTE CONTENT');
    expect(imagesIn(withMessage)).toHaveLength(1);
    expect(kit.ofType('user_message')[0]).toMatchObject({ attachments: [{ ref: 'notes.md', error: null }], images: [{ name: 'p.png' }] });
  });
});

describe('diagnostics in a session', () => {
  // A project checker named in the workspace settings (gcc format): reports one error in src/a.ts.
  const lint = "console.log('src/a.ts:3:5: error: MAGIC must be a number'); process.exit(1);\n";
  const files = { 'src/a.ts': 'export const a = 1;\n', 'lint.js': lint, '.akira/settings.json': JSON.stringify({ diagnostics: { checkers: [{ id: 'lint', command: 'node lint.js', format: 'gcc' }] } }) };

  it('get_diagnostics and @problems list the checkers\' problems; the reviewer sees those of the changed files', async () => {
    kit = await startAgentKit({ settings, files });
    // The workspace's own checker runs once approved for this workspace (issue 26), as a person does in Settings.
    const [lintChecker] = (await kit.call('context.checkers', {})).checkers;
    await kit.call('context.approveChecker', { id: lintChecker.id, fingerprint: lintChecker.fingerprint });
    kit.server.enqueue(
      (req) => {
        expect(userText(req)).toContain('src/a.ts:3:5');
        expect(userText(req)).toContain('MAGIC must be a number');
        return plan([{ id: 'a', description: 'fix a', expectedResult: 'no problems' }]);
      },
      reply.toolCall('get_diagnostics', { path: 'src' }),
      (req) => {
        expect(JSON.stringify(req.body.messages)).toContain('MAGIC must be a number');
        return reply.toolCall('write_file', { path: 'src/a.ts', content: 'export const a = 2;\n' });
      },
      reply.toolCall('update_todo', { id: 'a', status: 'done', result: 'changed' }),
      (req) => {
        expect(userText(req)).toContain("# Problems the project's checkers report in the changed files");
        expect(userText(req)).toContain('MAGIC must be a number');
        return verdict('a');
      },
      verdict('task'),
    );
    await kit.call('agent.start', { task: 'Fix @problems' });
    await kit.waitForEvent('session_completed');
    kit.server.assertDone();
    const diag = kit.ofType('tool_call_finished').find((e) => e.tool === 'get_diagnostics')!;
    expect(diag.isError).toBe(false);
    expect(diag.summary).toMatch(/src\/a\.ts:3:5/);
  });

  it('asks before a checker the policy asks about, and runs it once approved; the reviewer then runs none', async () => {
    kit = await startAgentKit({ settings: { agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: false } } } }, files });
    kit.server.enqueue(
      plan([{ id: 'a', description: 'check', expectedResult: 'checked' }]),
      reply.toolCall('get_diagnostics', {}),
      (req) => {
        expect(JSON.stringify(req.body.messages)).toContain('MAGIC must be a number');
        return reply.toolCall('write_file', { path: 'src/a.ts', content: 'export const a = 3;\n' });
      },
      reply.toolCall('update_todo', { id: 'a', status: 'done', result: 'checked' }),
      (req) => {
        expect(userText(req)).not.toContain('# Problems the project');
        return verdict('a');
      },
      verdict('task'),
    );
    const { sessionId } = await kit.call('agent.start', { task: 'check the project' });
    const asked = await kit.waitForEvent('approval_requested');
    expect(asked).toMatchObject({ kind: 'command', command: { command: 'node lint.js' } });
    await kit.call('agent.approve', { sessionId, changeId: String(asked.changeId) });
    await kit.waitForEvent('session_completed');
    kit.server.assertDone();
  });
});
