import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, it } from 'vitest';
import type { AgentEvent, TerminalInfo } from '../../src/shared/contract';
import { startAgentKit, type AgentKit } from '../../src/testing/agentKit';
import { waitFor } from '../../src/testing/waitFor';
import { fixAndNoteSession, GREET_TODOS, greetSession } from './agentScripts';

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

it('records a session: plan approval, a rejected TODO and its retry, a command, completion', async () => {
  kit = await startAgentKit({
    files: { 'README.md': '# demo\n' },
    settings: { agent: { mode: 'autonomous', policy: { requirePlanApproval: true, autoApprove: { write: true, command: true } } } },
  });
  const entries = record(kit);
  kit.server.enqueue(
    ...greetSession({
      todos: [
        GREET_TODOS[0],
        { id: 't2', description: 'Print the greeting', expectedResult: '`cat greet.txt` prints hello world' },
      ],
      text: 'I will write the file first.',
    }),
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
  kit.server.enqueue(...fixAndNoteSession());
  const { sessionId } = await kit.call('agent.start', { task: 'Fix and note' });
  const question = await kit.waitForEvent('question');
  await kit.call('agent.answer', { sessionId, questionId: String(question.questionId), choice: 'skip' });
  await kit.waitForEvent('session_completed');
  save('skipSession', entries, await kit.call('agent.get', { sessionId }));
});
