import type { AgentTodo } from '../../../../shared/contract';
import { reasonTextOf, textOf } from '../../i18n';
import { boardStrings } from './boardStrings';

/**
 * What a TODO card shows as its result, in the UI's language (issue 14). A spec task judged done before it ran has
 * the core's English "Judged done without running (…): …" as its result: it is said again from its judgement (whose
 * reasoning has words when Akira wrote it). Any other result is the agent's own, shown as it wrote it.
 */
export function todoResultText(todo: Pick<AgentTodo, 'result' | 'status' | 'assessment'>): string | null {
  const a = todo.assessment;
  if (!todo.result || !a?.judgedDone || todo.status !== 'done') return todo.result ?? null;
  // The core cuts the reasoning to one line of 400 characters (specAssess.ts); the card wraps it instead.
  return textOf(boardStrings).judgedDoneResult(a.provider === 'model', a.confidence.toFixed(2), reasonTextOf(a.reasoning, a.reasoningWords).replace(/\s+/g, ' ').trim());
}
