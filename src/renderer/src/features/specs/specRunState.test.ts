import { describe, expect, it } from 'vitest';
import type { AgentEvent, AgentSessionSummary, AgentTodo } from '../../../../shared/contract';
import { ClientError } from '../../client/client';
import { usePrefsStore } from '../../i18n';
import { followedSession, holdsSpec, runErrorText, runWhat, samePath, specName, specNoticeOf, taskRunStates } from './specRunState';

const todo = (id: string, status: AgentTodo['status'], extra: Partial<AgentTodo> = {}): AgentTodo => ({
  id,
  description: `Task ${id}`,
  expectedResult: '',
  status,
  result: null,
  rejections: 0,
  lastVerdict: null,
  checkpointIds: [],
  toolCalls: 0,
  tokensIn: 0,
  tokensOut: 0,
  ...extra,
});

const assessment = (judgedDone: boolean, confidence: number, provider: 'model' | 'heuristic' = 'model') => ({
  detected: judgedDone || confidence > 0.5,
  confidence,
  reasoning: judgedDone ? 'src/greet.js exports greet' : 'src/bye.js is missing',
  provider,
  judgedDone,
  threshold: 0.8,
  checks: ['file src/greet.js: exists'],
});

const summary = (sessionId: string, createdAt: string, spec: string | null, status: AgentSessionSummary['status'] = 'completed'): AgentSessionSummary => ({
  sessionId,
  task: 't',
  mode: 'code-dev',
  model: 'm',
  status,
  phase: 'done',
  createdAt,
  updatedAt: createdAt,
  progress: { done: 0, total: 0 },
  totals: { tokensIn: 0, tokensOut: 0, costUsd: null, modelCalls: 0 },
  live: false,
  spec,
});

describe('followedSession', () => {
  const path = '.akira/specs/auth/tasks.md';
  const sessions = [
    summary('a', '2024-01-01T00:00:00Z', path),
    summary('b', '2024-03-01T00:00:00Z', `./${path}`),
    summary('c', '2024-04-01T00:00:00Z', null),
    summary('d', '2024-05-01T00:00:00Z', '.akira/specs/other/tasks.md'),
  ];
  it('is the newest session of this tasks.md, however the path was written', () => {
    expect(followedSession(sessions, path)).toBe('b');
    expect(followedSession(sessions, '.kiro/specs/x/tasks.md')).toBeNull();
    expect(samePath('a\\b/tasks.md', './a/b//tasks.md')).toBe(true);
  });
  it('is the session this window just started until the list has it', () => {
    expect(followedSession(sessions, path, 'new')).toBe('new');
    expect(followedSession(sessions, path, 'a')).toBe('b');
  });
});

describe('taskRunStates', () => {
  it('judged done with its confidence and reasoning; done; failed and rolled back; running; queued', () => {
    const states = taskRunStates({
      status: 'running',
      phase: 'execute',
      todos: [
        todo('1', 'done', { assessment: assessment(true, 0.92), tick: { ok: true, message: null, ts: 't' } }),
        todo('2', 'done', { assessment: assessment(false, 0.9, 'heuristic'), lastVerdict: { approved: true, confidence: 0.9, feedback: 'ok' } }),
        todo('3', 'failed', { failureHandled: 'rollback', result: 'tests fail' }),
        todo('4', 'in_progress'),
        todo('5', 'pending'),
      ],
    });
    expect(states.get('1')).toMatchObject({ kind: 'judged_done', label: 'judged done 0.92', tickProblem: null });
    expect(states.get('1')!.title).toContain('by the model, confidence 0.92 (threshold 0.80): src/greet.js exports greet');
    expect(states.get('2')).toMatchObject({ kind: 'done', label: 'done' });
    expect(states.get('2')!.assessment?.provider).toBe('heuristic');
    expect(states.get('3')).toMatchObject({ kind: 'failed', label: 'failed · rolled back', rolledBack: true });
    expect(states.get('3')!.title).toContain('tests fail');
    expect(states.get('4')).toMatchObject({ kind: 'running', label: 'running' });
    expect(states.get('5')).toMatchObject({ kind: 'queued' });
  });

  it('the task being judged is "assessing"; verifying; a tick that failed is said', () => {
    const states = taskRunStates({
      status: 'running',
      phase: 'assess',
      todos: [todo('1', 'done', { tick: { ok: false, message: 'task 1 is not in tasks.md any more', ts: 't' } }), todo('2', 'pending'), todo('3', 'pending')],
    });
    expect(states.get('1')!.tickProblem).toBe('task 1 is not in tasks.md any more');
    expect(states.get('2')).toMatchObject({ kind: 'assessing' });
    expect(states.get('3')).toMatchObject({ kind: 'queued' });
    expect(taskRunStates({ status: 'running', phase: 'verify', todos: [todo('1', 'verifying')] }).get('1')).toMatchObject({ kind: 'verifying', label: 'verifying' });
  });

  it('a session waiting in the agent queue shows its tasks as queued, saying why', () => {
    const states = taskRunStates({ status: 'queued', phase: 'assess', todos: [todo('1', 'pending'), todo('2', 'pending')] });
    expect(states.get('1')).toMatchObject({ kind: 'queued', label: 'queued' });
    expect(states.get('2')!.title).toBe('The session waits in the agent queue; it starts by itself.');
    expect(holdsSpec('queued')).toBe(true);
  });

  it('after the end, tasks never reached are plain open and one cut short says so', () => {
    const states = taskRunStates({ status: 'stopped', phase: 'execute', todos: [todo('1', 'in_progress'), todo('2', 'pending'), todo('3', 'skipped')] });
    expect(states.get('1')).toMatchObject({ kind: 'running', label: 'stopped here' });
    expect(states.has('2')).toBe(false);
    expect(states.get('3')).toMatchObject({ kind: 'skipped' });
  });
});

