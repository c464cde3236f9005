import { describe, expect, it } from 'vitest';
import type { AgentEvent, AgentEventOf } from '../../shared/contract';
import { createRunApprovals } from './runApprovals';
import { formatRunEvent } from './runFormat';

// `akira run` reads agent events as the contract's union (narrowed on `type`), like the renderer: a field
// renamed in src/shared/agent fails to compile here too. The built CLI's output is checked in runTaskCommand.test.ts.

const ts = '2026-11-24T09:30:30.213Z';

describe('akira run reads agent events typed', () => {
  it('formats each event from its own fields', () => {
    const verdict: AgentEventOf<'verification'> = { sessionId: 's', type: 'verification', seq: 3, ts, todoId: 't1', approved: false, confidence: 0.5, feedback: 'add a test', nextStatus: 'failed' };
    expect(formatRunEvent(verdict, { color: false })).toBe('  ✘ Review of t1: rejected (retry limit reached) (confidence 0.50) — add a test\n');
    const retry: AgentEvent = { sessionId: 's', type: 'model_retry', attempt: 2, delayMs: 1500, reason: 'HTTP 500', phase: 'plan', todoId: null };
    expect(formatRunEvent(retry, { color: false })).toBe('  (model: attempt 2 failed, retrying in 1.5 s: HTTP 500)\n');
  });

  it('says a session reason in the CLI language from its words, else as written (issue 14)', () => {
    const stopped: AgentEvent = { sessionId: 's', type: 'session_stopped', seq: 4, ts, reason: 'Stopped by the user.', reasonWords: { key: 'reason.stoppedByUser', values: [] } };
    expect(formatRunEvent(stopped, { color: false, language: 'zh-CN' })).toContain('已被用户停止。');
    expect(formatRunEvent(stopped, { color: false })).toContain('Stopped by the user.');
    const paused: AgentEvent = { sessionId: 's', type: 'status_changed', seq: 5, ts, status: 'paused', reason: 'From a newer core.', reasonWords: { key: 'reason.newer', values: [] } };
    expect(formatRunEvent(paused, { color: false, language: 'zh-CN' })).toContain(': From a newer core.');
  });

  it('does not compile with a field an event does not have', () => {
    const typeOnly = () => {
      // @ts-expect-error a verification's verdict is `approved`, not `verdict`
      formatRunEvent({ sessionId: 's', type: 'verification', seq: 3, ts, todoId: 't1', verdict: true, confidence: 1, feedback: '' }, { color: false });
      const approvals = createRunApprovals({} as Parameters<typeof createRunApprovals>[0]);
      // @ts-expect-error a question's text is `text`, not `prompt`
      approvals.handle({ sessionId: 's', type: 'question', questionId: 'q', todoId: 't1', prompt: 'TODO t1 failed', options: ['retry'] });
    };
    expect(typeof typeOnly).toBe('function');
  });
});
