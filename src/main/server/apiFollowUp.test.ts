import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reply } from '../../testing/openaiTestServer';
import { startAgentKit, type AgentKit } from '../../testing/agentKit';
import { waitFor } from '../../testing/waitFor';
import { startServer, type RunningServer } from './httpServer';
import { SseReader } from './sseClient';

// A follow-up through the real HTTP API (issue 25): agent.sendMessage on a completed session answers 200 with the
// new round, and the same session runs again to completion (round_started, then session_completed on the stream).

let kit: AgentKit;
let server: RunningServer;

beforeAll(async () => {
  kit = await startAgentKit({ files: { 'README.md': '# demo\n' }, settings: { agent: { mode: 'autonomous' } } });
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

const plan = (id: string, description: string) => reply.toolCall('todo_write', { todos: [{ id, description, expectedResult: `${id} is done` }] });
const verdict = (todoId: string) => reply.toolCall('verify_todo', { todoId, approved: true, feedback: 'ok', confidence: 0.9 });

describe('agent.sendMessage on a completed session, through the HTTP API', () => {
  it('answers 200 with round 2 and the session runs again to completion', async () => {
    kit.server.enqueue(
      plan('hello', 'Write hello.txt'),
      reply.toolCall('write_file', { path: 'hello.txt', content: 'hello\n' }),
      reply.toolCall('update_todo', { id: 'hello', status: 'done', result: 'hello.txt written' }),
      verdict('hello'),
      verdict('task'),
    );
    const stream = await SseReader.open(`${server.origin}/api/events?events=agent.onEvent&token=${server.token}`);
    await waitFor(() => server.eventReaderCount() === 1, 'the event stream');
    const agentEvents = () => stream.dataOf<{ sessionId: string; type: string; [key: string]: any }>('agent.onEvent');
    const { sessionId } = (await api('agent.start', { task: 'Write hello.txt' })).body.result;
    await waitFor(() => agentEvents().find((e) => e.sessionId === sessionId && e.type === 'session_completed'), 'the first round to complete', 15_000);

    kit.server.enqueue(
      (req) => {
        expect(JSON.stringify(req.body.messages)).toContain('hello.txt written');
        return plan('bye', 'Write bye.txt');
      },
      reply.toolCall('write_file', { path: 'bye.txt', content: 'bye\n' }),
      reply.toolCall('update_todo', { id: 'bye', status: 'done' }),
      verdict('bye'),
      verdict('task'),
    );
    const sent = await api('agent.sendMessage', { sessionId, text: 'now also write bye.txt' });
    expect(sent.status).toBe(200);
    expect(sent.body.result).toMatchObject({ round: 2 });
    const round = await waitFor(() => agentEvents().find((e) => e.sessionId === sessionId && e.type === 'round_started'), 'round_started on the stream', 15_000);
    expect(round).toMatchObject({ round: 2, task: 'now also write bye.txt' });
    await waitFor(() => agentEvents().filter((e) => e.sessionId === sessionId && e.type === 'session_completed').length === 2, 'the follow-up to complete', 15_000);
    kit.server.assertDone();
    const detail = (await api('agent.get', { sessionId })).body.result;
    expect(detail).toMatchObject({ status: 'completed', round: 2, roundTask: 'now also write bye.txt' });
    expect(detail.rounds).toEqual([expect.objectContaining({ round: 1, task: 'Write hello.txt', files: ['hello.txt'] })]);
    expect(await readFile(join(kit.root, 'bye.txt'), 'utf8')).toBe('bye\n');
    expect(await readdir(join(kit.root, '.akira', 'sessions'))).toEqual([sessionId]);
    await stream.close();
  });
});
