import { useSessionStore } from './sessionStore';

/** How many sessions wait for a person (a plan to approve, a change or command to review, a failed TODO). */
export function useWaitingSessions(): number {
  return useSessionStore((s) => s.sessions.filter((x) => x.status === 'awaiting_plan_approval' || x.status === 'waiting_approval').length);
}