describe('holdsSpec, runErrorText', () => {
  it('running, waiting and paused sessions hold their spec; ended ones do not', () => {
    expect(['running', 'waiting_approval', 'paused', 'planning'].every((s) => holdsSpec(s as never))).toBe(true);
    expect(['completed', 'failed', 'stopped', 'interrupted'].some((s) => holdsSpec(s as never))).toBe(false);
    expect(holdsSpec(null)).toBe(false);
  });
  it('names what a run would work on, for the busy-workspace question', () => {
    const path = '.kiro/specs/auth/tasks.md';
    expect(runWhat(path, {})).toBe('Spec auth: all open tasks');
    expect(runWhat(path, { only: ['2.1'] })).toBe('Spec auth: task 2.1');
    expect(runWhat(path, { only: ['1', '3'] })).toBe('Spec auth: tasks 1, 3');
    expect(runWhat(path, { from: '2' })).toBe('Spec auth: from task 2');
  });
  it('says "every task is ticked" for nothingToRun, else the core’s words', () => {
    expect(runErrorText(new ClientError('conflict', 'Nothing to run: …', { nothingToRun: { tasksPath: 'x', done: 2 } }))).toBe('Every task is ticked already.');
    expect(runErrorText(new ClientError('bad_request', 'There is no task 9 in x.'))).toBe('There is no task 9 in x.');
    expect(runErrorText(new Error('socket closed'))).toBe('socket closed');
  });
});

describe('specNoticeOf', () => {
  const path = '.kiro/specs/auth/tasks.md';
  const ev = (e: Record<string, unknown>) => ({ sessionId: 's', seq: 3, ts: 't', ...e }) as unknown as AgentEvent;
  it('completed, failed and paused sessions, named by their spec', () => {
    expect(specNoticeOf(ev({ type: 'session_completed', summary: '2 tasks done.\nAll good.' }), path)).toEqual({ kind: 'completed', title: 'Spec auth: session completed', detail: '2 tasks done. All good.' });
    expect(specNoticeOf(ev({ type: 'session_failed', reason: 'Task 2 failed.' }), path)).toMatchObject({ kind: 'failed', title: 'Spec auth: session failed', detail: 'Task 2 failed.' });
    expect(specNoticeOf(ev({ type: 'status_changed', status: 'paused', reason: 'The model server refused the key (401).' }), path)).toMatchObject({ kind: 'paused', detail: 'The model server refused the key (401).' });
  });
  it('nothing for other events, and a stop is the person’s own doing', () => {
    expect(specNoticeOf(ev({ type: 'status_changed', status: 'running' }), path)).toBeNull();
    expect(specNoticeOf(ev({ type: 'session_stopped' }), path)).toBeNull();
    expect(specName('docs/plan/tasks.md')).toBe('docs/plan/tasks.md');
    expect(specName('.akira/specs/x/tasks.md')).toBe('x');
  });
});

describe('in Chinese (the UI language at the time of the call)', () => {
  it('names runs, notices and task states in zh-CN', () => {
    const before = usePrefsStore.getState().prefs;
    usePrefsStore.getState().setPrefs({ ...before, language: 'zh-CN' });
    try {
      const path = '.kiro/specs/auth/tasks.md';
      expect(runWhat(path, { only: ['1', '3'] })).toBe('规格 auth：任务 1、3');
      expect(specNoticeOf({ sessionId: 's', seq: 1, ts: 't', type: 'session_failed', reason: 'x' } as unknown as AgentEvent, path)).toMatchObject({ title: '规格 auth：会话失败' });
      expect(taskRunStates({ status: 'running', phase: 'execute', todos: [todo('1', 'in_progress')] }).get('1')).toMatchObject({ label: '运行中', title: '智能体正在处理它。' });
      // Reasoning Akira wrote is said from its words (issue 14); a model's, or an old log's, as written.
      const checksOnly = { ...assessment(true, 0.9, 'heuristic'), reasoning: 'Quick checks only (agent.spec.assess "heuristic"): file src/greet.js: exists.' };
      const words = { key: 'assess.checksOnly', values: ['assess.checkFileExists', 1, 'src/greet.js'] };
      expect(taskRunStates({ status: 'running', phase: 'execute', todos: [todo('1', 'done', { assessment: { ...checksOnly, reasoningWords: words } })] }).get('1')!.title).toBe(
        '快速检查判定为已完成，未运行，置信度 0.90（阈值 0.80）：仅快速检查（agent.spec.assess "heuristic"）：文件 src/greet.js：存在。',
      );
      expect(taskRunStates({ status: 'running', phase: 'execute', todos: [todo('1', 'done', { assessment: checksOnly })] }).get('1')!.title).toMatch(
        /：Quick checks only \(agent\.spec\.assess "heuristic"\): file src\/greet\.js: exists\.$/,
      );
    } finally {
      usePrefsStore.getState().setPrefs(before);
    }
  });
});
