import { existsSync } from 'node:fs';
import { z } from 'zod';
import type { AgentEvent } from '../../../../shared/contract/agent';
import type { RunDiagnostics } from '../../context/projectContext';
import type { CheckpointService } from '../../checkpoints/checkpointService';
import { AkiraError } from '../../errors';
import { checkSessionId, type SessionHandle, type SessionState, type SessionStore } from '../../sessions';
import type { CommandRunner } from '../../terminal/commandRunner';
import type { WorktreeInfo, Worktrees } from '../../worktrees/worktrees';
import { plainWords, sessionErrors, specErrors, type ErrorWords, type Words } from '../../../../shared/errors';

/**
 * Worktree sessions (issue 10; docs/architecture.md "Pinned surfaces": branch `akira/<8>`): a session that
 * works in its own git worktree (core/worktrees), so the user's tree is untouched until a merge.
 *
 *   const wt = createWorktreeSessions({store, worktrees, isolatedTree, emit, running});
 *   await wt.isolation()                 agent.isolation: can worktrees be used here, else why not
 *   const info = await wt.create(id)     a worktree for a new session (its options.worktree)
 *   worktreeOf(state)                    the WorktreeInfo a session's options hold (null: shared tree)
 *   await wt.tree(info)                  the services of its tree: checkpoints and commands rooted there
 *   await wt.commitDone(state)           a completed session's work, committed on its branch (message: the task)
 *   wt.diff(id) / wt.merge(id) / wt.discard(id)    agent.worktreeDiff / agent.merge / agent.discard
 *   wt.openTerminal(id, size)                      agent.openTerminal: a shell in the worktree
 *
 * Merge and discard refuse while the session runs, and are logged in the session (worktree_merged,
 * worktree_discarded) so that lists show them; a discarded worktree cannot be merged or resumed.
 */

/** The services a session's tree needs, rooted at its worktree (createCore builds them). */
export interface IsolatedTree {
  checkpoints: CheckpointService | null;
  commands: CommandRunner | null;
  /** The project's checkers run in the worktree (get_diagnostics, the verifier's problems). */
  diagnostics?: RunDiagnostics | null;
  /** Its commands run in the OS sandbox (issue 26). */
  sandboxed?(): Promise<boolean>;
  dispose(): Promise<void>;
}

const worktreeInfoSchema = z.object({
  sessionId: z.string(),
  path: z.string().min(1),
  workspace: z.string().min(1),
  branch: z.string().min(1),
  baseCommit: z.string().min(1),
  baseBranch: z.string().nullable(),
  snapshotCommit: z.string().nullable(),
});

/** The worktree a session was started in (session_started.options.worktree), or null for the shared tree. */
export function worktreeOf(state: Pick<SessionState, 'options'>): WorktreeInfo | null {
  const parsed = worktreeInfoSchema.safeParse(state.options.worktree);
  return parsed.success ? parsed.data : null;
}

export interface WorktreeSessionsDeps {
  store: SessionStore;
  worktrees: Worktrees | null;
  isolatedTree: ((root: string) => Promise<IsolatedTree>) | null;
  /** A user shell in a folder (the terminal panel's), for agent.openTerminal. */
  openShell: ((cwd: string, size: { cols?: number; rows?: number }, title: string) => { terminalId: string; title: string; pid: number }) | null;
  emit(event: AgentEvent): void;
  /** The session's loop runs in this process. */
  running(sessionId: string): boolean;
}

