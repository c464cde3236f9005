import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, type RecordedRequest } from '../../../../testing/openaiTestServer';
import { startAgentKit, type AgentKit } from '../../../../testing/agentKit';

// Modes during a session (issue 25): the model asks with switch_mode (the user approves, or the policy allows it),
// the user switches from any face with agent.setMode, and the next model call has the new mode's prompt and tools.

let kit: AgentKit | null = null;
afterEach(async () => {
  await kit?.close();
  kit = null;
});

const READER_PROMPT = 'You are the READER mode: you only read the project.';
/** A project mode that offers only two read tools, with a prompt of its own. */
const files = {
  'a.txt': 'hello\n',
  '.akira/modes/reader.json': JSON.stringify({ name: 'Reader', description: 'Reads, never writes', systemPrompt: READER_PROMPT, tools: ['read_file', 'list_files'] }),
};
const plan = (id: string) => reply.toolCall('todo_write', { todos: [{ id, description: `Do ${id}`, expectedResult: `${id} is done` }] });
const verdict = (todoId: string) => reply.toolCall('verify_todo', { todoId, approved: true, feedback: 'ok', confidence: 0.9 });
const system = (r: RecordedRequest) => String(r.body.messages[0].content);
const toolsOf = (r: RecordedRequest) => ((r.body.tools ?? []) as { function: { name: string } }[]).map((t) => t.function.name);
const sent = (r: RecordedRequest) => JSON.stringify(r.body.messages);

