import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reply } from '../../../../testing/openaiTestServer';
import type { RecordedRequest } from '../../../../testing/openaiTestServer';
import { waitFor } from '../../../../testing/waitFor';
import { startAgentKit, type AgentKit } from '../../../../testing/agentKit';

// The orchestrator end to end in-process: a real core, real files, a real pty, the real openai SDK
// against the scripted server. (The same flows through the built `akira run` are in cli/runTaskCommand.test.ts.)

let kit: AgentKit | null = null;
afterEach(async () => {
  await kit?.close();
  kit = null;
});

const plan = (todos: { id: string; description: string; expectedResult: string }[]) => reply.toolCall('todo_write', { todos });
const verdict = (todoId: string, approved: boolean, feedback = approved ? 'looks right' : 'not done') =>
  reply.toolCall('verify_todo', { todoId, approved, feedback, confidence: 0.9 });
const lastUser = (r: RecordedRequest) => JSON.stringify(r.body.messages);

const TWO_TODOS = [
  { id: 't1', description: 'Create src/add.js exporting add(a, b)', expectedResult: 'src/add.js exports add' },
  { id: 't2', description: 'Add test.js and run it', expectedResult: '`node test.js` prints ok' },
];

describe('agent session (in-process)', () => {
  it('plans, executes with tools, verifies each TODO with a forced verify_todo, and completes', async () => {
    kit = await startAgentKit({ files: { 'README.md': '# demo\n' }, settings: { agent: { mode: 'autonomous', policy: { autoApprove: { command: true } } } } });
    const { server } = kit;
    server.enqueue(
      (req) => {
        expect(req.body.tool_choice).toEqual({ type: 'function', function: { name: 'todo_write' } });
        return plan(TWO_TODOS);
      },
      reply.toolCall('write_file', { path: 'src/add.js', content: 'module.exports.add = (a, b) => a + b;\n' }),
      reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'wrote src/add.js' }),
      (req) => {
        expect(req.body.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual(['verify_todo']);
        expect(req.body.tool_choice).toEqual({ type: 'function', function: { name: 'verify_todo' } });
        expect(lastUser(req)).toContain('+module.exports.add');
        return verdict('t1', true);
      },
      reply.message({
        toolCalls: [
          { name: 'write_file', arguments: { path: 'test.js', content: "const {add} = require('./src/add');\nif (add(2, 3) === 5) console.log('ok');\n" } },
          { name: 'run_command', arguments: { command: 'node test.js' } },
        ],
      }),
      (req) => {
        expect(lastUser(req)).toContain('Exit code 0');
        return reply.toolCall('update_todo', { id: 't2', status: 'done', result: 'test passes' });
      },
      (req) => {
        expect(lastUser(req)).toContain('ok');
        expect(lastUser(req)).toContain('node test.js');
        return verdict('t2', true);
      },
      (req) => {
        expect(lastUser(req)).toContain('whole task');
        return reply.toolCall('verify_todo', { todoId: 'task', approved: true, feedback: 'all good', confidence: 0.95 });
      },
    );
    const { sessionId } = await kit.call('agent.start', { task: 'Write an add function with a test' });
    await kit.waitForEvent('session_completed');
    server.assertDone();
    expect(await readFile(join(kit.root, 'src/add.js'), 'utf8')).toContain('a + b');
    const state = await kit.call('agent.get', { sessionId });
    expect(state.status).toBe('completed');
    expect(state.todos.map((t) => t.status)).toEqual(['done', 'done']);
    // Checkpoints: session start, each TODO's start, after each applied change batch and the command.
    expect(kit.ofType('checkpoint_taken').length).toBeGreaterThanOrEqual(4);
    expect(state.todos[0].checkpointIds.length).toBeGreaterThanOrEqual(2);
    const verdicts = kit.ofType('verification').map((e) => [e.todoId, e.approved]);
    expect(verdicts).toEqual([['t1', true], ['t2', true], ['task', true]]);
    // Every event is the session's, with seq numbers that follow each other.
    const seqs = kit.events.filter((e) => e.seq !== undefined).map((e) => e.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    // session.md is rewritten right after each event is on disk.
    const doc = join(kit.root, '.akira/sessions', sessionId, 'session.md');
    await waitFor(async () => /^status: "?completed"?$/m.test(await readFile(doc, 'utf8')), 'session.md to say completed');
  });

  it('sends a rejected TODO back with the feedback, then approves the fix', async () => {
    kit = await startAgentKit({ settings: { agent: { mode: 'autonomous' } } });
    kit.server.enqueue(
      plan([{ id: 'a', description: 'Create greet.txt saying hello world', expectedResult: 'greet.txt contains "hello world"' }]),
      reply.toolCall('write_file', { path: 'greet.txt', content: 'hello\n' }),
      reply.toolCall('update_todo', { id: 'a', status: 'done' }),
      verdict('a', false, 'greet.txt says "hello", not "hello world"'),
      (req) => {
        expect(lastUser(req)).toContain('REJECTED');
        expect(lastUser(req)).toContain('not \\"hello world\\"');
        return reply.toolCall('edit_file', { path: 'greet.txt', edits: [{ search: 'hello', replace: 'hello world' }] });
      },
      reply.toolCall('update_todo', { id: 'a', status: 'done', result: 'fixed' }),
      (req) => {
        expect(lastUser(req)).toContain('+hello world');
        expect(lastUser(req)).toContain('Your earlier rejections');
        return verdict('a', true);
      },
      verdict('task', true),
    );
    const { sessionId } = await kit.call('agent.start', { task: 'greet' });
    await kit.waitForEvent('session_completed');
    kit.server.assertDone();
    const s = await kit.call('agent.get', { sessionId });
    expect(s.todos[0]).toMatchObject({ status: 'done', rejections: 1 });
    expect(await readFile(join(kit.root, 'greet.txt'), 'utf8')).toBe('hello world\n');
    const decisions = join(kit.root, '.akira/sessions', sessionId, 'decisions.md');
    await waitFor(async () => (await readFile(decisions, 'utf8')).includes('approved'), 'decisions.md to hold the verdicts');
    expect(await readFile(decisions, 'utf8')).toMatch(/rejected · confidence 0\.90/);
  });

  it('agent.list asked while a session ends says it ended (its memory, not the session.md not yet rewritten)', async () => {
    kit = await startAgentKit();
    kit.server.enqueue(plan(TWO_TODOS.slice(0, 1)), reply.toolCall('update_todo', { id: 't1', status: 'done' }), verdict('t1', true), verdict('task', true));
    const k = kit;
    const lists: Promise<{ sessions: { sessionId: string; status: string }[] }>[] = [];
    k.core.bus.on('agent.onEvent', (e) => {
      if (e.type !== 'session_completed') return;
      // A face refreshing its list from the moment the end is announced, on every turn of the event loop,
      // while session.md is rewritten and the session is unloaded.
      void (async () => {
        for (let i = 0; i < 200; i++) {
          lists.push(k.call('agent.list', {}));
          await new Promise((r) => setImmediate(r));
        }
      })();
    });
    const { sessionId } = await kit.call('agent.start', { task: 'end while listed' });
    await kit.waitForEvent('session_completed');
    await waitFor(() => lists.length === 200, 'the lists asked at the end');
    const statuses = (await Promise.all(lists)).map((l) => l.sessions.find((s) => s.sessionId === sessionId)?.status);
    expect(new Set(statuses)).toEqual(new Set(['completed']));
  });
});
