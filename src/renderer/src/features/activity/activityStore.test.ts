import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../shared/contract';

/** Events written by hand, only the fields a card needs (cast to the contract's union). */
type PartialEvent = { type: AgentEvent['type'] } & Record<string, unknown>;
import { createAgentEventHub, type HubEntry } from '../agent/agentEventHub';
import { greetSession, skipSession, type Recording } from '../agent/fixtures/recorded';
import type { ActivityItem } from './activityItems';
import { applyActivityBatch, commandOfInput, commandTitle, emptyActivity } from './activityReducer';
import { attachActivity, useActivityStore, type ActivityAttachment } from './activityStore';
import { noticeText } from './noticeText';

const entriesOf = (r: Recording): HubEntry[] => r.entries.map((e, i) => ({ ...e, n: i + 1 }) as HubEntry);
const build = (r: Recording) => applyActivityBatch(emptyActivity(r.sessionId), entriesOf(r));
const ofKind = <K extends ActivityItem['kind']>(items: ActivityItem[], kind: K) => items.filter((i): i is Extract<ActivityItem, { kind: K }> => i.kind === kind);

describe('activity reducer on recorded sessions', () => {
  it('templates the greet session: session, plan, text, tools, changes, verdicts, the terminal card, the end', () => {
    const { items } = build(greetSession);
    expect(items[0]).toMatchObject({ kind: 'session', task: 'Greet the world', mode: 'autonomous', model: 'test-model' });
    expect(ofKind(items, 'plan')[0]).toMatchObject({ needsApproval: true, todos: [{ id: 't1' }, { id: 't2' }] });
    expect(ofKind(items, 'plan_decision')).toMatchObject([{ approved: true, by: 'user' }]);
    expect(ofKind(items, 'user')).toMatchObject([{ text: 'Keep it short.' }]);
    expect(ofKind(items, 'text')).toMatchObject([{ text: 'I will write the file first.', todoId: 't1', streaming: false }]);

    const tools = ofKind(items, 'tool');
    expect(tools.map((t) => t.tool)).toEqual(['write_file', 'update_todo', 'edit_file', 'update_todo', 'update_todo']);
    expect(tools[0]).toMatchObject({ running: false, isError: false, output: 'Created greet.txt (1 lines).' });
    expect(JSON.parse(tools[0].input)).toEqual({ path: 'greet.txt', content: 'hello\n' });
    expect(tools.every((t) => typeof t.durationMs === 'number')).toBe(true);

    expect(ofKind(items, 'change').map((c) => [c.path, c.changeKind, c.decision, c.by, c.applied])).toEqual([
      ['greet.txt', 'create', 'approved', 'policy', true],
      ['greet.txt', 'modify', 'approved', 'policy', true],
    ]);

    const [terminal] = ofKind(items, 'terminal');
    const created = greetSession.entries.find((e) => e.kind === 'terminal');
    expect(terminal).toMatchObject({ command: 'cat greet.txt', exitCode: 0, running: false, isError: false, todoId: 't2' });
    expect(terminal.output).toContain('hello world');
    expect(terminal.terminalId).toBe(created?.kind === 'terminal' ? created.terminal.terminalId : 'none');

    const verdicts = ofKind(items, 'verification');
    expect(verdicts.map((v) => [v.todoId, v.approved, v.confidence, v.final])).toEqual([
      ['t1', false, 0.85, false],
      ['t1', true, 0.95, false],
      ['t2', true, 0.9, false],
      ['task', true, 0.97, true],
    ]);
    expect(verdicts[0].feedback).toContain('not "hello world"');
    expect(items.at(-1)).toMatchObject({ kind: 'end', outcome: 'completed' });
    // Quiet "running" status changes are left out; the plan wait is shown.
    expect(ofKind(items, 'status').map((s) => s.status)).toEqual(['awaiting_plan_approval']);
    expect(new Set(items.map((i) => i.key)).size).toBe(items.length);
  });

  it('makes an error card for the failed TODO that names the failed tool, and marks it answered', () => {
    const { items } = build(skipSession);
    const [error] = ofKind(items, 'error');
    expect(error).toMatchObject({ todoId: 'a', options: ['retry', 'skip', 'edit', 'stop'], answered: 'skip' });
    expect(error.failedTool).toMatchObject({ tool: 'read_file' });
    expect(error.failedTool?.output).toContain('No such file: missing.js');
    expect(error.text).toContain('TODO a failed');
    expect(ofKind(items, 'tool').find((t) => t.tool === 'read_file')).toMatchObject({ isError: true });
    expect(ofKind(items, 'verification')[0]).toMatchObject({ approved: false, nextStatus: 'failed' });
    expect(ofKind(items, 'notice').every((n) => n.level === 'warning')).toBe(true);
  });

  it('is the same whether the events come in one batch or one by one, and ignores repeats', () => {
    const entries = entriesOf(greetSession);
    const oneByOne = entries.reduce((s, e) => applyActivityBatch(s, [e]), emptyActivity(greetSession.sessionId));
    const strip = (items: ActivityItem[]) => items.map(({ key: _k, ...rest }) => rest);
    expect(strip(oneByOne.items)).toEqual(strip(build(greetSession).items));
    const again = applyActivityBatch(oneByOne, entries.filter((e) => e.kind === 'agent' && e.event.seq !== undefined));
    expect(again).toBe(oneByOne);
  });

  it('keeps unchanged cards as the same objects (only changed cards re-render)', () => {
    const entries = entriesOf(greetSession);
    const cut = entries.findIndex((e) => e.kind === 'agent' && e.event.type === 'tool_call_finished');
    const before = applyActivityBatch(emptyActivity(greetSession.sessionId), entries.slice(0, cut));
    const after = applyActivityBatch(before, [entries[cut]]);
    const changed = after.items.filter((item, i) => item !== before.items[i]);
    expect(changed.map((c) => c.kind)).toEqual(['tool']);
    expect(before.items.find((i) => i.kind === 'tool')).toMatchObject({ running: true });
  });

  it('drops the oldest cards past the cap and keeps updating the rest by key', () => {
    const sessionId = greetSession.sessionId;
    let n = 0;
    const entry = (event: PartialEvent): HubEntry => ({ n: ++n, kind: 'agent', event: { sessionId, ...event } as AgentEvent });
    const started = Array.from({ length: 250 }, (_, i) => entry({ type: 'tool_call_started', seq: i + 1, callId: `c${i}`, todoId: 't1', tool: 'read_file', input: '{}' }));
    const s = applyActivityBatch(emptyActivity(sessionId), started, 100);
    expect(s.items.length).toBeLessThanOrEqual(100);
    expect(s.dropped + s.items.length).toBe(250);
    const done = applyActivityBatch(s, [entry({ type: 'tool_call_finished', seq: 251, callId: 'c249', todoId: 't1', tool: 'read_file', summary: 'ok', isError: false })], 100);
    expect(done.items.at(-1)).toMatchObject({ callId: 'c249', running: false, output: 'ok' });
  });

  it('puts what the sandbox did on the terminal card (issue 26), and nothing for an older log without it', () => {
    const sessionId = greetSession.sessionId;
    const ev = (event: PartialEvent, n: number): HubEntry => ({ n, kind: 'agent', event: { sessionId, seq: n, ...event } as AgentEvent });
    const blocked = [
      { kind: 'network', host: '127.0.0.1', port: 8080, reason: 'local_address' },
      { kind: 'write', path: '/var/tmp/x/planted.txt' },
    ];
    const started = applyActivityBatch(emptyActivity(sessionId), [ev({ type: 'tool_call_started', callId: 'c1', todoId: 't1', tool: 'run_command', input: '{"command":"curl -s http://127.0.0.1:8080/"}' }, 1)]);
    const done = applyActivityBatch(started, [ev({ type: 'command_finished', callId: 'c1', todoId: 't1', command: 'curl -s http://127.0.0.1:8080/', exitCode: 56, sandboxed: true, blocked }, 2)]);
    expect(ofKind(done.items, 'terminal')).toMatchObject([{ callId: 'c1', running: false, isError: true, sandboxed: true, blocked }]);
    const old = applyActivityBatch(started, [ev({ type: 'command_finished', callId: 'c1', todoId: 't1', command: 'curl -s http://127.0.0.1:8080/', exitCode: 0 }, 2)]);
    expect(ofKind(old.items, 'terminal')).toMatchObject([{ sandboxed: false, blocked: [] }]);
  });

  it("links a write's card to the change it proposed, so the card can say it waits for review (issue 27, defect 21)", () => {
    const sessionId = greetSession.sessionId;
    const ev = (event: PartialEvent, n: number): HubEntry => ({ n, kind: 'agent', event: { sessionId, seq: n, ...event } as AgentEvent });
    const change = { path: 'a.txt', kind: 'create', before: null, after: 'a\n', beforeHash: null };
    const s = applyActivityBatch(emptyActivity(sessionId), [
      ev({ type: 'tool_call_started', callId: 'c1', todoId: 't1', tool: 'write_file', input: '{"path":"a.txt","content":"a\\n"}' }, 1),
      ev({ type: 'change_proposed', changeId: 'ch1', callId: 'c1', todoId: 't1', change }, 2),
    ]);
    expect(ofKind(s.items, 'tool')).toMatchObject([{ callId: 'c1', running: true, changeId: 'ch1' }]);
  });

  it('appends streamed deltas to one text card and settles it with the full message', () => {
    const sessionId = greetSession.sessionId;
    const ev = (event: PartialEvent, n: number): HubEntry => ({ n, kind: 'agent', event: { sessionId, ...event } as AgentEvent });
    const deltas = Array.from({ length: 50 }, (_, i) => ev({ type: 'assistant_delta', phase: 'execute', todoId: 't1', text: `w${i} ` }, i + 1));
    const streamed = applyActivityBatch(emptyActivity(sessionId), deltas);
    expect(streamed.items).toHaveLength(1);
    expect(streamed.items[0]).toMatchObject({ kind: 'text', streaming: true, todoId: 't1', text: deltas.map((d) => (d.kind === 'agent' && d.event.type === 'assistant_delta' ? d.event.text : '')).join('') });
    const withCall = applyActivityBatch(streamed, [ev({ type: 'model_call', seq: 1, todoId: 't1', outcome: 'ok' }, 60)]);
    expect(withCall.items[0]).toMatchObject({ streaming: true });
    const settled = applyActivityBatch(withCall, [ev({ type: 'assistant_message', todoId: 't1', text: 'final text' }, 61)]);
    expect(settled.items).toMatchObject([{ kind: 'text', streaming: false, text: 'final text' }]);
    expect(settled.streamingKey).toBeNull();
  });

  it('shows the plan as the user edited it once approved with TODOs; an approval without TODOs leaves the proposal', () => {
    const sessionId = greetSession.sessionId;
    const ev = (event: PartialEvent, n: number): HubEntry => ({ n, kind: 'agent', event: { sessionId, seq: n, ...event } as AgentEvent });
    const proposed = [
      { id: 't1', description: 'Create greet.txt', expectedResult: 'it exists' },
      { id: 't2', description: 'Delete the README', expectedResult: 'it is gone' },
    ];
    const asked = applyActivityBatch(emptyActivity(sessionId), [ev({ type: 'plan_proposed', todos: proposed, needsApproval: true }, 1)]);
    const plain = applyActivityBatch(asked, [ev({ type: 'plan_approved', by: 'user' }, 2)]);
    expect(ofKind(plain.items, 'plan')).toMatchObject([{ todos: proposed }]);
    expect(ofKind(plain.items, 'plan')[0].edited).toBeUndefined();
    const same = applyActivityBatch(asked, [ev({ type: 'plan_approved', by: 'user', todos: proposed }, 2)]);
    expect(ofKind(same.items, 'plan')[0].edited).toBeUndefined();
    const edited = [{ id: 't1', description: 'Create greet.txt saying hello', expectedResult: 'it exists' }, { id: 't3', description: 'Write notes.md', expectedResult: '' }];
    const approved = applyActivityBatch(asked, [ev({ type: 'plan_approved', by: 'user', todos: edited }, 2)]);
    expect(ofKind(approved.items, 'plan')).toMatchObject([{ todos: edited, edited: true, needsApproval: true }]);
    expect(ofKind(approved.items, 'plan_decision')).toMatchObject([{ approved: true }]);
    expect(ofKind(asked.items, 'plan')[0].todos).toEqual(proposed); // the earlier state is untouched
  });

  it('keeps a text cut off by a retry as such, and streams the retried reply into a new card', () => {
    const sessionId = greetSession.sessionId;
    const ev = (event: PartialEvent, n: number): HubEntry => ({ n, kind: 'agent', event: { sessionId, ...event } as AgentEvent });
    const s = applyActivityBatch(emptyActivity(sessionId), [
      ev({ type: 'assistant_delta', todoId: null, text: 'Half a sen' }, 1),
      ev({ type: 'model_retry', attempt: 2, delayMs: 1000, reason: 'HTTP 500' }, 2),
      ev({ type: 'assistant_delta', todoId: null, text: 'A whole sentence.' }, 3),
      ev({ type: 'tool_call_started', seq: 1, callId: 'c1', todoId: null, tool: 'todo_write', input: '{}' }, 4),
    ]);
    expect(s.items.map((i) => [i.kind, i.kind === 'text' ? [i.text, i.streaming, !!i.superseded] : null])).toEqual([
      ['text', ['Half a sen', false, true]],
      ['notice', null],
      ['text', ['A whole sentence.', false, false]],
      ['tool', null],
    ]);
    expect(s.items[1]).toMatchObject({ level: 'retry' });
    expect(noticeText(s.items[1] as Extract<ActivityItem, { kind: 'notice' }>, 'en')).toBe('The model call is retried (attempt 2) in 1 s: HTTP 500');
  });

  it('leaves no call "running" once the session pauses or stops; a resumed call finishes as usual', () => {
    const sessionId = greetSession.sessionId;
    let n = 0;
    const ev = (event: PartialEvent): HubEntry => ({ n: ++n, kind: 'agent', event: { sessionId, ts: '2026-01-01T00:00:00.000Z', ...event } as AgentEvent });
    let s = applyActivityBatch(emptyActivity(sessionId), [
      ev({ type: 'tool_call_started', seq: 1, callId: 'c1', todoId: 't1', tool: 'write_file', input: '{}' }),
      ev({ type: 'tool_call_started', seq: 2, callId: 'c2', todoId: 't1', tool: 'run_command', input: '{"command":"npm test"}' }),
      ev({ type: 'status_changed', seq: 3, status: 'paused', reason: 'Paused by the user.' }),
    ]);
    expect(s.items.slice(0, 2).map((i) => i.kind === 'tool' || i.kind === 'terminal' ? [i.running, i.halted] : null)).toEqual([[false, 'paused'], [false, 'paused']]);
    s = applyActivityBatch(s, [ev({ type: 'tool_call_finished', seq: 4, callId: 'c1', todoId: 't1', tool: 'write_file', summary: 'Created a.txt', isError: false })]);
    expect(s.items[0]).toMatchObject({ running: false, halted: null, output: 'Created a.txt' });
    s = applyActivityBatch(s, [ev({ type: 'tool_call_started', seq: 5, callId: 'c3', todoId: 't1', tool: 'read_file', input: '{}' }), ev({ type: 'session_stopped', seq: 6, reason: 'Stopped.' })]);
    expect(s.items.find((i) => i.key === 'call:c3')).toMatchObject({ running: false, halted: 'stopped' });
  });

  it("keeps a failed call's words for its card, and replays an older log without them (issue 14)", () => {
    const sessionId = greetSession.sessionId;
    const ev = (event: PartialEvent, n: number): HubEntry => ({ n, kind: 'agent', event: { sessionId, seq: n, ...event } as AgentEvent });
    const words = { key: 'tool.noSuchFile', values: ['nope.txt', ''] };
    const s = applyActivityBatch(emptyActivity(sessionId), [
      ev({ type: 'tool_call_started', callId: 'c1', todoId: 't1', tool: 'read_file', input: '{"path":"nope.txt"}' }, 1),
      ev({ type: 'tool_call_finished', callId: 'c1', todoId: 't1', tool: 'read_file', summary: 'Error: No such file: nope.txt', isError: true, errorWords: words }, 2),
      ev({ type: 'tool_call_finished', callId: 'c2', todoId: 't1', tool: 'read_file', summary: 'Error: No such file: old.txt', isError: true }, 3),
    ]);
    expect(s.items.find((i) => i.key === 'call:c1')).toMatchObject({ isError: true, output: 'Error: No such file: nope.txt', errorWords: words });
    expect(s.items.find((i) => i.key === 'call:c2')).toMatchObject({ isError: true, output: 'Error: No such file: old.txt', errorWords: null });
    // The failed TODO's question card names its last failed call, with the words (the older one has none).
    const asked = applyActivityBatch(
      applyActivityBatch(emptyActivity(sessionId), [
        ev({ type: 'tool_call_started', callId: 'c1', todoId: 't1', tool: 'read_file', input: '{"path":"nope.txt"}' }, 1),
        ev({ type: 'tool_call_finished', callId: 'c1', todoId: 't1', tool: 'read_file', summary: 'Error: No such file: nope.txt', isError: true, errorWords: words }, 2),
      ]),
      [ev({ type: 'question', questionId: 'q1', todoId: 't1', text: 'TODO t1 failed: retry, skip, edit or stop?', options: ['retry', 'stop'] }, 3)],
    );
    expect(asked.items.find((i) => i.kind === 'error')).toMatchObject({ failedTool: { tool: 'read_file', output: 'Error: No such file: nope.txt', errorWords: words } });

    // A change that could not be applied keeps its words for the change card too.
    const changed = { key: 'tool.changedSince', values: ['a.txt', 'changed'] };
    const c = applyActivityBatch(s, [
      ev({ type: 'change_proposed', changeId: 'ch1', callId: 'c3', todoId: 't1', change: { path: 'a.txt', kind: 'modify', before: 'a\n', after: 'b\n' } }, 4),
      ev({ type: 'change_applied', changeId: 'ch1', path: 'a.txt', error: 'Error: a.txt changed on disk since the change was proposed; nothing was written.', errorWords: changed }, 5),
    ]);
    expect(c.items.find((i) => i.key === 'change:ch1')).toMatchObject({ applied: false, error: expect.stringMatching(/^Error: a\.txt changed/), errorWords: changed });
  });

  it('marks what a rewind went back over, with a card naming the checkpoint by its label; an undo brings it back', () => {
    const sessionId = greetSession.sessionId;
    let n = 0;
    const ev = (event: PartialEvent): HubEntry => ({ n: ++n, kind: 'agent', event: { sessionId, ts: '2026-01-01T00:00:00.000Z', ...event } as AgentEvent });
    let s = applyActivityBatch(emptyActivity(sessionId), [
      ev({ type: 'checkpoint_taken', seq: 1, checkpointId: 'cp1', todoId: 't1', label: 'TODO t1: a.txt' }),
      ev({ type: 'assistant_message', todoId: 't1', text: 'Now b.txt.' }),
      ev({ type: 'tool_call_started', seq: 2, callId: 'c1', todoId: 't1', tool: 'write_file', input: '{}' }),
      ev({ type: 'tool_call_finished', seq: 3, callId: 'c1', todoId: 't1', tool: 'write_file', summary: 'ok', isError: false }),
      ev({ type: 'session_completed', seq: 4, summary: 'done' }),
      ev({ type: 'rollback', seq: 5, checkpointId: 'cp1', mode: 'conversation', files: [], toSeq: 1 }),
      ev({ type: 'status_changed', seq: 6, status: 'paused', reason: 'Rewound to checkpoint “TODO t1: a.txt”: …' }),
    ]);
    const rewound = (st: typeof s) => st.items.filter((i) => i.rewound).map((i) => i.kind);
    expect(rewound(s)).toEqual(['text', 'tool', 'end']);
    expect(s.items.find((i) => i.kind === 'rewind')).toMatchObject({ key: 'rewind:5', label: 'TODO t1: a.txt', count: 3, undone: false, undo: false });
    expect(s.items.at(-1)).toMatchObject({ kind: 'status' });
    expect(s.items.at(-1)!.rewound).toBeFalsy();
    // The undo: the session's branch is the one before the rewind again; the rewind and its pause are what is left over.
    s = applyActivityBatch(s, [ev({ type: 'rollback', seq: 7, checkpointId: 'cp1', mode: 'conversation', files: [], toSeq: 4, undoes: 5 })]);
    expect(rewound(s)).toEqual(['status']);
    expect(s.items.find((i) => i.key === 'rewind:5')).toMatchObject({ undone: true });
    expect(s.items.at(-1)).toMatchObject({ kind: 'rewind', undo: true, label: 'TODO t1: a.txt' });
    // Going on after another rewind leaves the new cards on the branch.
    s = applyActivityBatch(s, [
      ev({ type: 'rollback', seq: 8, checkpointId: 'cp1', mode: 'conversation', files: [], toSeq: 1 }),
      ev({ type: 'tool_call_started', seq: 9, callId: 'c2', todoId: 't1', tool: 'write_file', input: '{}' }),
    ]);
    expect(s.items.at(-1)).toMatchObject({ key: 'call:c2' });
    expect(s.items.at(-1)!.rewound).toBeFalsy();
    expect(rewound(s)).toEqual(['text', 'tool', 'end', 'status']);
  });

  it('makes one card per sub-task that follows it to its end (issue 25)', () => {
    const sessionId = 's-parent';
    const ev = (event: PartialEvent, n: number): HubEntry => ({ n, kind: 'agent', event: { sessionId, seq: n, ...event } as AgentEvent });
    const started = applyActivityBatch(emptyActivity(sessionId), [ev({ type: 'subtask_started', childId: 's-child', task: 'Write the tests', mode: 'code' }, 1)]);
    expect(ofKind(started.items, 'subtask')).toMatchObject([{ childId: 's-child', task: 'Write the tests', mode: 'code', status: null, summary: '' }]);
    const ended = applyActivityBatch(started, [ev({ type: 'subtask_finished', childId: 's-child', status: 'completed', summary: 'Two tests added.' }, 2)]);
    expect(ofKind(ended.items, 'subtask')).toMatchObject([{ childId: 's-child', status: 'completed', summary: 'Two tests added.' }]);
    expect(ended.items).toHaveLength(1);
  });

  it('reads the command of a run_command call, even from a cut argument summary', () => {
    expect(commandOfInput('{"command":"npm test -- --run"}')).toBe('npm test -- --run');
    expect(commandOfInput('{"command":"echo \\"a\\"\\nls", "cwd": "src')).toBe('echo "a"\nls');
    expect(commandTitle('echo a\nls')).toBe('echo a …');
    expect(commandTitle('x'.repeat(100))).toHaveLength(80);
  });
});

