import type { AgentEvent, AgentStatus, CommandResult } from '../../../../shared/contract';
import type { SessionWorktreeT } from '../../../../shared/agent/agentShapes';
import type { ErrorWords } from '../../../../shared/errors';
import { reasonTextOf, textOf } from '../../i18n';
import { worktreeStrings } from './worktreeStrings';

/**
 * Worktree sessions in the UI (issue 10), pure: the tree badge of a session, what its worktree panel may do
 * and says, the merge's outcome in words, and the diff's file statuses. A worktree session works in its own
 * git worktree on branch `akira/<8>`; Merge brings the branch into the user's branch (all or nothing),
 * Discard removes worktree and branch.
 */

/** The react-query key of a session's agent.worktreeDiff (the diff view reads it; a discard drops it). */
export const worktreeDiffKey = (sessionId: string) => ['agent.worktreeDiff', sessionId] as const;

export type WorktreeDiffFile = CommandResult<'agent.worktreeDiff'>['files'][number];
export type MergeResult = CommandResult<'agent.merge'>;

export interface TreeBadge {
  /** "shared", "worktree akira/1a2b3c4d", "worktree akira/1a2b3c4d · merged". */
  text: string;
  kind: 'shared' | 'active' | 'merged' | 'discarded';
  /** The hover: where the session works. */
  title: string;
}

/** The tree a session works in, as a badge (a session from before worktrees, or listed without its tree, is shared). */
export function treeBadge(worktree: SessionWorktreeT | null | undefined): TreeBadge {
  const t = textOf(worktreeStrings);
  if (!worktree) return { text: t.shared, kind: 'shared', title: t.sharedTitle };
  const base = worktree.baseBranch ?? t.detachedHead;
  const name = t.worktreeName(worktree.branch);
  switch (worktree.state) {
    case 'merged':
      return { text: t.nameMerged(name), kind: 'merged', title: t.mergedTitle(worktree.branch, base, worktree.mergeCommit ? shortCommit(worktree.mergeCommit) : null) };
    case 'discarded':
      return { text: t.nameDiscarded(name), kind: 'discarded', title: t.discardedTitle(worktree.branch) };
    default:
      return { text: name, kind: 'active', title: t.activeTitle(worktree.branch, base) };
  }
}

/** The first 7 characters of a commit, as git shows it. */
export const shortCommit = (commit: string): string => commit.slice(0, 7);

/** The branch a merge goes into, in words ("main"; "the current branch" when the session started on a detached HEAD). */
export const mergeTarget = (worktree: Pick<SessionWorktreeT, 'baseBranch'>): string => worktree.baseBranch ?? textOf(worktreeStrings).currentBranch;

/** The session's tree after one of its events (worktree_merged, worktree_discarded); the same object otherwise. */
export function worktreeAfter(worktree: SessionWorktreeT | null | undefined, e: AgentEvent): SessionWorktreeT | null | undefined {
  if (!worktree) return worktree;
  if (e.type === 'worktree_merged') return { ...worktree, state: 'merged', mergeCommit: e.commit };
  if (e.type === 'worktree_discarded') return { ...worktree, state: 'discarded' };
  return worktree;
}

const RUNNING: readonly AgentStatus[] = ['planning', 'running', 'waiting_approval', 'awaiting_plan_approval'];

/** Why Merge and Discard are off for a session in this status and tree; null when they are on. */
export function worktreeActionBlocked(status: AgentStatus, worktree: Pick<SessionWorktreeT, 'state'>): string | null {
  const t = textOf(worktreeStrings);
  if (worktree.state === 'discarded') return t.worktreeDiscarded;
  if (RUNNING.includes(status)) return t.sessionRunning;
  if (status === 'queued') return t.sessionQueued;
  return null;
}

/** Why "Open a terminal there" and the diff are off; null when they are on. */
export function worktreeGone(worktree: Pick<SessionWorktreeT, 'state'>): string | null {
  return worktree.state === 'discarded' ? textOf(worktreeStrings).worktreeDiscarded : null;
}

export interface MergeOutcome {
  ok: boolean;
  /** One sentence. */
  title: string;
  /** Files named one per line, under their heading. */
  groups: { heading: string; files: string[] }[];
  /** After a failure: "Nothing was changed." */
  note: string | null;
}

/** agent.merge's answer in words (its reason in the UI's language when it has `reasonWords`). */
export function mergeOutcome(r: MergeResult, into: string): MergeOutcome {
  const t = textOf(worktreeStrings);
  if (r.merged) {
    const commit = r.commit ? shortCommit(r.commit) : null;
    return { ok: true, title: r.alreadyMerged ? t.alreadyMerged(into, commit) : t.merged(into, commit), groups: [], note: null };
  }
  const groups: MergeOutcome['groups'] = [];
  if (r.conflicts.length) groups.push({ heading: t.conflictsHeading(r.conflicts.length), files: r.conflicts });
  if (r.localChanges.length) groups.push({ heading: t.localChangesHeading(r.localChanges.length), files: r.localChanges });
  if (r.linksOutside?.length) groups.push({ heading: t.linksOutsideHeading(r.linksOutside.length), files: r.linksOutside });
  return { ok: false, title: t.notMerged(reasonTextOf(r.reason?.trim() || null, r.reasonWords), r.conflicts.length > 0), groups, note: t.nothingChanged };
}

/** A file's status as one letter (as git shows it) and as a word. */
const diffStatus = (letter: string, key: 'added' | 'modified' | 'deleted' | 'renamed'): { readonly letter: string; readonly word: string } => ({
  letter,
  get word() {
    return textOf(worktreeStrings)[key]; // the UI's language when read
  },
});

export const DIFF_STATUS: Record<WorktreeDiffFile['status'], { readonly letter: string; readonly word: string }> = {
  added: diffStatus('A', 'added'),
  modified: diffStatus('M', 'modified'),
  deleted: diffStatus('D', 'deleted'),
  renamed: diffStatus('R', 'renamed'),
};

/** Why a file's text is not shown (binary, too large); null when it is. */
export function diffFileNote(f: Pick<WorktreeDiffFile, 'binary' | 'tooLarge'>): string | null {
  if (f.binary) return textOf(worktreeStrings).binaryFile;
  if (f.tooLarge) return textOf(worktreeStrings).tooLarge;
  return null;
}

/** "3 files changed against main" / "No changes against main yet". */
export function diffSummary(count: number, base: string): string {
  return textOf(worktreeStrings).diffSummary(count, base);
}

/**
 * Why worktree isolation cannot be chosen, from agent.isolation's answer (null: it can), in the UI's language when
 * the answer has `reasonWords` (an older core's English reason otherwise). While the answer is awaited, or when it
 * failed, that is said instead.
 */
export function isolationBlocked(
  answer: { worktree: { available: boolean; reason: string | null; reasonWords?: ErrorWords | null } } | undefined,
  error?: Error | null,
): string | null {
  const t = textOf(worktreeStrings);
  if (error) return t.cannotTell(error.message);
  if (!answer) return t.checking;
  if (answer.worktree.available) return null;
  return t.notAvailable(reasonTextOf(answer.worktree.reason?.trim() || null, answer.worktree.reasonWords) || t.cannotBeUsed);
}
