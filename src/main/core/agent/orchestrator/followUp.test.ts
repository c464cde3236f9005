import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, type RecordedRequest } from '../../../../testing/openaiTestServer';
import { startAgentKit, type AgentKit } from '../../../../testing/agentKit';

// Follow-ups (issue 25): a finished session (completed, failed or stopped) takes a follow-up through
// agent.sendMessage and runs again as a new round of the same session: same id, folder and checkpoints, the earlier
// round's task, TODOs, files and summary in the follow-up's calls, a new plan kept apart on the board.

const kits: AgentKit[] = [];
afterEach(async () => {
  await Promise.all(kits.splice(0).map((k) => k.close()));
});
async function kitWith(options: Parameters<typeof startAgentKit>[0]): Promise<AgentKit> {
  const kit = await startAgentKit(options);
  kits.push(kit);
  return kit;
}

const plan = (id: string, description: string) => reply.toolCall('todo_write', { todos: [{ id, description, expectedResult: `${id} is done` }] });
const verdict = (todoId: string, approved: boolean) => reply.toolCall('verify_todo', { todoId, approved, feedback: approved ? 'ok' : 'not done', confidence: 0.9 });
const sent = (r: RecordedRequest) => JSON.stringify(r.body.messages);
const autonomous = { agent: { mode: 'autonomous' } };

/** Round 2: the follow-up's plan call must name round 1's work; it writes b.txt and completes. */
function secondRound(kit: AgentKit, firstRound: string[]) {
  kit.server.enqueue(
    (req) => {
      const text = sent(req);
      expect(text).toContain('now also write b.txt');
      expect(text).toContain('Earlier rounds of this session');
      for (const piece of firstRound) expect(text).toContain(piece);
      return plan('b', 'Write b.txt');
    },
    reply.toolCall('write_file', { path: 'b.txt', content: 'b\n' }),
    reply.toolCall('update_todo', { id: 'b', status: 'done', result: 'b.txt written' }),
    verdict('b', true),
    verdict('task', true),
  );
}

async function followUpCompletes(kit: AgentKit, sessionId: string) {
  const answer = await kit.call('agent.sendMessage', { sessionId, text: 'now also write b.txt' });
  expect(answer.round).toBe(2);
  await kit.waitForEvent('session_completed', (e) => e.sessionId === sessionId && kit.ofType('round_started').length > 0 && e.seq > kit.ofType('round_started')[0].seq);
  kit.server.assertDone();
  expect(await readFile(join(kit.root, 'b.txt'), 'utf8')).toBe('b\n');
  const detail = await kit.call('agent.get', { sessionId });
  expect(detail.sessionId).toBe(sessionId);
  expect(detail.status).toBe('completed');
  expect(detail.round).toBe(2);
  expect(detail.roundTask).toBe('now also write b.txt');
  expect(detail.todos.map((t) => t.id)).toEqual(['b']);
  expect(detail.rounds?.map((r) => r.round)).toEqual([1]);
  // One session folder; session.md has a section per round; the list shows the round.
  expect(await readdir(join(kit.root, '.akira', 'sessions'))).toEqual([sessionId]);
  const doc = await readFile(join(kit.root, '.akira', 'sessions', sessionId, 'session.md'), 'utf8');
  expect(doc).toContain('## Round 1: task');
  expect(doc).toContain('## Round 2: task');
  expect(doc).toContain('round: 2');
  expect((await kit.call('agent.list', {})).sessions.find((s) => s.sessionId === sessionId)?.round).toBe(2);
  return detail;
}

