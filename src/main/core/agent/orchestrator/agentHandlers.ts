import type { DomainHandlers } from '../../router';
import type { AgentService } from './agentService';
import { receivedReason, wordsText, type ErrorWords } from '../../../../shared/errors';

/** A face's reason: its English `reason` with its words, or words alone (a known key: the English is the catalog's). */
const sentReason = (p: { reason?: string; reasonWords?: ErrorWords }) => receivedReason(p.reason ?? (p.reasonWords ? (wordsText(p.reasonWords, 'en') ?? undefined) : undefined), p.reasonWords);

const ok = { ok: true as const };

export interface AgentHandlerOptions {
  /** Before a command that starts talking to the model (start, resume, fork): e.g. read the saved key afresh. */
  beforeModel?(): Promise<unknown>;
}

/** The contract's agent.* commands on the open workspace's agent service (`get` throws when none is open). */
export function agentHandlers(get: () => AgentService, options: AgentHandlerOptions = {}): DomainHandlers<'agent'> {
  const ready = async () => void (await options.beforeModel?.());
  return {
    'agent.start': async (p) => (await ready(), get().start(p)),
    'agent.list': () => get().list(),
    'agent.pruneSessions': (p) => get().pruneSessions(p.dryRun === true),
    'agent.reorderQueue': (p) => get().reorderQueue(p.sessionIds),
    'agent.isolation': async () => ({ worktree: await get().worktrees.isolation() }),
    'agent.sandbox': () => get().sandbox(),
    'agent.revokeSandboxGrant': async (p) => (await get().revokeSandboxGrant(p.kind, p.value), ok),
    'agent.worktreeDiff': (p) => get().worktrees.diff(p.sessionId),
    'agent.merge': (p) => get().worktrees.merge(p.sessionId),
    'agent.discard': async (p) => (await get().worktrees.discard(p.sessionId), ok),
    'agent.openTerminal': (p) => get().worktrees.openTerminal(p.sessionId, { cols: p.cols, rows: p.rows }),
    'agent.get': (p) => get().get(p.sessionId),
    'agent.pause': async (p) => (await get().pause(p.sessionId, sentReason(p)), ok),
    'agent.resume': async (p) => (await ready(), await get().resume(p.sessionId), ok),
    'agent.stop': async (p) => (await get().stop(p.sessionId, sentReason(p)), ok),
    'agent.sendMessage': (p) => get().sendMessage(p.sessionId, p.text, p.images),
    'agent.approve': async (p) => (await get().approve(p.sessionId, p.changeId, p.content, p.alwaysAllow, p.sandbox), ok),
    'agent.reject': async (p) => (await get().reject(p.sessionId, p.changeId, sentReason(p) ?? p.reason), ok),
    'agent.approvePlan': async (p) => (await get().approvePlan(p.sessionId, { approved: p.approved, todos: p.todos, feedback: p.feedback }), ok),
    'agent.answer': async (p) => (await get().answer(p.sessionId, { questionId: p.questionId, choice: p.choice, todo: p.todo }), ok),
    'agent.modes': () => get().modes(),
    'agent.setMode': (p) => get().setMode(p.sessionId, p.mode, p.reason || undefined),
    'agent.editTodos': async (p) => (await get().editTodos(p.sessionId, p.todos), ok),
    'agent.rewind': (p) => get().rewind(p.sessionId, p.checkpointId, p.filesRestored ?? false),
    'agent.undoRewind': (p) => get().undoRewind(p.sessionId),
    'agent.fork': async (p) => (await ready(), get().fork(p.sessionId, p.checkpointId, p.task)),
    'agent.events': (p) => get().events(p.sessionId, p.beforeSeq, p.limit),
  };
}
