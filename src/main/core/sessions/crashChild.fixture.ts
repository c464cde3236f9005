import { createSessionStore } from './sessionStore';
import { todo } from '../../../testing/sessionEvents';

/**
 * Test-only child process (crash.test.ts bundles it and runs it in a plain `node`): creates or
 * reopens a session in the workspace given as argv[2], then appends events without end, printing
 * `ack <seq>` after each append resolves, until it is killed.
 */
async function main(): Promise<void> {
  const [root, sessionId] = process.argv.slice(2);
  const store = createSessionStore({ root, secrets: ['child-secret-123456'] });
  const session = sessionId
    ? await store.openSession(sessionId)
    : await store.createSession({ task: 'Crash me', mode: 'code-dev', model: 'test-model' });
  if (!sessionId) {
    await session.append({ type: 'plan_proposed', todos: [todo('a', 'in_progress'), todo('b')] });
    await session.append({ type: 'status_changed', status: 'running', phase: 'execute' });
  }
  process.stdout.write(`session ${session.sessionId}\n`);
  for (let i = 0; ; i++) {
    // Several appends in flight at once (they are written together), a tool call pair and a big one.
    const batch = [
      session.append({ type: 'tool_call_started', callId: `c${i}`, todoId: 'a', tool: 'read_file', input: `file${i}.ts` }),
      session.append({ type: 'tool_call_finished', callId: `c${i}`, todoId: 'a', tool: 'read_file', summary: `${i} lines` }),
      session.append({ type: 'model_call', model: 'test-model', phase: 'execute', todoId: 'a', status: 200, latencyMs: 1, usage: { promptTokens: 10, completionTokens: 1 }, costUsd: null }),
      session.append({ type: 'user_message', messageId: `m${i}`, text: `${'x'.repeat(i % 50 === 0 ? 200_000 - 10 : 100)}` }),
    ];
    for (const p of batch) process.stdout.write(`ack ${(await p).seq}\n`);
  }
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