describe('modes during a session', () => {
  it('the model asks to switch, the user approves: mode_changed, and the next call has the new prompt and tools', async () => {
    kit = await startAgentKit({ files });
    let listed = '';
    kit.server.enqueue(
      plan('t'),
      (req) => {
        // The first execute call: code-dev's prompt, every tool, and the mode tools.
        expect(system(req)).toContain('code-dev mode');
        expect(toolsOf(req)).toEqual(expect.arrayContaining(['write_file', 'run_command', 'list_modes', 'switch_mode']));
        return reply.toolCall('list_modes', {});
      },
      (req) => {
        listed = sent(req);
        return reply.toolCall('switch_mode', { mode: 'reader', reason: 'only reading is needed now' });
      },
      (req) => {
        expect(system(req)).toContain(READER_PROMPT);
        expect(system(req)).not.toContain('code-dev mode');
        const tools = toolsOf(req);
        expect(tools).toEqual(expect.arrayContaining(['read_file', 'list_files', 'update_todo', 'switch_mode', 'list_modes']));
        expect(tools).not.toContain('write_file');
        expect(tools).not.toContain('run_command');
        expect(sent(req)).toContain('Switched to mode reader');
        return reply.toolCall('update_todo', { id: 't', status: 'done', result: 'read' });
      },
      verdict('t'),
      verdict('task'),
    );
    const { sessionId } = await kit.call('agent.start', { task: 'look around' });
    const asked = await kit.waitForEvent('approval_requested', (e) => e.kind === 'mode');
    expect(asked.mode).toEqual({ from: 'code-dev', to: 'reader', reason: 'only reading is needed now' });
    expect((await kit.call('agent.get', { sessionId })).status).toBe('waiting_approval');
    expect(kit.ofType('mode_changed')).toEqual([]);
    await kit.call('agent.approve', { sessionId, changeId: String(asked.changeId) });
    await kit.waitForEvent('session_completed');
    kit.server.assertDone();
    expect(listed).toContain('- reader: Reader — Reads, never writes');
    expect(listed).toMatch(/code-dev \(current\)/);
    expect(kit.ofType('mode_changed').map(({ from, to, by, reason, approvedBy }) => ({ from, to, by, reason, approvedBy }))).toEqual([
      { from: 'code-dev', to: 'reader', by: 'model', reason: 'only reading is needed now', approvedBy: 'user' },
    ]);
    expect((await kit.call('agent.get', { sessionId })).mode).toBe('reader');
    const history = await readFile(join(kit.root, '.akira', 'sessions', sessionId, 'history.md'), 'utf8');
    expect(history).toContain('**Mode** code-dev → **reader**, by the model (approved by the user): only reading is needed now');
  });

  it('a policy with autoApprove.modeSwitch switches without asking; a rejected switch keeps the mode and tells the model why', async () => {
    kit = await startAgentKit({ files, settings: { agent: { policy: { autoApprove: { modeSwitch: true } } } } });
    kit.server.enqueue(
      plan('t'),
      reply.toolCall('switch_mode', { mode: 'bug-fix', reason: 'a test fails' }),
      (req) => {
        expect(system(req)).toContain('bug-fix mode');
        return reply.toolCall('update_todo', { id: 't', status: 'done' });
      },
      verdict('t'),
      verdict('task'),
    );
    await kit.call('agent.start', { task: 'fix it' });
    await kit.waitForEvent('session_completed');
    kit.server.assertDone();
    expect(kit.ofType('approval_requested')).toEqual([]);
    expect(kit.ofType('mode_changed')).toMatchObject([{ from: 'code-dev', to: 'bug-fix', by: 'model', approvedBy: 'policy' }]);
    await kit.close();

    kit = await startAgentKit({ files });
    kit.server.enqueue(
      plan('t'),
      reply.toolCall('switch_mode', { mode: 'learn', reason: 'explain first' }),
      (req) => {
        expect(sent(req)).toContain('The user REJECTED the switch to mode learn');
        expect(sent(req)).toContain('keep coding');
        expect(system(req)).toContain('code-dev mode');
        return reply.toolCall('update_todo', { id: 't', status: 'done' });
      },
      verdict('t'),
      verdict('task'),
    );
    const { sessionId } = await kit.call('agent.start', { task: 'do it' });
    const asked = await kit.waitForEvent('approval_requested', (e) => e.kind === 'mode');
    await kit.call('agent.reject', { sessionId, changeId: String(asked.changeId), reason: 'keep coding' });
    await kit.waitForEvent('session_completed');
    kit.server.assertDone();
    expect(kit.ofType('mode_changed')).toEqual([]);
    expect((await kit.call('agent.get', { sessionId })).mode).toBe('code-dev');
  });

  it('the user switches from the API (agent.setMode): logged by the user, and the next call uses the new mode', async () => {
    kit = await startAgentKit({ files, settings: { agent: { policy: { requirePlanApproval: true } } } });
    kit.server.enqueue(
      plan('t'),
      (req) => {
        expect(system(req)).toContain(READER_PROMPT);
        expect(toolsOf(req)).not.toContain('write_file');
        return reply.toolCall('update_todo', { id: 't', status: 'done' });
      },
      verdict('t'),
      verdict('task'),
    );
    const { sessionId } = await kit.call('agent.start', { task: 'read it' });
    await kit.waitForEvent('plan_approval_requested');
    expect(await kit.call('agent.setMode', { sessionId, mode: 'reader', reason: 'reading only' })).toEqual({ mode: 'reader', changed: true });
    const changed = await kit.waitForEvent('mode_changed');
    expect(changed).toMatchObject({ from: 'code-dev', to: 'reader', by: 'user', reason: 'reading only' });
    expect((await kit.call('agent.get', { sessionId })).mode).toBe('reader');
    // The same mode again changes nothing.
    expect(await kit.call('agent.setMode', { sessionId, mode: 'reader' })).toEqual({ mode: 'reader', changed: false });
    await kit.call('agent.approvePlan', { sessionId, approved: true });
    await kit.waitForEvent('session_completed');
    kit.server.assertDone();
    expect(kit.ofType('mode_changed')).toHaveLength(1);
  });

  it('bad input: an unknown mode, an ended session, a bad id (errors that change nothing); a model asking for an unknown mode gets a tool error', async () => {
    kit = await startAgentKit({ files, settings: { agent: { policy: { requirePlanApproval: true } } } });
    kit.server.enqueue(
      plan('t'),
      reply.toolCall('switch_mode', { mode: 'nope', reason: 'why not' }),
      (req) => {
        expect(sent(req)).toContain('There is no mode \\"nope\\". Modes: code-dev, bug-fix, learn, optimize, autonomous, reader.');
        return reply.toolCall('switch_mode', { mode: 'code-dev', reason: 'again' });
      },
      (req) => {
        expect(sent(req)).toContain('already in mode code-dev');
        return reply.toolCall('update_todo', { id: 't', status: 'done' });
      },
      verdict('t'),
      verdict('task'),
    );
    const { sessionId } = await kit.call('agent.start', { task: 'try' });
    await kit.waitForEvent('plan_approval_requested');
    const unknown = await kit.fail('agent.setMode', { sessionId, mode: 'nope' });
    expect(unknown.code).toBe('bad_request');
    expect(unknown.message).toContain('There is no mode "nope"');
    expect((await kit.fail('agent.setMode', { sessionId: 'not-a-session', mode: 'learn' })).code).toBe('bad_request');
    expect((await kit.fail('agent.setMode', { sessionId, mode: '' })).code).toBe('bad_request');
    expect((await kit.call('agent.get', { sessionId })).mode).toBe('code-dev');
    await kit.call('agent.approvePlan', { sessionId, approved: true });
    await kit.waitForEvent('session_completed');
    kit.server.assertDone();
    const ended = await kit.fail('agent.setMode', { sessionId, mode: 'learn' });
    expect(ended.code).toBe('conflict');
    expect(ended.message).toContain('its mode can no longer change');
    expect(kit.ofType('mode_changed')).toEqual([]);
    const errors = kit.ofType('tool_call_finished').filter((e) => e.tool === 'switch_mode');
    expect(errors.map((e) => e.isError)).toEqual([true, true]);
    expect((await kit.call('agent.get', { sessionId })).mode).toBe('code-dev');
  });
});
