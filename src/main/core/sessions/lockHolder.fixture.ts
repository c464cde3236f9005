import { createSessionStore } from './sessionStore';

/**
 * Test-only child process (staleLock.test.ts bundles it and runs it in a plain `node`): creates a session in the
 * workspace given as argv[2], running or already completed (argv[3] `running` | `completed`), prints
 * `session <id>` and keeps the session open, holding its `writer.lock`, until it is killed.
 */
async function main(): Promise<void> {
  const [root, how] = process.argv.slice(2);
  const store = createSessionStore({ root });
  const session = await store.createSession({ task: `Hold the lock (${how})`, mode: 'code-dev', model: 'test-model' });
  await session.append({ type: 'status_changed', status: 'running', phase: 'execute' });
  if (how === 'completed') await session.append({ type: 'session_completed', summary: 'done' });
  process.stdout.write(`session ${session.sessionId}\n`);
  setInterval(() => undefined, 60_000);
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
