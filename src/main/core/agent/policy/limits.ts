import { LIMITS, type LimitName, type Policy } from './policySchema';

/**
 * The limits that pause a session, with the message the user sees.
 *
 *   checkLimit(policy, 'maxFileModificationsPerSession', used) → {reached: false} | {reached: true, message}
 * `used` counts what already happened, including the step about to run: reached when used > limit
 * (for maxRetriesPerTodo: retries so far; 0 allowed retries means the first rejection fails the TODO).
 */

const WHAT: Record<LimitName, string> = {
  maxToolLoopsPerTodo: 'tool calls for one TODO',
  maxRetriesPerTodo: 'retries of one TODO',
  maxFileModificationsPerSession: 'file modifications in this session',
  maxTasksPerSession: 'TODOs in this session',
  maxConcurrentTasks: 'tasks running at once',
};

export function checkLimit(policy: Policy, name: LimitName, used: number): { reached: false } | { reached: true; message: string } {
  const limit = policy.limits[name];
  if (used <= limit) return { reached: false };
  const range = LIMITS[name];
  return {
    reached: true,
    message: `Paused: the limit of ${limit} ${WHAT[name]} was reached (limits.${name}, ${range.min}–${range.max}). Raise it in the settings, then resume.`,
  };
}
