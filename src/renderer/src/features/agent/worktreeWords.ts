import type { AgentEvent, AgentStatus, CommandResult } from '../../../../shared/contract';
import type { SessionWorktreeT } from '../../../../shared/agent/agentShapes';

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
  if (!worktree) return { text: 'shared', kind: 'shared', title: "Works in the workspace's own tree" };
  const base = worktree.baseBranch ?? 'the detached HEAD';
  const name = `worktree ${worktree.branch}`;
  switch (worktree.state) {
    case 'merged':
      return { text: `${name} · merged`, kind: 'merged', title: `Worked in its own git worktree on ${worktree.branch}; merged into ${base}${worktree.mergeCommit ? ` (${shortCommit(worktree.mergeCommit)})` : ''}` };
    case 'discarded':
      return { text: `${name} · discarded`, kind: 'discarded', title: `Worked in its own git worktree on ${worktree.branch}; the worktree and the branch were discarded` };
    default:
      return { text: name, kind: 'active', title: `Works in its own git worktree on ${worktree.branch} (from ${base}); your tree is untouched until you merge it` };
  }
}

/** The first 7 characters of a commit, as git shows it. */
export const shortCommit = (commit: string): string => commit.slice(0, 7);

/** The branch a merge goes into, in words ("main"; "the current branch" when the session started on a detached HEAD). */
export const mergeTarget = (worktree: Pick<SessionWorktreeT, 'baseBranch'>): string => worktree.baseBranch ?? 'the current branch';

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
  if (worktree.state === 'discarded') return 'The worktree was discarded.';
  if (RUNNING.includes(status)) return 'The session is running: wait for it to end, or pause or stop it first.';
  if (status === 'queued') return 'The session waits in the queue: cancel it first, or let it run.';
  return null;
}

/** Why "Open a terminal there" and the diff are off; null when they are on. */
export function worktreeGone(worktree: Pick<SessionWorktreeT, 'state'>): string | null {
  return worktree.state === 'discarded' ? 'The worktree was discarded.' : null;
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

/** agent.merge's answer in words. */
export function mergeOutcome(r: MergeResult, into: string): MergeOutcome {
  if (r.merged) {
    const commit = r.commit ? shortCommit(r.commit) : null;
    const title = r.alreadyMerged
      ? `Already merged into ${into}${commit ? ` (${commit})` : ''}: nothing new to bring in.`
      : `Merged into ${into}${commit ? ` as commit ${commit}` : ''}.`;
    return { ok: true, title, groups: [], note: null };
  }
  const groups: MergeOutcome['groups'] = [];
  if (r.conflicts.length) groups.push({ heading: `Changed on both sides (${r.conflicts.length}):`, files: r.conflicts });
  if (r.localChanges.length) groups.push({ heading: `Your uncommitted changes in the way (${r.localChanges.length}) — commit or stash them first:`, files: r.localChanges });
  const title = `Not merged: ${r.reason?.trim() || (r.conflicts.length ? 'the branches conflict.' : 'the merge was refused.')}`;
  return { ok: false, title, groups, note: 'Nothing was changed: your tree and the session’s branch are as they were.' };
}

/** A file's status as one letter (as git shows it) and as a word. */
export const DIFF_STATUS: Record<WorktreeDiffFile['status'], { letter: string; word: string }> = {
  added: { letter: 'A', word: 'added' },
  modified: { letter: 'M', word: 'modified' },
  deleted: { letter: 'D', word: 'deleted' },
  renamed: { letter: 'R', word: 'renamed' },
};

/** Why a file's text is not shown (binary, too large); null when it is. */
export function diffFileNote(f: Pick<WorktreeDiffFile, 'binary' | 'tooLarge'>): string | null {
  if (f.binary) return 'Binary file — no text diff to show.';
  if (f.tooLarge) return 'Too large to show here.';
  return null;
}

/** "3 files changed against main" / "No changes against main yet". */
export function diffSummary(count: number, base: string): string {
  if (!count) return `No changes against ${base} yet.`;
  return `${count} file${count === 1 ? '' : 's'} changed against ${base}`;
}

/**
 * Why worktree isolation cannot be chosen, from agent.isolation's answer (null: it can). While the answer is
 * awaited, or when it failed, that is said instead.
 */
export function isolationBlocked(answer: { worktree: { available: boolean; reason: string | null } } | undefined, error?: Error | null): string | null {
  if (error) return `Cannot tell whether worktrees can be used: ${error.message}`;
  if (!answer) return 'Checking whether worktrees can be used…';
  if (answer.worktree.available) return null;
  const reason = answer.worktree.reason?.trim() || 'worktrees cannot be used here';
  return `Not available: ${reason}${/[.!?…]$/.test(reason) ? '' : '.'}`;
}
