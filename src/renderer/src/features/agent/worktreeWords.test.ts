import { describe, expect, it } from 'vitest';
import type { AgentEvent, AgentSessionSummary } from '../../../../shared/contract';
import type { SessionWorktreeT } from '../../../../shared/agent/agentShapes';
import { summaryAfter, useSessionStore } from './sessionStore';
import { diffFileNote, isolationBlocked, diffSummary, mergeOutcome, mergeTarget, shortCommit, treeBadge, worktreeActionBlocked, worktreeAfter, worktreeGone } from './worktreeWords';

const SID = '1a2b3c4d-0000-4000-8000-000000000000';
const active: SessionWorktreeT = { branch: 'akira/1a2b3c4d', path: '/data/worktrees/1a2b3c4d/repo', baseBranch: 'main', state: 'active', mergeCommit: null };
const COMMIT = '0123456789abcdef0123456789abcdef01234567';
const merged = { sessionId: SID, type: 'worktree_merged', seq: 9, ts: '2026-01-01T00:00:00.000Z', commit: COMMIT, alreadyMerged: false, into: 'main' } as AgentEvent;
const discarded = { sessionId: SID, type: 'worktree_discarded', seq: 10, ts: '2026-01-01T00:01:00.000Z' } as AgentEvent;

function summary(worktree: SessionWorktreeT | null | undefined): AgentSessionSummary {
  return {
    sessionId: SID,
    task: 'Write the docs',
    mode: 'code-dev',
    model: 'm',
    status: 'completed',
    phase: 'done',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    progress: { done: 1, total: 1 },
    totals: { tokensIn: 0, tokensOut: 0, costUsd: null, modelCalls: 0 },
    live: false,
    worktree,
  };
}