describe('follow-ups on a finished session', () => {
  it('a completed session runs a second round with the first round in its context; its checkpoints go on', async () => {
    const kit = await kitWith({ files: { 'a.txt': 'old\n' }, settings: autonomous });
    kit.server.enqueue(
      plan('w', 'Write a.txt'),
      reply.toolCall('write_file', { path: 'a.txt', content: 'new\n' }),
      reply.toolCall('update_todo', { id: 'w', status: 'done', result: 'a.txt now says new' }),
      verdict('w', true),
      verdict('task', true),
    );
    const { sessionId } = await kit.call('agent.start', { task: 'rewrite a.txt' });
    await kit.waitForEvent('session_completed');
    const before = (await kit.call('checkpoints.list', {})).checkpoints.length;
    secondRound(kit, ['rewrite a.txt', 'Write a.txt', 'a.txt now says new', 'Files changed: a.txt', 'Summary: 1 TODO done']);
    const detail = await followUpCompletes(kit, sessionId);
    expect(detail.rounds?.[0]).toMatchObject({ task: 'rewrite a.txt', status: 'completed', files: ['a.txt'], todos: [{ id: 'w', status: 'done' }] });
    const checkpoints = (await kit.call('checkpoints.list', {})).checkpoints;
    expect(checkpoints.length).toBeGreaterThan(before);
    expect(checkpoints.some((c) => c.label === 'start of round 2')).toBe(true);
    expect(await readFile(join(kit.root, 'a.txt'), 'utf8')).toBe('new\n');
  });

  it('a failed session takes a follow-up', async () => {
    const kit = await kitWith({ files: { 'a.txt': 'old\n' }, settings: { agent: { mode: 'autonomous', policy: { limits: { maxRetriesPerTodo: 0 } } } } });
    kit.server.enqueue(
      plan('w', 'Write a.txt'),
      reply.toolCall('write_file', { path: 'a.txt', content: 'new\n' }),
      reply.toolCall('update_todo', { id: 'w', status: 'done', result: 'a.txt now says new' }),
      verdict('w', true),
      verdict('task', false),
    );
    const { sessionId } = await kit.call('agent.start', { task: 'rewrite a.txt' });
    await kit.waitForEvent('session_failed');
    secondRound(kit, ['rewrite a.txt', 'Write a.txt', '(failed)']);
    const detail = await followUpCompletes(kit, sessionId);
    expect(detail.rounds?.[0].status).toBe('failed');
  });

  it('a stopped session takes a follow-up', async () => {
    const kit = await kitWith({ files: { 'a.txt': 'old\n' } });
    kit.server.enqueue(plan('w', 'Write a.txt'), reply.toolCall('write_file', { path: 'a.txt', content: 'new\n' }));
    const { sessionId } = await kit.call('agent.start', { task: 'rewrite a.txt' });
    await kit.waitForEvent('approval_requested');
    await kit.call('agent.stop', { sessionId, reason: 'not like that' });
    await kit.waitForEvent('session_stopped');
    expect((await kit.fail('agent.resume', { sessionId })).code).toBe('conflict');
    // The follow-up's write asks too (default mode): approve it.
    secondRound(kit, ['rewrite a.txt', 'Write a.txt', '(stopped)']);
    const sending = kit.call('agent.sendMessage', { sessionId, text: 'now also write b.txt' });
    const asked = await kit.waitForEvent('approval_requested', (e) => (e.change as { path?: string } | undefined)?.path === 'b.txt');
    await kit.call('agent.approve', { sessionId, changeId: String(asked.changeId) });
    expect((await sending).round).toBe(2);
    await kit.waitForEvent('session_completed');
    kit.server.assertDone();
    const detail = await kit.call('agent.get', { sessionId });
    expect(detail).toMatchObject({ status: 'completed', round: 2 });
    expect(detail.rounds?.[0]).toMatchObject({ status: 'stopped', todos: [{ id: 'w' }] });
    expect(await readFile(join(kit.root, 'a.txt'), 'utf8')).toBe('old\n');
  });

  it('a running session takes the message into its next call, with no new round', async () => {
    const kit = await kitWith({ files: { 'a.txt': 'a\n' }, settings: autonomous });
    let sessionId = '';
    kit.server.enqueue(
      plan('l', 'Read a.txt'),
      async () => {
        const answer = await kit.call('agent.sendMessage', { sessionId, text: 'Please use a.txt only' });
        expect(answer.round).toBeUndefined();
        return reply.toolCall('read_file', { path: 'a.txt' });
      },
      (req) => {
        expect(sent(req)).toContain('Please use a.txt only');
        return reply.toolCall('update_todo', { id: 'l', status: 'done' });
      },
      verdict('l', true),
      verdict('task', true),
    );
    ({ sessionId } = await kit.call('agent.start', { task: 'read it' }));
    await kit.waitForEvent('session_completed');
    kit.server.assertDone();
    expect(kit.ofType('round_started')).toEqual([]);
    expect((await kit.call('agent.get', { sessionId })).round).toBe(1);
  });

  it("a follow-up on another workspace's session is a clear not_found", async () => {
    const first = await kitWith({ settings: autonomous });
    first.server.enqueue(plan('x', 'Nothing'), reply.toolCall('update_todo', { id: 'x', status: 'done' }), verdict('x', true), verdict('task', true));
    const { sessionId } = await first.call('agent.start', { task: 'elsewhere' });
    await first.waitForEvent('session_completed');
    const other = await kitWith({ settings: autonomous });
    const err = await other.fail('agent.sendMessage', { sessionId, text: 'go on' });
    expect(err.code).toBe('not_found');
    expect(err.message).toBe(`No session ${sessionId} in this workspace.`);
    expect(other.server.requests.length).toBe(0);
  });
});
