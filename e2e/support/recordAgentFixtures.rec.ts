import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, it } from 'vitest';
import type { AgentEvent, TerminalInfo } from '../../src/shared/contract';
import { startAgentKit, type AgentKit } from '../../src/testing/agentKit';
import { reply } from '../../src/testing/openaiTestServer';
import { waitFor } from '../../src/testing/waitFor';

/**
 * Real event sequences for the renderer's store tests (src/renderer/src/features/agent/fixtures/*.json):
 * whole scripted sessions through the real core (src/testing/agentKit.ts), recorded as the window's hub sees them
 * (agent events and command terminals, in order). The renderer may not import src/main, so its tests read
 * these recordings. Run again after the orchestrator's events change.
 */

const OUT = join(__dirname, '../../src/renderer/src/features/agent/fixtures');
type Entry = { kind: 'agent'; event: AgentEvent } | { kind: 'terminal'; terminal: TerminalInfo };

let kit: AgentKit | null = null;
afterEach(async () => {
  await kit?.close();
  kit = null;
});

function record(k: AgentKit): Entry[] {
  const entries: Entry[] = [];
  k.core.bus.on('agent.onEvent', (event) => entries.push({ kind: 'agent', event }));
  k.core.bus.on('terminal.onCreated', (terminal) => {
    if (terminal.kind === 'command') entries.push({ kind: 'terminal', terminal });
  });
  return entries;
}

/** Ids, paths and times differ per run: the fixture keeps them as recorded (tests match by shape). */
function save(name: string, entries: Entry[], detail: unknown): void {
  writeFileSync(join(OUT, `${name}.json`), `${JSON.stringify({ entries, detail }, null, 1)}\n`);
}

const plan = (todos: { id: string; description: string; expectedResult: string }[]) => reply.toolCall('todo_write', { todos });
const verdict = (todoId: string, approved: boolean, feedback: string, confidence = 0.9) => reply.toolCall('verify_todo', { todoId, approved, feedback, confidence });

it('records a session: plan approval, a rejected TODO and its retry, a command, completion', async () => {
  kit = await startAgentKit({
    files: { 'README.md': '# demo\n' },
    settings: { agent: { mode: 'autonomous', policy: { requirePlanApproval: true, autoApprove: { write: true, command: true } } } },
  });
  const entries = record(kit);
  kit.server.enqueue(
    plan([
      { id: 't1', description: 'Create greet.txt saying hello world', expectedResult: 'greet.txt contains "hello world"' },
      { id: 't2', description: 'Print the greeting', expectedResult: '`cat greet.txt` prints hello world' },
    ]),
    reply.message({ text: 'I will write the file first.', toolCalls: [{ name: 'write_file', arguments: { path: 'greet.txt', content: 'hello\n' } }] }),
    reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'wrote greet.txt' }),
    verdict('t1', false, 'greet.txt says "hello", not "hello world"', 0.85),
    reply.toolCall('edit_file', { path: 'greet.txt', edits: [{ search: 'hello', replace: 'hello world' }] }),
    reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'fixed the greeting' }),
    verdict('t1', true, 'greet.txt now says hello world', 0.95),
    reply.toolCall('run_command', { command: 'cat greet.txt' }),
    reply.toolCall('update_todo', { id: 't2', status: 'done', result: 'cat printed hello world' }),
    verdict('t2', true, 'the output shows hello world'),
    verdict('task', true, 'all done', 0.97),
  );
  const { sessionId } = await kit.call('agent.start', { task: 'Greet the world' });
  await kit.waitForEvent('plan_approval_requested');
  await kit.call('agent.sendMessage', { sessionId, text: 'Keep it short.' });
  await kit.call('agent.approvePlan', { sessionId, approved: true });
  await kit.waitForEvent('session_completed');
  await waitFor(() => entries.some((e) => e.kind === 'agent' && e.event.type === 'session_completed'), 'the recorded end');
  save('greetSession', entries, await kit.call('agent.get', { sessionId }));
});

it('records a session whose TODO fails: a tool error, the question, skip', async () => {
  kit = await startAgentKit({ settings: { agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: true }, limits: { maxRetriesPerTodo: 0 } } } } });
  const entries = record(kit);
  kit.server.enqueue(
    plan([
      { id: 'a', description: 'Fix missing.js', expectedResult: 'missing.js exports fix' },
      { id: 'b', description: 'Write notes.md', expectedResult: 'notes.md exists' },
    ]),
    reply.toolCall('read_file', { path: 'missing.js' }),
    reply.toolCall('update_todo', { id: 'a', status: 'done', result: 'nothing to fix' }),
    verdict('a', false, 'missing.js does not exist'),
    reply.toolCall('write_file', { path: 'notes.md', content: '# notes\n' }),
    reply.toolCall('update_todo', { id: 'b', status: 'done' }),
    verdict('b', true, 'notes.md is there'),
    verdict('task', true, 'done apart from the skipped TODO'),
  );
  const { sessionId } = await kit.call('agent.start', { task: 'Fix and note' });
  const question = await kit.waitForEvent('question');
  await kit.call('agent.answer', { sessionId, questionId: String(question.questionId), choice: 'skip' });
  await kit.waitForEvent('session_completed');
  save('skipSession', entries, await kit.call('agent.get', { sessionId }));
});