let attached: ActivityAttachment | null = null;
afterEach(() => {
  attached?.detach();
  attached = null;
});

describe('activity store', () => {
  it('starts from the hub\'s history and applies live entries in one update per frame', () => {
    const hub = createAgentEventHub(null);
    const entries = greetSession.entries;
    const half = Math.floor(entries.length / 2);
    for (const e of entries.slice(0, half)) hub.push(e);
    const frames: (() => void)[] = [];
    attached = attachActivity(hub, greetSession.sessionId, {
      schedule: (flush) => {
        frames.push(flush);
        return () => undefined;
      },
    });
    const first = useActivityStore.getState().activity;
    expect(first.items[0]).toMatchObject({ kind: 'session' });
    let updates = 0;
    const off = useActivityStore.subscribe(() => updates++);
    for (const e of entries.slice(half)) hub.push(e);
    hub.push({ kind: 'agent', event: { ...skipSession.events[0] } }); // another session: not queued
    expect(frames).toHaveLength(1);
    expect(useActivityStore.getState().activity).toBe(first);
    frames[0]();
    off();
    expect(updates).toBe(1);
    expect(useActivityStore.getState().activity.items.map((i) => i.kind)).toEqual(build(greetSession).items.map((i) => i.kind));
  });

  it('a session this window did not watch from the start: the logged events before the kept ones are loaded', async () => {
    const hub = createAgentEventHub(null);
    const agentEntries = greetSession.entries.filter((e): e is Extract<typeof e, { kind: 'agent' }> => e.kind === 'agent');
    const logged = agentEntries.filter((e) => e.event.seq !== undefined);
    const cut = logged[Math.floor(logged.length / 2)].event.seq!;
    // The window saw only the second half.
    for (const e of greetSession.entries.slice(greetSession.entries.findIndex((e) => e.kind === 'agent' && e.event.seq === cut))) hub.push(e);
    const asked: (number | undefined)[] = [];
    attached = attachActivity(hub, greetSession.sessionId, {
      schedule: () => () => undefined,
      loadEarlier: async (beforeSeq) => {
        asked.push(beforeSeq);
        return logged.map((e) => e.event).filter((e) => e.seq! < (beforeSeq ?? Infinity));
      },
    });
    expect(useActivityStore.getState().activity.items[0]).not.toMatchObject({ kind: 'session' });
    await new Promise((r) => setTimeout(r, 0));
    expect(asked).toEqual([cut]);
    const items = useActivityStore.getState().activity.items;
    expect(items[0]).toMatchObject({ kind: 'session', task: 'Greet the world' });
    // Everything logged is there once, in order; only the unlogged model text of the first half is missing.
    const full = build(greetSession).items.filter((i) => i.kind !== 'text').map((i) => i.kind);
    expect(items.filter((i) => i.kind !== 'text').map((i) => i.kind)).toEqual(full);
  });

  it('keeps expanded cards by key', () => {
    useActivityStore.getState().toggle('call:x');
    expect(useActivityStore.getState().expanded.has('call:x')).toBe(true);
    useActivityStore.getState().toggle('call:x');
    expect(useActivityStore.getState().expanded.has('call:x')).toBe(false);
  });
});
