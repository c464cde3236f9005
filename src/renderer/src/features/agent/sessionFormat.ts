import type { AgentStatus } from '../../../../shared/contract';
import { formatsNow, textOf, useText } from '../../i18n';
import { agentStrings } from './agentStrings';

/** Words and numbers of the agent UI (status chips, the status bar, cards); the words are in agentStrings.ts. */

type AgentText = (typeof agentStrings)['en'];

const STATUS_KEY: Record<AgentStatus, keyof AgentText> = {
  queued: 'statusQueued',
  planning: 'statusPlanning',
  awaiting_plan_approval: 'statusAwaitingPlanApproval',
  running: 'statusRunning',
  paused: 'statusPaused',
  waiting_approval: 'statusWaitingApproval',
  interrupted: 'statusInterrupted',
  completed: 'statusCompleted',
  failed: 'statusFailed',
  stopped: 'statusStopped',
};

const PHASE_KEY: Record<string, keyof AgentText> = {
  plan: 'phasePlan',
  assess: 'phaseAssess',
  execute: 'phaseExecute',
  verify: 'phaseVerify',
  final_check: 'phaseFinalCheck',
  done: 'phaseDone',
};

/** "Running", "Plan awaits approval" … in the UI's language (`t`: a component's useText(agentStrings)). */
export function statusLabel(status: AgentStatus, t: AgentText = textOf(agentStrings)): string {
  return (t[STATUS_KEY[status]] as string | undefined) ?? status;
}

/** "executing", "final check" … (an unknown phase as it is). */
export function phaseLabel(phase: string, t: AgentText = textOf(agentStrings)): string {
  const key = PHASE_KEY[phase];
  return key ? (t[key] as string) : phase;
}

/** phaseLabel in a component: follows the UI's language. */
export function usePhaseLabel(): (phase: string) => string {
  const t = useText(agentStrings);
  return (phase) => phaseLabel(phase, t);
}

/** A colour class per status: busy, waits for a person, ended well, ended badly, idle. */
export function statusTone(status: AgentStatus): 'busy' | 'wait' | 'ok' | 'bad' | 'idle' {
  switch (status) {
    case 'planning':
    case 'running':
      return 'busy';
    case 'awaiting_plan_approval':
    case 'waiting_approval':
      return 'wait';
    case 'completed':
      return 'ok';
    case 'failed':
      return 'bad';
    default:
      return 'idle';
  }
}

export function canPause(status: AgentStatus): boolean {
  return status === 'planning' || status === 'running' || status === 'waiting_approval' || status === 'awaiting_plan_approval';
}
export function canResume(status: AgentStatus): boolean {
  return status === 'paused' || status === 'interrupted';
}
export function canStop(status: AgentStatus): boolean {
  return status !== 'completed' && status !== 'failed' && status !== 'stopped';
}

/** 950, 12.3k, 4.5M (in ui/ so that features outside the agent's can use it too). */
export { formatTokens } from '../../ui/formatTokens';

/** $0.0042, $1.23; null when the price is unknown. */
export function formatCost(usd: number | null): string | null {
  if (usd === null) return null;
  if (usd === 0) return '$0';
  return usd < 0.01 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`;
}

/** A duration in the UI's language (850 ms, 4.2 s, 3 min 5 s); '' when unknown. */
export function formatDuration(ms: number | null): string {
  return ms === null ? '' : formatsNow().duration(ms);
}

export const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));
