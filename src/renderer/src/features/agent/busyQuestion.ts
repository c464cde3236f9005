import type { CommandInput, ErrorDetails } from '../../../../shared/contract';
import { ClientError } from '../../client/client';
import { textOf } from '../../i18n';
import { startStrings } from './startStrings';

/**
 * The question asked when a session is started while another runs in the workspace's own tree (issue 10):
 * agent.start and specs.run answer conflict with `details.sharedTreeBusy` until told `whenBusy`. Pure.
 */

export type BusySessions = NonNullable<ErrorDetails['sharedTreeBusy']>['sessions'];

/**
 * The person's answer. `worktree` runs it now in its own git worktree (offered disabled, with the reason, where
 * worktrees cannot be used: agent.isolation).
 */
export type BusyChoice = 'queue' | 'parallel' | 'worktree' | 'cancel';

/** What to add to the start command for each answer. */
export type BusyParams = Pick<CommandInput<'agent.start'>, 'whenBusy' | 'isolation'>;

/** Worktree isolation: how agent.start / specs.run are told to run the session in its own worktree. */
export const WORKTREE_CHOICE: { params: BusyParams } | null = { params: { isolation: 'worktree' } };

/** The sessions that keep the tree busy, when this error is the question; null for any other error. */
export function sharedTreeBusyOf(err: unknown): BusySessions | null {
  if (!(err instanceof ClientError) || err.code !== 'conflict') return null;
  return err.details?.sharedTreeBusy?.sessions ?? null;
}

/** The params that carry an answer (null: cancelled, or a choice not on offer). */
export function busyParams(choice: BusyChoice): BusyParams | null {
  switch (choice) {
    case 'queue':
      return { whenBusy: 'queue' };
    case 'parallel':
      return { whenBusy: 'parallel' };
    case 'worktree':
      return WORKTREE_CHOICE?.params ?? null;
    default:
      return null;
  }
}

/** The dialog's title: "Another session is running in this folder" / "2 sessions are running in this folder". */
export function busyTitle(sessions: BusySessions): string {
  return textOf(startStrings).busyTitle(sessions.length);
}

/** A task on one line, cut to `max` characters. */
export function taskLine(task: string, max = 120): string {
  const t = task.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t || textOf(startStrings).noTask;
}
