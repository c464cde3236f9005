import { describe, expect, it } from 'vitest';
import { agentEvent, approvalOf, asSessionEvent, isAgentNotice, isLogEvent, type AgentEvent, type AgentEventOf } from './agentEvents';
import { agentNoticeTypes } from './agentNotices';
import { sessionEventTypes } from './sessionEvents';

const sessionId = '3b241101-e2bb-4255-8caf-4136c566a962';
const ts = '2025-03-01T10:00:01.000Z';

describe('agent.onEvent union', () => {
  it('takes the log events with seq and ts, and the notices without', () => {
    const logged = agentEvent.parse({ sessionId, type: 'verification', seq: 3, ts, todoId: 't1', approved: false, confidence: 0.8, feedback: 'no' });
    expect(isLogEvent(logged)).toBe(true);
    const notice = agentEvent.parse({ sessionId, type: 'question', questionId: 'q1', todoId: 't1', text: 'Retry?', options: ['retry', 'stop'] });
    expect(isAgentNotice(notice)).toBe(true);
    expect(isLogEvent(notice)).toBe(false);
    // A new session as the service announces it (no options; a fork names its origin).
    expect(agentEvent.safeParse({ sessionId, type: 'session_started', seq: 1, ts, task: 't', mode: 'code-dev', model: 'm', forkedFrom: sessionId }).success).toBe(true);
  });

  it('refuses an unknown type, a notice with a seq, a log event without one and a field of the wrong type', () => {
    expect(agentEvent.safeParse({ sessionId, type: 'teleport' }).success).toBe(false);
    expect(agentEvent.safeParse({ sessionId, type: 'warning', message: 'x', seq: 4 }).success).toBe(false);
    expect(agentEvent.safeParse({ sessionId, type: 'user_message', messageId: 'm1', text: 'hi' }).success).toBe(false);
    expect(agentEvent.safeParse({ sessionId, type: 'approval_resolved', changeId: 'c1', decision: 'maybe', by: 'user' }).success).toBe(false);
  });

  it('has one variant per log event type and per notice type', () => {
    const types = agentEvent.options.map((o) => o.shape.type.value);
    expect(types.sort()).toEqual([...sessionEventTypes, ...agentNoticeTypes].sort());
  });

  it('gives the replay a logged event (session_started without options gets {}) and the approval of a notice', () => {
    const start = agentEvent.parse({ sessionId, type: 'session_started', seq: 1, ts, task: 't', mode: 'code-dev', model: 'm' });
    expect(isLogEvent(start) && asSessionEvent(start)).toMatchObject({ type: 'session_started', options: {} });
    const requested = agentEvent.parse({
      sessionId,
      type: 'approval_requested',
      changeId: 'c1',
      kind: 'change',
      todoId: 't1',
      change: { path: '.akira/settings.json', kind: 'modify', before: '{}', after: '{"a":1}' },
      protected: 'the project settings',
      reason: 'writes ask',
    }) as AgentEventOf<'approval_requested'>;
    expect(approvalOf(requested)).toEqual({
      changeId: 'c1',
      kind: 'change',
      todoId: 't1',
      change: { path: '.akira/settings.json', kind: 'modify', before: '{}', after: '{"a":1}' },
      protected: 'the project settings',
    });
  });

  it('types each field per event: a renamed field fails to compile', () => {
    const read = (e: AgentEvent): unknown => {
      if (e.type === 'verification') {
        // @ts-expect-error `verdict` is not a field of verification (it is `approved`): a rename breaks every reader.
        void e.verdict;
        return e.approved;
      }
      if (e.type === 'question') {
        // @ts-expect-error a question's options are choices, not free text.
        const bad: 'maybe'[] = e.options;
        return bad;
      }
      // @ts-expect-error `todoId` is not on every event: narrow on type first.
      return e.todoId;
    };
    expect(read(agentEvent.parse({ sessionId, type: 'verification', seq: 2, ts, todoId: 't1', approved: true, confidence: 1, feedback: '' }))).toBe(true);
  });
});
