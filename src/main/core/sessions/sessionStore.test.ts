import { mkdir, readdir, readFile, symlink, truncate, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../testing/tempTree';
import { AkiraError } from '../errors';
import { parseFrontMatter } from './sessionDoc';
import { replay } from '../../../shared/agent/sessionReplay';
import { createSessionStore, type SessionStore } from './sessionStore';
import { parseEventLog } from './eventLog';
import { todo } from '../../../testing/sessionEvents';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let root: string;
let cleanup: () => Promise<void>;
let store: SessionStore;
beforeEach(async () => {
  ({ dir: root, cleanup } = await tempDir('akira-sessions-'));
  store = createSessionStore({ root });
});
afterEach(async () => {
  await store.dispose();
  await cleanup();
});

async function rejectsWith(p: Promise<unknown>, code: string, message?: RegExp): Promise<void> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AkiraError);
  expect((err as AkiraError).code).toBe(code);
  if (message) expect((err as AkiraError).message).toMatch(message);
}

const base = { task: 'Add a /health endpoint', mode: 'code-dev', model: 'test-model' };

describe('SessionStore', () => {
  it('creates the session folder with its files and a UUID v4 id', async () => {
    const s = await store.createSession({ ...base, options: { planApproval: true } });
    expect(s.sessionId).toMatch(UUID_V4);
    expect(s.dir).toBe(join(root, '.akira', 'sessions', s.sessionId));
    expect((await readdir(s.dir)).sort()).toEqual(['api-calls.md', 'decisions.md', 'events.jsonl', 'history.md', 'rollbacks.md', 'session.md', 'writer.lock']);
    expect(s.state()).toMatchObject({ sessionId: s.sessionId, task: base.task, status: 'planning', lastSeq: 1, options: { planApproval: true } });
    const fm = parseFrontMatter(await readFile(join(s.dir, 'session.md'), 'utf8'));
    expect(fm).toMatchObject({ ok: true, value: { sessionId: s.sessionId, task: base.task, status: 'planning', progress: { done: 0, total: 0 } } });
    await s.close();
    expect(await readdir(s.dir)).not.toContain('writer.lock');
  });

  it('round trip: what was appended is what a reload replays, and a reopened session continues', async () => {
    const s = await store.createSession(base);
    const seen: string[] = [];
    s.onEvent((e, state) => seen.push(`${e.seq}:${e.type}:${state.lastSeq}`));
    await s.append({ type: 'plan_proposed', todos: [todo('t1'), todo('t2')], needsApproval: false });
    await s.append({ type: 'status_changed', status: 'running', phase: 'execute' });
    await s.append({ type: 'todo_updated', todo: todo('t1', 'in_progress') });
    await s.append({ type: 'tool_call_started', callId: 'c1', todoId: 't1', tool: 'read_file', input: 'package.json' });
    const last = await s.append({ type: 'tool_call_finished', callId: 'c1', todoId: 't1', tool: 'read_file', summary: '12 lines' });
    expect(last).toMatchObject({ seq: 6, type: 'tool_call_finished', isError: false });
    expect(seen).toEqual(['2:plan_proposed:2', '3:status_changed:3', '4:todo_updated:4', '5:tool_call_started:5', '6:tool_call_finished:6']);

    const loaded = await store.loadSession(s.sessionId);
    expect(loaded.problems).toEqual([]);
    expect(loaded.events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(loaded.state).toEqual(s.state());
    await s.close();

    const again = await store.openSession(s.sessionId);
    expect(again.state()).toEqual(loaded.state);
    const next = await again.append({ type: 'verification', todoId: 't1', approved: true, confidence: 0.9 });
    expect(next.seq).toBe(7);
    expect(again.state().todos[0].status).toBe('done');
    await again.close();
    expect((await store.loadSession(s.sessionId)).state.lastSeq).toBe(7);
  });

  it('serialises concurrent appends: seqs follow the call order and every line is whole', async () => {
    const s = await store.createSession(base);
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) => s.append({ type: 'user_message', messageId: `m${i}`, text: `message ${i} ${'x'.repeat(i * 10)}` })),
    );
    expect(results.map((e) => e.seq)).toEqual(Array.from({ length: 300 }, (_, i) => i + 2));
    const log = parseEventLog(await readFile(join(s.dir, 'events.jsonl')));
    expect(log.problems).toEqual([]);
    expect(log.events.slice(1).map((e) => (e.type === 'user_message' ? e.messageId : ''))).toEqual(results.map((_, i) => `m${i}`));
    expect(s.state().userMessages).toHaveLength(300);
    const fm = parseFrontMatter(await readFile(join(s.dir, 'session.md'), 'utf8'));
    expect(fm.ok && fm.value.lastSeq).toBe(301);
  });

  it('refuses invalid events without using a seq', async () => {
    const s = await store.createSession(base);
    await rejectsWith(s.append({ type: 'verification', todoId: 't', approved: true, confidence: 2 } as never), 'bad_request', /verification.*confidence/);
    await rejectsWith(s.append({ type: 'teleport' } as never), 'bad_request');
    await rejectsWith(s.append({ ...base, type: 'session_started', sessionId: s.sessionId } as never), 'bad_request', /createSession only/);
    const [bad, good] = await Promise.allSettled([
      s.append({ type: 'status_changed', status: 'sleeping' } as never),
      s.append({ type: 'status_changed', status: 'paused' }),
    ]);
    expect(bad.status).toBe('rejected');
    expect(good).toMatchObject({ status: 'fulfilled', value: { seq: 2 } });
    await s.close();
    await rejectsWith(s.append({ type: 'session_stopped' }), 'conflict', /closed/);
  });

  it('validates ids, tasks and paths', async () => {
    for (const id of ['../../etc', 'not-a-uuid', '3b241101-e2bb-1255-8caf-4136c566a962', '', '3b241101-e2bb-4255-8caf-4136c566a962/../x']) {
      await rejectsWith(store.openSession(id), 'bad_request', /UUID v4/);
      await rejectsWith(store.loadSession(id), 'bad_request', /UUID v4/);
    }
    await rejectsWith(store.openSession('3b241101-e2bb-4255-8caf-4136c566a962'), 'not_found');
    await rejectsWith(store.createSession({ ...base, task: '   ' }), 'bad_request', /task.*empty/);
    await rejectsWith(store.createSession({ ...base, task: 'x'.repeat(20_001) }), 'bad_request', /longer than 20000/);
    await rejectsWith(store.createSession({ ...base, mode: '' }), 'bad_request', /mode/);
    await rejectsWith(store.createSession({ ...base, sessionId: '../escape' }), 'bad_request', /UUID v4/);
    const upper = '3B241101-E2BB-4255-8CAF-4136C566A962';
    const s = await store.createSession({ ...base, sessionId: upper });
    expect(s.sessionId).toBe(upper.toLowerCase());
    await rejectsWith(store.createSession({ ...base, sessionId: upper }), 'conflict', /already exists/);
    await s.close();
    expect(await readdir(join(root, '.akira', 'sessions'))).toEqual([upper.toLowerCase()]);
  });

  it('refuses a .akira folder that links out of the workspace', async () => {
    const { dir: outside, cleanup: cleanOutside } = await tempDir('akira-outside-');
    try {
      await symlink(outside, join(root, '.akira'));
      await rejectsWith(store.createSession(base), 'forbidden');
      expect(await readdir(outside)).toEqual([]);
    } finally {
      await cleanOutside();
    }
  });

  it('one writer per session: a second open is a conflict, in this store or another', async () => {
    const s = await store.createSession(base);
    await rejectsWith(store.openSession(s.sessionId), 'conflict', /already open/);
    const other = createSessionStore({ root });
    await rejectsWith(other.openSession(s.sessionId), 'conflict', /open in this process/);
    await s.close();
    const reopened = await other.openSession(s.sessionId);
    await reopened.close();
    await other.dispose();
  });

  it('a stale lock (its process is gone) is taken over', async () => {
    const s = await store.createSession(base);
    await s.close();
    await writeFile(join(s.dir, 'writer.lock'), JSON.stringify({ pid: 2 ** 22 + 12345, host: hostname(), since: '' }));
    const again = await store.openSession(s.sessionId);
    expect(again.state().lastSeq).toBe(1);
    await again.close();
  });

  it('redacts secrets in every markdown log and in the event log, but not in change contents', async () => {
    const secret = 'hunter2-super-secret-key';
    const redacting = createSessionStore({ root, secrets: [secret] });
    const s = await redacting.createSession({ ...base, task: `Use key ${secret} to call the API` });
    redacting.addSecrets('second-secret-value');
    await s.append({ type: 'user_message', messageId: 'm', text: `my key is ${secret} and second-secret-value` });
    await s.append({
      type: 'model_call',
      model: 'm',
      phase: 'plan',
      status: 401,
      outcome: 'failed',
      latencyMs: 3,
      error: `Unauthorized: Bearer ${secret} / sk-abcdefghijklmnop1234`,
    });
    await s.append({ type: 'change_proposed', changeId: 'c', todoId: null, change: { path: '.env', kind: 'create', before: null, after: `KEY=${secret}\n`, beforeHash: null } });
    await s.close();
    for (const file of ['session.md', 'history.md', 'api-calls.md', 'decisions.md', 'rollbacks.md']) {
      const text = await readFile(join(s.dir, file), 'utf8');
      expect(text, file).not.toContain(secret);
      expect(text, file).not.toContain('second-secret-value');
      expect(text, file).not.toContain('sk-abcdefghijklmnop1234');
    }
    expect(await readFile(join(s.dir, 'api-calls.md'), 'utf8')).toContain('[redacted]');
    const log = parseEventLog(await readFile(join(s.dir, 'events.jsonl')));
    const lines = log.events.map((e) => JSON.stringify(e));
    expect(lines.slice(0, 3).join('\n')).not.toContain(secret);
    expect(lines[3]).toContain(`KEY=${secret}`); // the proposed file content stays exact
    await redacting.dispose();
  });

  it('writes readable markdown logs', async () => {
    const s = await store.createSession(base);
    await s.append({ type: 'plan_proposed', todos: [todo('t1'), todo('t2')], needsApproval: true });
    await s.append({ type: 'plan_approved' });
    await s.append({ type: 'tool_call_started', callId: 'c1', todoId: 't1', tool: 'run_command', input: 'npm test | tail' });
    await s.append({ type: 'command_finished', callId: 'c1', todoId: 't1', command: 'npm test | tail', exitCode: 1, durationMs: 1234.5, output: 'FAIL a.test.ts' });
    await s.append({ type: 'tool_call_finished', callId: 'c1', todoId: 't1', tool: 'run_command', summary: 'exit 1', isError: true });
    await s.append({ type: 'model_call', model: 'gpt-x', phase: 'verify', todoId: 't1', attempt: 2, status: 200, latencyMs: 812.4, usage: { promptTokens: 1500, completionTokens: 42 }, costUsd: 0.0031 });
    const json = { endpoint: 'http://127.0.0.1:8080/v1/chat/completions', promptChars: 4002 };
    await s.append({ type: 'model_call', model: 'json-model', phase: 'execute', todoId: 't2', status: 200, latencyMs: 5, ...json, json: { repaired: ['removed trailing commas'], placeholders: ['todos'] } });
    await s.append({ type: 'model_call', model: 'json-model', phase: 'plan', todoId: 't2', status: 200, latencyMs: 5, ...json, json: { repaired: [], placeholders: [], reasked: 'the object is empty' } });
    await s.append({ type: 'verification', todoId: 't1', approved: false, confidence: 0.35, feedback: 'The test still fails:\nexpected 200, got 404' });
    await s.append({ type: 'rollback', checkpointId: 'cp-3', mode: 'files', files: ['src/a.ts', 'src/b|c.ts'], safetyCheckpointId: 'cp-4' });
    await s.close();
    const read = (f: string) => readFile(join(s.dir, f), 'utf8');

    const history = await read('history.md');
    expect(history).toMatch(/^# History: Add a \/health endpoint\n/);
    expect(history).toMatch(/- \d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ · \*\*Plan\*\* of 2 TODO\(s\), waiting for approval:\n {2}1\. Do t1 \(id t1; expect: t1 works\)\n/);
    expect(history).toContain('→ `run_command` [t1] npm test | tail');
    expect(history).toContain('Command [t1] `npm test | tail` exit 1 in 1235 ms: FAIL a.test.ts');
    expect(history).toContain('✗ `run_command` [t1] exit 1');
    expect(history).toContain('**Verification** of TODO t1: rejected (confidence 0.35): The test still fails: expected 200, got 404');
    expect(history).toContain('**Rollback** to checkpoint `cp-3` (files), 2 files');

    const decisions = await read('decisions.md');
    expect(decisions).toMatch(/## .* · TODO t1 · rejected · confidence 0\.35 · attempt 1\n\n\*\*TODO:\*\* Do t1\n\n\*\*Expected:\*\* t1 works\n\n> The test still fails:\n> expected 200, got 404\n/);

    const api = (await read('api-calls.md')).split('\n');
    expect(api).toContain('| time | model | phase | TODO | tokens in | tokens out | latency ms | status | attempt | outcome | cost | endpoint | prompt | JSON mode |');
    expect(api.find((l) => l.includes('gpt-x'))).toMatch(/^\| \S+ \S+ \| gpt-x \| verify \| t1 \| 1500 \| 42 \| 812 \| 200 \| 2 \| ok \| \$0\.0031 \| {2}\| {2}\| {2}\|$/);
    expect(api.find((l) => l.includes('json-model'))).toMatch(
      /\| json-model \| execute \| t2 \| .* \| ok \| {2}\| http:\/\/127\.0\.0\.1:8080\/v1\/chat\/completions \| 4002 chars \(~1001 tokens\) \| repaired: removed trailing commas; placeholders: todos \|$/,
    );
    expect(history).toContain('JSON reply [t2] (execute) fixed by the parser: repaired: removed trailing commas; placeholders: todos');
    expect(history).toContain('JSON reply [t2] (plan) not usable, asked again: the object is empty');

    const rollbacks = await read('rollbacks.md');
    expect(rollbacks).toMatch(/## .* · restored `cp-3` · mode files\n\nUndo with checkpoint `cp-4` \(taken just before\)\.\n\n2 files:\n\n- `src\/a\.ts`\n- `src\/b\|c\.ts`\n/);
  });

  it('session.md: front matter and a readable TODO table (snapshot)', async () => {
    let t = Date.parse('2025-03-01T10:00:00.000Z');
    const fixed = createSessionStore({ root, now: () => new Date((t += 1000)) });
    const s = await fixed.createSession({ ...base, sessionId: '3b241101-e2bb-4255-8caf-4136c566a962', task: 'Add a /health endpoint\n\nIt answers {"ok": true} | with 200.' });
    await s.append({ type: 'plan_proposed', todos: [todo('t1'), todo('t2', 'pending', { description: 'Write a test\nfor | the route' })] });
    await s.append({ type: 'status_changed', status: 'running', phase: 'execute' });
    await s.append({ type: 'model_call', model: 'test-model', phase: 'execute', todoId: 't1', status: 200, latencyMs: 50, usage: { promptTokens: 1234, completionTokens: 56 }, costUsd: 0.0042 });
    await s.append({ type: 'todo_updated', todo: todo('t1', 'verifying', { result: 'Added src/health.ts' }) });
    await s.append({ type: 'verification', todoId: 't1', approved: true, confidence: 0.92, feedback: 'Route exists' });
    await s.append({ type: 'change_proposed', changeId: 'ch', todoId: 't2', change: { path: 'test/health.test.ts', kind: 'create', before: null, after: 'x', beforeHash: null } });
    await s.append({ type: 'status_changed', status: 'waiting_approval' });
    const doc = await readFile(join(s.dir, 'session.md'), 'utf8');
    await fixed.dispose();
    expect(doc).toMatchInlineSnapshot(`
      "---
      sessionId: "3b241101-e2bb-4255-8caf-4136c566a962"
      task: "Add a /health endpoint\\n\\nIt answers {\\"ok\\": true} | with 200."
      mode: "code-dev"
      model: "test-model"
      status: waiting_approval
      phase: execute
      createdAt: "2025-03-01T10:00:01.000Z"
      updatedAt: "2025-03-01T10:00:08.000Z"
      totals:
        tokensIn: 1234
        tokensOut: 56
        costUsd: 0.0042
        modelCalls: 1
      progress:
        done: 1
        total: 2
      lastSeq: 8
      formatVersion: 1
      ---

      # Session: Add a /health endpoint

      **Status:** waiting approval · **phase:** execute · **mode:** code-dev · **model:** \`test-model\`

      **Progress:** 1/2 TODOs done · **tokens:** 1,234 in / 56 out · **cost:** $0.0042 · **model calls:** 1 · **tool calls:** 0

      Started 2025-03-01T10:00:01.000Z, updated 2025-03-01T10:00:08.000Z. Session \`3b241101-e2bb-4255-8caf-4136c566a962\`.

      ## Task

      > Add a /health endpoint
      >
      > It answers {"ok": true} | with 200.

      ## TODOs

      | # | id | status | description | expected result | result |
      | --- | --- | --- | --- | --- | --- |
      | 1 | t1 | [x] done | Do t1 | t1 works | Added src/health.ts<br>verified (0.92): Route exists |
      | 2 | t2 | [ ] pending | Write a test<br>for \\| the route | t2 works |  |

      ## Waiting for approval

      - create \`test/health.test.ts\` (TODO t2)

      Logs: [history](history.md) · [decisions](decisions.md) · [API calls](api-calls.md) · [rollbacks](rollbacks.md) · \`events.jsonl\` (machine log)
      "
    `);
  });

  it('lists sessions newest first from the front matter', async () => {
    let t = Date.parse('2025-03-01T10:00:00.000Z');
    store = createSessionStore({ root, now: () => new Date((t += 1000)) });
    const a = await store.createSession({ ...base, task: 'first' });
    await a.append({ type: 'plan_proposed', todos: [todo('x', 'done'), todo('y')] });
    await a.append({ type: 'session_stopped', reason: 'user' });
    const b = await store.createSession({ ...base, task: 'second' });
    await b.append({ type: 'status_changed', status: 'running' });
    await mkdir(join(root, '.akira', 'sessions', 'not-a-session'));
    await mkdir(join(root, '.akira', 'sessions', '11111111-1111-4111-8111-111111111111')); // empty: skipped
    const list = await store.listSessions();
    expect(list.map((s) => [s.task, s.status, s.progress])).toEqual([
      ['second', 'running', { done: 0, total: 0 }],
      ['first', 'stopped', { done: 1, total: 2 }],
    ]);
    expect(list[0]).toMatchObject({ sessionId: b.sessionId, mode: 'code-dev', model: 'test-model', totals: { tokensIn: 0, costUsd: null } });
  });

  it('listSessions with 200 sessions reads only the front matter (events.jsonl of 3 GB each is never read)', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 200; i++) {
      const s = await store.createSession({ ...base, task: `task ${i}` });
      await s.append({ type: 'plan_proposed', todos: [todo('a', i % 2 ? 'done' : 'pending')] });
      if (i % 3 === 0) await s.append({ type: 'session_completed' });
      await s.close();
      // A sparse file larger than any Buffer: reading it would fail (and fall back, dropping the row).
      await truncate(join(s.dir, 'events.jsonl'), 3 * 2 ** 30);
      ids.push(s.sessionId);
    }
    const list = await store.listSessions();
    expect(list).toHaveLength(200);
    const byTask = new Map(list.map((s) => [s.task, s]));
    for (let i = 0; i < 200; i++) {
      expect(byTask.get(`task ${i}`)).toMatchObject({ sessionId: ids[i], status: i % 3 === 0 ? 'completed' : 'planning', progress: { done: i % 2, total: 1 } });
    }
  });

  it('falls back to the event log when session.md is missing or broken, and openSession rewrites it', async () => {
    const s = await store.createSession(base);
    await s.append({ type: 'plan_proposed', todos: [todo('a')] });
    await s.close();
    await writeFile(join(s.dir, 'session.md'), '---\nstatus: [broken\n');
    expect(await store.listSessions()).toMatchObject([{ sessionId: s.sessionId, progress: { done: 0, total: 1 } }]);
    await (await store.openSession(s.sessionId)).close();
    expect(parseFrontMatter(await readFile(join(s.dir, 'session.md'), 'utf8'))).toMatchObject({ ok: true, value: { lastSeq: 2 } });
  });

  it('crash at any byte of events.jsonl: loading never throws unexpectedly, keeps every complete event, and the session continues', async () => {
    const s = await store.createSession(base);
    await s.append({ type: 'plan_proposed', todos: [todo('a'), todo('b')] });
    for (let i = 0; i < 20; i++) await s.append({ type: 'user_message', messageId: `m${i}`, text: `hello ${i} ✓` });
    await s.close();
    const path = join(s.dir, 'events.jsonl');
    const full = await readFile(path);
    const all = parseEventLog(full).events;
    const cuts = [1, 10, full.indexOf(0x0a) + 1, full.length - 1, full.length];
    for (let i = 0; i < 25; i++) cuts.push(1 + Math.floor(Math.random() * (full.length - 1)));
    for (const cut of cuts) {
      await writeFile(path, full.subarray(0, cut));
      const complete = full.subarray(0, cut).toString('utf8').split('\n').length - 1;
      if (complete === 0) {
        await rejectsWith(store.loadSession(s.sessionId), 'not_found', /no readable events/);
        continue;
      }
      const loaded = await store.loadSession(s.sessionId);
      expect(loaded.events).toEqual(all.slice(0, complete));
      expect(loaded.state).toEqual(replay(all.slice(0, complete)));
      const handle = await store.openSession(s.sessionId);
      expect(handle.problems().length).toBe(cut === full.length || full[cut - 1] === 0x0a ? 0 : 1);
      const e = await handle.append({ type: 'user_message', messageId: 'after', text: 'resumed' });
      expect(e.seq).toBe(complete + 1);
      await handle.close();
      const after = await store.loadSession(s.sessionId);
      expect(after.problems).toEqual([]);
      expect(after.events).toHaveLength(complete + 1);
    }
  });
});
