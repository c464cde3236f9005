/**
 * Sessions on disk: see sessionStore.ts (API); the event log's schemas and the pure replay that rebuilds a
 * session's state are shared with the renderer (src/shared/agent: sessionEvents.ts, sessionReplay.ts).
 */
export { createSessionStore, createSessionInput } from './sessionStore';
export type { CreateSessionInput, LoadedSession, RecoveredSession, SessionStore, SessionStoreOptions, SessionSummary } from './sessionStore';
export type { SessionHandle } from './sessionHandle';
export { replay, applyEvent, reduceInto, emptyState, progressOf, currentTodo } from '../../../shared/agent/sessionReplay';
export type { ChangeState, InFlightCall, PendingMessage, SessionState, TodoState, ToolResultSummary, Verdict } from '../../../shared/agent/sessionReplay';
export { resumePoint } from './resumePoint';
export { replayUpTo } from '../../../shared/agent/sessionReplay';
export { branchEvents, prefixUpTo, rewindReason, rewindWords } from '../../../shared/agent/sessionRewind';
export type { ResumePoint } from './resumePoint';
export {
  activeStatuses,
  terminalStatuses,
  MAX_TASK_CHARS,
  sessionEventSchema,
  sessionEventInputSchema,
  sessionEventTypes,
  sessionPhase,
  sessionStatus,
  todoSchema,
  todoStatus,
} from '../../../shared/agent/sessionEvents';
export type { EventOf, SessionEvent, SessionEventInput, SessionEventType, SessionPhase, SessionStatus, Todo, TodoInput, TodoStatus } from '../../../shared/agent/sessionEvents';
export { parseEventLog, readEventLog } from './eventLog';
export type { LogProblem, ParsedLog } from './eventLog';
export { checkSessionId, isSessionId } from './sessionIds';
export { decodeImage, loadSessionImage, saveSessionImages } from './sessionImages';
export { pruneSessions } from './sessionPrune';
export type { SessionPruneResult } from './sessionPrune';
export { readSessionRetention, SESSION_RETENTION_DAYS } from './sessionRetention';
