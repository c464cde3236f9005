import type { Handlers } from '../../router';
import type { AgentService } from './agentService';

type AgentCommand =
  | 'agent.start'
  | 'agent.list'
  | 'agent.get'
  | 'agent.pause'
  | 'agent.resume'
  | 'agent.stop'
  | 'agent.sendMessage'
  | 'agent.approve'
  | 'agent.reject'
  | 'agent.approvePlan'
  | 'agent.answer'
  | 'agent.modes'
  | 'agent.editTodos'
  | 'agent.rewind'
  | 'agent.fork'
  | 'agent.events';

const ok = { ok: true as const };

/** The contract's agent.* commands on the open workspace's agent service (`get` throws when none is open). */
export function agentHandlers(get: () => AgentService): Pick<Handlers, AgentCommand> {
  return {
    'agent.start': (p) => get().start(p),
    'agent.list': () => get().list(),
    'agent.get': (p) => get().get(p.sessionId),
    'agent.pause': async (p) => (await get().pause(p.sessionId, p.reason), ok),
    'agent.resume': async (p) => (await get().resume(p.sessionId), ok),
    'agent.stop': async (p) => (await get().stop(p.sessionId, p.reason), ok),
    'agent.sendMessage': (p) => get().sendMessage(p.sessionId, p.text),
    'agent.approve': async (p) => (await get().approve(p.sessionId, p.changeId, p.content), ok),
    'agent.reject': async (p) => (await get().reject(p.sessionId, p.changeId, p.reason), ok),
    'agent.approvePlan': async (p) => (await get().approvePlan(p.sessionId, { approved: p.approved, todos: p.todos, feedback: p.feedback }), ok),
    'agent.answer': async (p) => (await get().answer(p.sessionId, { questionId: p.questionId, choice: p.choice, todo: p.todo }), ok),
    'agent.modes': () => get().modes(),
    'agent.editTodos': async (p) => (await get().editTodos(p.sessionId, p.todos), ok),
    'agent.rewind': (p) => get().rewind(p.sessionId, p.checkpointId),
    'agent.fork': (p) => get().fork(p.sessionId, p.checkpointId, p.task),
    'agent.events': (p) => get().events(p.sessionId, p.beforeSeq, p.limit),
  };
}