describe('worktree sessions in words', () => {
  it('badges the tree: shared, the branch, merged, discarded', () => {
    expect(treeBadge(null)).toMatchObject({ text: 'shared', kind: 'shared' });
    expect(treeBadge(undefined)).toMatchObject({ text: 'shared', kind: 'shared' });
    expect(treeBadge(active)).toMatchObject({ text: 'worktree akira/1a2b3c4d', kind: 'active' });
    expect(treeBadge(active).title).toContain('from main');
    expect(treeBadge({ ...active, state: 'merged', mergeCommit: COMMIT })).toMatchObject({ text: 'worktree akira/1a2b3c4d · merged', kind: 'merged' });
    expect(treeBadge({ ...active, state: 'merged', mergeCommit: COMMIT }).title).toContain('merged into main (0123456)');
    expect(treeBadge({ ...active, state: 'discarded' })).toMatchObject({ text: 'worktree akira/1a2b3c4d · discarded', kind: 'discarded' });
    expect(treeBadge({ ...active, baseBranch: null }).title).toContain('from the detached HEAD');
  });

  it('names the branch a merge goes into, and commits as git shows them', () => {
    expect(mergeTarget(active)).toBe('main');
    expect(mergeTarget({ baseBranch: null })).toBe('the current branch');
    expect(shortCommit(COMMIT)).toBe('0123456');
  });

  it('follows worktree_merged and worktree_discarded; other events and shared sessions are left as they are', () => {
    expect(worktreeAfter(active, merged)).toEqual({ ...active, state: 'merged', mergeCommit: COMMIT });
    expect(worktreeAfter(active, discarded)).toEqual({ ...active, state: 'discarded' });
    const other = { sessionId: SID, type: 'status_changed', seq: 3, ts: '', status: 'running' } as AgentEvent;
    expect(worktreeAfter(active, other)).toBe(active);
    expect(worktreeAfter(null, merged)).toBeNull();
  });

  it('keeps Merge and Discard off while the session runs or waits in the queue, and once discarded', () => {
    for (const status of ['planning', 'running', 'waiting_approval', 'awaiting_plan_approval'] as const) {
      expect(worktreeActionBlocked(status, active)).toMatch(/running/);
    }
    expect(worktreeActionBlocked('queued', active)).toMatch(/queue/);
    for (const status of ['completed', 'failed', 'stopped', 'paused', 'interrupted'] as const) expect(worktreeActionBlocked(status, active)).toBeNull();
    expect(worktreeActionBlocked('completed', { state: 'merged' })).toBeNull();
    expect(worktreeActionBlocked('completed', { state: 'discarded' })).toBe('The worktree was discarded.');
    expect(worktreeGone(active)).toBeNull();
    expect(worktreeGone({ state: 'discarded' })).toBe('The worktree was discarded.');
  });

  it('says how a merge went: the commit, already merged, or why not with the files and that nothing changed', () => {
    const none = { conflicts: [], localChanges: [], reason: null };
    expect(mergeOutcome({ merged: true, commit: COMMIT, alreadyMerged: false, ...none }, 'main')).toEqual({ ok: true, title: 'Merged into main as commit 0123456.', groups: [], note: null });
    expect(mergeOutcome({ merged: true, commit: COMMIT, alreadyMerged: true, ...none }, 'main').title).toBe('Already merged into main (0123456): nothing new to bring in.');
    const conflict = mergeOutcome({ merged: false, commit: null, alreadyMerged: false, reason: 'Both sides changed 2 files.', conflicts: ['a.txt', 'src/b.ts'], localChanges: [] }, 'main');
    expect(conflict).toMatchObject({ ok: false, title: 'Not merged: Both sides changed 2 files.', groups: [{ heading: 'Changed on both sides (2):', files: ['a.txt', 'src/b.ts'] }] });
    expect(conflict.note).toMatch(/^Nothing was changed/);
    const local = mergeOutcome({ merged: false, commit: null, alreadyMerged: false, reason: null, conflicts: [], localChanges: ['notes.md'] }, 'dev');
    expect(local.title).toBe('Not merged: the merge was refused.');
    expect(local.groups).toEqual([{ heading: 'Your uncommitted changes in the way (1) — commit or stash them first:', files: ['notes.md'] }]);
    expect(mergeOutcome({ merged: false, commit: null, alreadyMerged: false, reason: ' ', conflicts: ['x'], localChanges: [] }, 'main').title).toBe('Not merged: the branches conflict.');
    const links = mergeOutcome({ merged: false, commit: null, alreadyMerged: false, reason: 'Links lead out.', conflicts: [], localChanges: [], linksOutside: ['root -> /'] }, 'main');
    expect(links.groups).toEqual([{ heading: 'Symbolic links that point outside the workspace (1):', files: ['root -> /'] }]);
  });

  it('says why worktrees cannot be chosen, with one full stop', () => {
    expect(isolationBlocked({ worktree: { available: true, reason: null } })).toBeNull();
    expect(isolationBlocked({ worktree: { available: false, reason: 'not a git repository' } })).toBe('Not available: not a git repository.');
    expect(isolationBlocked({ worktree: { available: false, reason: 'The workspace has no commit yet.' } })).toBe('Not available: The workspace has no commit yet.');
    expect(isolationBlocked({ worktree: { available: false, reason: null } })).toBe('Not available: worktrees cannot be used here.');
    expect(isolationBlocked(undefined)).toBe('Checking whether worktrees can be used…');
    expect(isolationBlocked(undefined, new Error('offline'))).toBe('Cannot tell whether worktrees can be used: offline');
  });

  it('words the diff: binary and too large files, the count', () => {
    expect(diffFileNote({ binary: true, tooLarge: false })).toBe('Binary file — no text diff to show.');
    expect(diffFileNote({ binary: false, tooLarge: true })).toBe('Too large to show here.');
    expect(diffFileNote({ binary: false, tooLarge: false })).toBeNull();
    expect(diffSummary(0, 'main')).toBe('No changes against main yet.');
    expect(diffSummary(1, 'main')).toBe('1 file changed against main');
    expect(diffSummary(3, 'main')).toBe('3 files changed against main');
  });
});

describe('the sessions store and worktree events', () => {
  it('marks a listed session merged or discarded from its events', () => {
    const merged1 = summaryAfter(summary(active), merged);
    expect(merged1.worktree).toEqual({ ...active, state: 'merged', mergeCommit: COMMIT });
    expect(merged1.updatedAt).toBe(merged.ts);
    expect(summaryAfter(merged1, discarded).worktree?.state).toBe('discarded');
    const shared = summary(null);
    expect(summaryAfter(shared, merged)).toBe(shared);
  });

  it('asks for the list again when a session listed without its tree is merged', () => {
    useSessionStore.setState({ sessions: [summary(undefined)], loaded: true, needsRefresh: false, statusReasons: {} });
    useSessionStore.getState().applyEvent(merged);
    expect(useSessionStore.getState().needsRefresh).toBe(true);
    useSessionStore.setState({ sessions: [summary(active)], needsRefresh: false });
    useSessionStore.getState().applyEvent(merged);
    expect(useSessionStore.getState().needsRefresh).toBe(false);
    expect(useSessionStore.getState().sessions[0].worktree?.state).toBe('merged');
  });
});
