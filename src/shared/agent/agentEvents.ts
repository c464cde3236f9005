import { z } from 'zod';
import type { AgentApproval } from './agentShapes';
import { agentNoticeSchemas, agentNoticeTypes, type AgentNoticeType } from './agentNotices';
import { logEventVariants, sessionEventTypes, storedHead, type SessionEvent, type SessionEventType, type UnionOf } from './sessionEvents';

/**
 * One `agent.onEvent` payload: a discriminated union on `type` of
 * - the session's log events as written to `.akira/sessions/<id>/events.jsonl` (sessionEvents.ts), with
 *   their `seq` and `ts`, and the `sessionId`;
 * - the live notices (agentNotices.ts), which have no `seq`.
 * Narrow on `type` to read a field: `if (e.type === 'verification') e.approved`. A field renamed in the
 * schemas then fails to compile wherever it is read (eventTypes.test.ts shows it).
 */

const logged = logEventVariants({ ...storedHead, sessionId: z.string() });

/**
 * `session_started` as the service announces a new session: its options stay in the log (agent.events has
 * them); a fork names the session it was forked from, a spec session its tasks.md.
 */
const announcedStart = logged.session_started.extend({
  options: z.record(z.string(), z.unknown()).optional(),
  forkedFrom: z.string().optional(),
  /** Spec sessions: the tasks.md they run. */
  spec: z.string().optional(),
});

const variants = { ...logged, session_started: announcedStart, ...agentNoticeSchemas };

export const agentEvent = z.discriminatedUnion('type', Object.values(variants) as never) as unknown as UnionOf<typeof variants>;
export type AgentEvent = z.output<typeof agentEvent>;

export const agentLogEventTypes: readonly SessionEventType[] = sessionEventTypes;
export { agentNoticeTypes };
export const agentEventType = z.enum([...sessionEventTypes, ...agentNoticeTypes] as [AgentEventType, ...AgentEventType[]]);
export type AgentEventType = SessionEventType | AgentNoticeType;

/** The event of one type: `AgentEventOf<'verification'>`. */
export type AgentEventOf<T extends AgentEventType> = Extract<AgentEvent, { type: T }>;
/** The events of the log (with seq and ts). */
export type AgentLogEvent = AgentEventOf<SessionEventType>;
export type AgentNotice = AgentEventOf<AgentNoticeType>;

const noticeTypes = new Set<string>(agentNoticeTypes);
export const isAgentNotice = (e: AgentEvent): e is AgentNotice => noticeTypes.has(e.type);
export const isLogEvent = (e: AgentEvent): e is AgentLogEvent => e.seq !== undefined;

/** A logged event as the replay (sessionReplay.ts) takes it: session_started's options are {} when not sent, as in the log. */
export function asSessionEvent(e: AgentLogEvent): SessionEvent {
  return e.type === 'session_started' ? { ...e, options: e.options ?? {} } : e;
}

/** The approval an approval_requested notice carries (the notice without its head and the policy's reason and its words). */
export function approvalOf(e: AgentEventOf<'approval_requested'>): AgentApproval {
  const { sessionId: _id, type: _type, seq: _seq, ts: _ts, reason: _reason, reasonWords: _words, ...approval } = e;
  return approval;
}
