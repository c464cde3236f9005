import { afterEach, describe, expect, it } from 'vitest';
import { reply } from '../../../../testing/openaiTestServer';
import { startAgentKit, type AgentKit } from '../../../../testing/agentKit';

// Issue 27 defect 18: the agent's command tabs name the session (its short title) and the TODO they ran for, so
// three tabs "node src/test.js ✓" from different sessions can be told apart. Through the real core and ptys.

let kit: AgentKit | null = null;
afterEach(async () => {
  await kit?.close();
  kit = null;
});

const TODOS = [
  { id: 't1', description: 'Say one', expectedResult: 'one is printed' },
  { id: 't2', description: 'Say two', expectedResult: 'two is printed' },
];
const verdict = (todoId: string) => reply.toolCall('verify_todo', { todoId, approved: true, feedback: 'fine', confidence: 0.9 });

describe('command tabs', () => {
  it('carry the session and the TODO number they ran for', async () => {
    kit = await startAgentKit({ files: { 'README.md': '# demo\n' }, settings: { agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: true } } } } });
    kit.server.enqueue(
      reply.toolCall('todo_write', { todos: TODOS }),
      reply.toolCall('run_command', { command: 'echo one' }),
      reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'printed one' }),
      verdict('t1'),
      reply.toolCall('run_command', { command: 'echo two' }),
      reply.toolCall('update_todo', { id: 't2', status: 'done', result: 'printed two' }),
      verdict('t2'),
      verdict('task'),
    );
    const { sessionId } = await kit.call('agent.start', { task: 'Print the two words\nthen stop' });
    await kit.waitForEvent('session_completed', (e) => e.sessionId === sessionId);
    const { terminals } = await kit.call('terminal.list', {});
    const commands = terminals.filter((t) => t.kind === 'command');
    expect(commands.map((t) => [t.title, t.owner])).toEqual([
      ['echo one', { sessionId, session: 'Print the two words', todo: 1 }],
      ['echo two', { sessionId, session: 'Print the two words', todo: 2 }],
    ]);
  });
});
