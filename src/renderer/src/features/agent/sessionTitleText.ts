import { specRunOf } from '../../../../shared/agent/sessionTitle';
import { textOf, useText } from '../../i18n';
import { agentStrings } from './agentStrings';

type AgentText = (typeof agentStrings)['en'];

/**
 * A session's title where people read it (the session list, the header, the status bar; issue 27 defect 11): a spec
 * session by its spec and tasks ("Spec greet · tasks 1, 2"), not by the prompt Akira generated for it; a typed task as
 * it is.
 */
export function sessionTitle(task: string, t: AgentText = textOf(agentStrings)): string {
  const spec = specRunOf(task);
  if (!spec) return task;
  return t.specSessionTitle(spec.name, spec.tasks.join(', '), spec.total, spec.total > spec.tasks.length);
}

/** sessionTitle in the UI's language, for components. */
export function useSessionTitle(): (task: string) => string {
  const t = useText(agentStrings);
  return (task) => sessionTitle(task, t);
}
