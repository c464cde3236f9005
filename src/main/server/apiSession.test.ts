import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reply } from '../../testing/openaiTestServer';
import { startAgentKit, type AgentKit } from '../../testing/agentKit';
import { waitFor } from '../../testing/waitFor';
import { startServer, type RunningServer } from './httpServer';
import { SseReader } from './sseClient';

// A whole agent session driven only through the HTTP API, as a script or CI job would (fetch + the SSE
// stream), against the scripted OpenAI-compatible model: start, see the approval on the stream, approve it,
// see the session complete, read it back, find the file on disk.

let kit: AgentKit;
let server: RunningServer;

beforeAll(async () => {
  kit = await startAgentKit({ files: { 'README.md': '# demo\n' } });
  server = await startServer({ core: kit.core, staticDir: join(kit.root, 'no-ui'), headless: true });
});

afterAll(async () => {
  await server?.close();
  await kit?.close();
});

async function api(command: string, params: unknown = {}): Promise<{ status: number; body: any }> {
  const res = await fetch(`${server.origin}/api/${command}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(params),
  });
  return { status: res.status, body: await res.json() };
}

describe('an agent session through the HTTP API only', () => {
  it('start → approval_requested on the stream → agent.approve → session_completed → agent.get, file on disk', async () => {
    kit.server.enqueue(
      reply.toolCall('todo_write', { todos: [{ id: 'hello', description: 'Write hello.txt', expectedResult: 'hello.txt says hello' }] }),
      reply.toolCall('write_file', { path: 'hello.txt', content: 'hello from the API\n' }),
      reply.toolCall('update_todo', { id: 'hello', status: 'done' }),
      reply.toolCall('verify_todo', { todoId: 'hello', approved: true, feedback: 'ok', confidence: 0.9 }),
      reply.toolCall('verify_todo', { todoId: 'task', approved: true, feedback: 'done', confidence: 0.9 }),
    );
    const stream = await SseReader.open(`${server.origin}/api/events?events=agent.onEvent&token=${server.token}`);
    expect(stream.status).toBe(200);
    await waitFor(() => server.eventReaderCount() === 1, 'the event stream');
    const agentEvents = () => stream.dataOf<{ sessionId: string; type: string; [key: string]: any }>('agent.onEvent');

    const started = await api('agent.start', { task: 'Write hello.txt saying hello' });
    expect(started.status).toBe(200);
    const { sessionId } = started.body.result;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);

    const approval = await waitFor(
      () => agentEvents().find((e) => e.sessionId === sessionId && e.type === 'approval_requested'),
      'approval_requested on the SSE stream',
      15_000,
    );
    expect(approval.change).toMatchObject({ path: 'hello.txt', kind: 'create', after: 'hello from the API\n' });
    expect((await api('agent.get', { sessionId })).body.result.status).toBe('waiting_approval');

    const wrong = await api('agent.approve', { sessionId, changeId: 'not-a-change' });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect(wrong.body.error.code).toMatch(/not_found|conflict|bad_request/);

    const approved = await api('agent.approve', { sessionId, changeId: String(approval.changeId) });
    expect(approved).toEqual({ status: 200, body: { result: { ok: true } } });

    await waitFor(() => agentEvents().find((e) => e.sessionId === sessionId && e.type === 'session_completed'), 'session_completed on the stream', 15_000);
    const detail = await api('agent.get', { sessionId });
    expect(detail.status).toBe(200);
    expect(detail.body.result.status).toBe('completed');
    expect(detail.body.result.todos).toEqual([expect.objectContaining({ id: 'hello', status: 'done', lastVerdict: expect.objectContaining({ approved: true }) })]);
    expect(await readFile(join(kit.root, 'hello.txt'), 'utf8')).toBe('hello from the API\n');

    // The stream carried the session's whole story in order, with the bus's seq numbers as ids.
    const ids = stream.events.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(agentEvents().map((e) => e.type)).toEqual(expect.arrayContaining(['approval_requested', 'change_decided', 'session_completed']));
    kit.server.assertDone();
    stream.close();
  });
});
