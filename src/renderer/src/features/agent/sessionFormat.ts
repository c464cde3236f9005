import type { AgentStatus } from '../../../../shared/contract';

/** Words and numbers of the agent UI (status chips, the status bar, cards). */

export const STATUS_LABEL: Record<AgentStatus, string> = {
  queued: 'Queued',
  planning: 'Planning',
  awaiting_plan_approval: 'Plan awaits approval',
  running: 'Running',
  paused: 'Paused',
  waiting_approval: 'Waiting for you',
  interrupted: 'Interrupted',
  completed: 'Completed',
  failed: 'Failed',
  stopped: 'Stopped',
};

export const PHASE_LABEL: Record<string, string> = {
  plan: 'planning',
  assess: 'judging the task',
  execute: 'executing',
  verify: 'verifying',
  final_check: 'final check',
  done: 'done',
};

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

export function formatDuration(ms: number | null): string {
  if (ms === null) return '';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** "just now", "5 min ago", "3 h ago", else the date. */
export function formatAgo(iso: string, now = Date.now()): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  const s = Math.max(0, Math.round((now - t) / 1000));
  if (s < 45) return 'just now';
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86_400) return `${Math.round(s / 3600)} h ago`;
  return new Date(t).toLocaleDateString();
}

export const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));