export function createWorktreeSessions(deps: WorktreeSessionsDeps) {
  const { store, worktrees } = deps;

  /** Why worktrees cannot be used here, in spec.* words (repoProbe.ts); null when they can. */
  async function unavailable(): Promise<Words | null> {
    if (!worktrees || !deps.isolatedTree) return specErrors.noWorktreeFace;
    const a = await worktrees.available();
    return a.ok ? null : a.words;
  }

  async function isolation(): Promise<{ available: boolean; reason: string | null; reasonWords?: ErrorWords }> {
    const why = await unavailable();
    return why ? { available: false, reason: why.en, reasonWords: plainWords(why) } : { available: true, reason: null };
  }

  /** A session that is not running, with its worktree; refuses a shared one and a discarded one. */
  async function stopped(sessionId: string, what: 'merge' | 'discard'): Promise<{ state: SessionState; info: WorktreeInfo }> {
    const id = checkSessionId(sessionId);
    if (deps.running(id)) throw new AkiraError('conflict', sessionErrors.worktreeBusy(id, what));
    const { state } = await store.loadSession(id);
    const info = worktreeOf(state);
    if (!info) throw new AkiraError('bad_request', sessionErrors.notInWorktree(id));
    if (state.worktreeEnd?.state === 'discarded') throw new AkiraError('conflict', sessionErrors.worktreeDiscarded(id));
    return { state, info };
  }

  async function log(sessionId: string, event: Parameters<SessionHandle['append']>[0]): Promise<void> {
    const handle = await store.openSession(sessionId);
    try {
      deps.emit({ ...(await handle.append(event)), sessionId });
    } finally {
      await handle.close();
    }
  }

  const messageOf = (state: SessionState) => `${state.task.split('\n')[0]?.trim().slice(0, 200) || 'Akira session'}\n\nAkira session ${state.sessionId}`;

  return {
    isolation,
    async create(sessionId: string): Promise<WorktreeInfo> {
      const why = await unavailable();
      // Said inside session.noWorktreeHere by its name in the spec catalog, with git's text (its one value, if any).
      if (why) throw new AkiraError('bad_request', sessionErrors.noWorktreeHere(why.key.replace(/^spec\./, ''), String(why.values[0] ?? '')));
      return worktrees!.create(sessionId);
    },
    async tree(info: WorktreeInfo): Promise<IsolatedTree> {
      if (!existsSync(info.workspace)) {
        throw new AkiraError('conflict', sessionErrors.worktreeGoneStop(info.sessionId, info.path));
      }
      return deps.isolatedTree!(info.workspace);
    },
    async commitDone(state: SessionState): Promise<void> {
      const info = worktreeOf(state);
      if (info && worktrees && existsSync(info.path)) await worktrees.commit(info, messageOf(state));
    },
    async diff(sessionId: string) {
      const id = checkSessionId(sessionId);
      const { state } = await store.loadSession(id);
      const info = worktreeOf(state);
      if (!info || !worktrees) throw new AkiraError('bad_request', sessionErrors.notInWorktree(id));
      if (state.worktreeEnd?.state === 'discarded') throw new AkiraError('conflict', sessionErrors.worktreeDiscarded(id));
      return { branch: info.branch, ...(await worktrees.diff(info)) };
    },
    async merge(sessionId: string) {
      const { state, info } = await stopped(sessionId, 'merge');
      const r = await worktrees!.merge(info, `Merge ${info.branch}: ${messageOf(state)}`);
      if (!r.merged) {
        return { merged: false, commit: null, alreadyMerged: false, reason: r.reason, reasonWords: r.reasonWords, conflicts: r.conflicts, localChanges: r.localChanges, ...(r.linksOutside ? { linksOutside: r.linksOutside } : {}) };
      }
      await log(state.sessionId, { type: 'worktree_merged', commit: r.commit, alreadyMerged: r.alreadyMerged === true, into: info.baseBranch });
      return { merged: true, commit: r.commit, alreadyMerged: r.alreadyMerged === true, reason: null, conflicts: [], localChanges: [] };
    },
    async openTerminal(sessionId: string, size: { cols?: number; rows?: number }) {
      const id = checkSessionId(sessionId);
      const { state } = await store.loadSession(id);
      const info = worktreeOf(state);
      if (!info) throw new AkiraError('bad_request', sessionErrors.ownTreeTerminal(id));
      if (state.worktreeEnd?.state === 'discarded' || !existsSync(info.workspace)) throw new AkiraError('conflict', sessionErrors.worktreeGone(id));
      if (!deps.openShell) throw new AkiraError('unavailable', sessionErrors.noTerminals);
      return deps.openShell(info.workspace, size, `${info.branch}`);
    },
    async discard(sessionId: string): Promise<void> {
      const { state, info } = await stopped(sessionId, 'discard');
      await worktrees!.discard(info);
      await log(state.sessionId, { type: 'worktree_discarded' });
    },
  };
}

export type WorktreeSessions = ReturnType<typeof createWorktreeSessions>;
