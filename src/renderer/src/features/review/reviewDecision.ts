import type { AgentApproval } from '../../../../shared/contract';
import { computeHunks, mergeHunks, type Hunk } from './hunks';
import { textOf } from '../../i18n';
import { reviewStrings } from './reviewStrings';

/**
 * What accepting a proposed file change means once a person has looked at it (pure):
 *
 *   decideAccept(change, edited, rejected)
 *     → {action: 'approve'}                    as proposed
 *     → {action: 'approve', content}           with some hunks rejected or lines edited: apply this text
 *     → {action: 'reject', why}                every hunk rejected: nothing would change, so it is a rejection
 *                                              (the caller asks for the reason the model will read)
 */

export type ProposedChange = NonNullable<AgentApproval['change']>;

export type AcceptDecision = { action: 'approve'; content?: string } | { action: 'reject'; why: string };

/** The right side as the person sees it: their edit, or the agent's text. */
export const rightText = (change: ProposedChange, edited: string | null): string => edited ?? change.after ?? '';

/** Hunks between the left side and the right side as it is now (a deletion: one hunk of every line; binary: none). */
export function hunksOf(change: ProposedChange, edited: string | null): Hunk[] {
  if (change.binary) return [];
  if (change.kind === 'delete') return computeHunks(change.before, null);
  return computeHunks(change.before, rightText(change, edited));
}

export function decideAccept(change: ProposedChange, edited: string | null, rejected: ReadonlySet<string>, hunks = hunksOf(change, edited)): AcceptDecision {
  if (change.binary || change.kind === 'delete') return { action: 'approve' };
  const right = rightText(change, edited);
  const merged = mergeHunks(change.before, right, hunks, rejected);
  const proposed = change.after ?? '';
  const nothingLeft = hunks.length > 0 && hunks.every((h) => rejected.has(h.key));
  if (nothingLeft && merged === (change.before ?? '') && proposed !== (change.before ?? '')) {
    return { action: 'reject', why: change.kind === 'create' ? textOf(reviewStrings).everyLineRejected : textOf(reviewStrings).everyHunkWasRejected };
  }
  return merged === proposed ? { action: 'approve' } : { action: 'approve', content: merged };
}
