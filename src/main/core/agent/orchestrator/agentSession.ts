import type { AgentApproval, AgentNoticeType, AgentTodo, NoticeBody } from '../../../../shared/contract/agent';
import type { ContextAttachment, SessionImage } from '../../../../shared/context/contextShapes';
import type { SandboxAnswer } from '../../../../shared/agent/sandboxBlocks';
import type { CheckpointService } from '../../checkpoints/checkpointService';
import { reasonFields, sessionReasons, type Reason, type Words } from '../../../../shared/errors';
import { AkiraError } from '../../errors';
import { resumePoint, terminalStatuses, type SessionEventInput, type SessionHandle, type SessionState, type SessionStatus } from '../../sessions';
import type { RunParams, RunResult } from '../../terminal/commandRunner';
import type { GitignoreRules } from '../../workspace/gitignoreRules';
import { ModelAbortedError, ModelAuthError, ModelError } from '../model';
import type { ToolRegistry } from '../tools';
import { createApprovalGate, GateCancelled, type GatePolicy } from './approvalGate';
import type { AppliedChange } from './changeEvidence';
import { newId } from './changeFlow';
import type { CallTool, ModelCaller } from './modelCaller';
import {
  applyLeftChanges,
  closeLostCalls,
  decideLeftChanges,
  finalStep,
  planApprovalStep,
  planStep,
  questionStep,
  type Answer,
  type PlanDecision,
  type QuestionInfo,
} from './sessionSteps';
import { PauseSession, setStatus, startFirstSnapshot, takeCheckpoint, type ModeChange, type SandboxGrantHooks, type SessionLimits, type SessionMode, type SessionModeSource, type SessionRuntime, type SessionSettings, type SubTaskSource } from './sessionRuntime';
import { executeTurn, startTodo, verifyCurrent } from './todoStep';
import type { SessionContextSource } from './sessionContext';
import type { McpHub } from '../../mcp/mcpHub';
import type { ModelImage } from '../model/messages';
import type { SpecRuntime } from './specRuntime';
import { specStep } from './specSteps';
import { createWaitSlot } from './userWait';
import { VerifierError } from './verifier';
import { sessionErrors } from '../../../../shared/errors';
import { modelAuthReason } from './modelPauseReason';

/**
 * One agent session's loop: plan → execute → verify → complete (docs/architecture.md "Agent protocol").
 *
 *   const s = createAgentSession(deps);   // deps.handle: an open session (new, or reopened to resume)
 *   s.run()                 // runs until completed / failed / stopped / paused; resolves with the status
 *   s.pause(reason?)  s.stop(reason?)  s.resume()   s.sendMessage(text)
 *   s.approve(id, content?) s.reject(id, reason)   s.approvePlan(decision)   s.answer(answer)
 *   s.approvals()  s.question()  s.planWaiting()   s.settled()   await s.close()
 *
 * Every step reads the replayed state (sessions/resumePoint) and appends events, so the loop resumes
 * from the log alone: a session reopened after a crash continues from its last consistent step
 * (undecided changes are asked again, approved ones applied, calls lost in flight reported to the
 * model). Pause aborts the model call or the wait in progress (a running command finishes); stop also
 * kills commands. Limits, 401/403 and an unreachable model pause the session with the reason.
 */

export interface AgentSessionDeps {
  root: string;
  handle: SessionHandle;
  caller: ModelCaller;
  registry: ToolRegistry;
  policy: GatePolicy;
  limits: SessionLimits;
  settings: SessionSettings;
  modePrompt: string;
  /** The mode's execute tools (default all); the control tools are always offered. */
  modeTools?: readonly string[];
  checkpoints: CheckpointService | null;
  /** Why `checkpoints` is null when it is (git is not installed): the session warns once. */
  checkpointsOff?: Words | null;
  runCommand?: (params: RunParams) => Promise<RunResult>;
  rules?: GitignoreRules;
  /** A live notice on agent.onEvent (the service adds the sessionId). */
  notice<T extends AgentNoticeType>(type: T, data: NoticeBody<T>): void;
  /** Rejections per TODO when a person last sent it back (from the log, on resume). */
  retryBase?: Map<string, number>;
  /** Spec sessions: the tasks.md they run (specRuntime.ts); the spec steps come first (specSteps.ts). */
  spec?: SpecRuntime | null;
  /** Runs just before the session is marked completed (sessionRuntime.ts completeSession). */
  beforeComplete?: () => Promise<void>;
  /** The project context of each call (sessionContext.ts); none: no rules, attachments or git state. */
  context?: SessionContextSource;
  /** The workspace's MCP servers: their tools join the mode's when the mode may run commands. */
  mcp?: McpHub | null;
  /** The sandbox card's hooks (sandboxBlocked.ts); none: a blocked command's result goes to the model as it is. */
  sandboxGrants?: SandboxGrantHooks | null;
  /** The modes it may switch to (issue 25); none: list_modes and switch_mode answer that it cannot. */
  modes?: SessionModeSource | null;
  /** Where new_task starts its child sessions (issue 25); none: new_task is not offered. */
  subTasks?: SubTaskSource | null;
}

export interface AgentSession {
  readonly sessionId: string;
  run(): Promise<SessionStatus>;
  running(): boolean;
  settled(): Promise<void>;
  pause(reason?: Reason): Promise<void>;
  resume(): Promise<void>;
  stop(reason?: Reason): Promise<void>;
  sendMessage(text: string, extra?: { attachments?: ContextAttachment[]; images?: SessionImage[] }): Promise<string>;
  approve(changeId: string, content?: string, sandbox?: SandboxAnswer): void;
  reject(changeId: string, reason: Reason): void;
  approvePlan(decision: PlanDecision): void;
  answer(answer: Answer): void;
  /**
   * The user switches the session's mode (agent.setMode): logged as `mode_changed`, the next model call uses it.
   * False when it is in that mode already (nothing logged); conflict once the session has ended.
   */
  setMode(modeId: string, reason?: string): Promise<boolean>;
  /**
   * Changes the TODO board (agent.editTodos): `edit` gets the current state and answers the events to
   * append. It runs while the loop cannot start a pending TODO, so a TODO is never edited as it starts.
   */
  editBoard(edit: (state: SessionState) => SessionEventInput[]): Promise<void>;
  approvals(): AgentApproval[];
  question(): QuestionInfo | null;
  planWaiting(): boolean;
  close(): Promise<void>;
}

/** How long a session waits for MCP servers still starting before its first step (they join later calls when ready). */
const MCP_SETTLE_MS = 30_000;

/** A session without project context (tests that build one by hand). */
const noContext: SessionContextSource = {
  vision: false,
  diagnostics: null,
  forCall: async ({ messages }) => ({ project: { rules: '', attachments: [], images: [], gitState: null }, messages: messages.map((m) => ({ text: m.text, attachments: m.attachments })) }),
  rulesText: async () => '',
};

export function createAgentSession(deps: AgentSessionDeps): AgentSession {
  const { handle } = deps;
  const sessionId = handle.sessionId;
  const gate = createApprovalGate({
    onRequested: (approval, reason, reasonWords) => deps.notice('approval_requested', { ...approval, reason, ...(reasonWords ? { reasonWords } : {}) }),
    onResolved: (changeId, d) => deps.notice('approval_resolved', { changeId, decision: d.decision, by: d.by, ...(d.reason ? { reason: d.reason } : {}), ...(d.sandbox ? { sandbox: d.sandbox } : {}) }),
  });
  const planSlot = createWaitSlot<PlanDecision, { todos: AgentTodo[] }>(sessionErrors.notWaitingForPlan);
  const questionSlot = createWaitSlot<Answer, QuestionInfo>(sessionErrors.notWaitingForAnswer);
  const shared = {
    retryBase: deps.retryBase ?? new Map<string, number>(),
    applied: new Map<string, AppliedChange[]>(),
    baselines: new Map<string, string | null>(),
    firstSnapshot: null,
    notes: new Map<string, string[]>(),
    toolImages: new Map<string, ModelImage[]>(),
    // "Allow for this session" lasts as long as the session is loaded: every run of its loop shares it.
    sandboxGrants: deps.sandboxGrants ? { ...deps.sandboxGrants, session: { network: [], allowWrite: [], allowRead: [] } } : null,
  };
  const all: CallTool[] = deps.registry.list().map((t) => ({ name: t.name, description: t.description, schema: t.params }));
  const planTool = all.find((t) => t.name === 'todo_write')!;
  const control = new Set(['todo_write', 'update_todo', 'complete', 'list_modes', 'switch_mode', 'new_task']);
  // The mode in use: a switch (agent.setMode, switch_mode) replaces it, and the next call reads it.
  let mode: SessionMode = { id: handle.state().mode, modePrompt: deps.modePrompt, modeTools: deps.modeTools, policy: deps.policy, limits: deps.limits, settings: deps.settings };
  // A spec session's TODOs are the tasks of its tasks.md: it has no todo_write. Without a mode source, no mode tools.
  const toolsOf = (m: SessionMode) =>
    all.filter((t) => (!m.modeTools || control.has(t.name) || m.modeTools.includes(t.name)) && !(deps.spec && t.name === 'todo_write') && (deps.modes || (t.name !== 'list_modes' && t.name !== 'switch_mode')) && (deps.subTasks || t.name !== 'new_task'));

  async function applyMode(next: SessionMode, change: ModeChange): Promise<void> {
    const from = handle.state().mode;
    await handle.append({ type: 'mode_changed', from, to: next.id, by: change.by, reason: change.reason ?? '', ...(change.approvedBy ? { approvedBy: change.approvedBy } : {}) });
    mode = next;
    next.onApplied?.();
  }
  const modes = deps.modes ? { list: () => deps.modes!.list(), load: (id: string) => deps.modes!.load(id), apply: applyMode } : null;

  let loop: Promise<SessionStatus> | null = null;
  let rt: (SessionRuntime & { abort(kill: boolean): void }) | null = null;
  let pauseReason: Reason | null = null;
  let stopReason: Reason | null = null;
  let closing = false;
  let summary: string | null = null;
  // Starting a pending TODO and editing the board (agent.editTodos) take turns.
  let board: Promise<unknown> = Promise.resolve();
  function withBoard<T>(fn: () => Promise<T>): Promise<T> {
    const turn = board.then(fn);
    board = turn.catch(() => undefined);
    return turn;
  }

  function runtime(): SessionRuntime & { abort(kill: boolean): void } {
    const interrupt = new AbortController();
    const kill = new AbortController();
    return {
      sessionId,
      root: deps.root,
      handle,
      caller: deps.caller,
      registry: deps.registry,
      gate,
      // The mode's parts are read at each use: a switch takes effect at the next call.
      get policy() {
        return mode.policy;
      },
      get limits() {
        return mode.limits;
      },
      get settings() {
        return mode.settings;
      },
      get modePrompt() {
        return mode.modePrompt;
      },
      modes,
      subTasks: deps.subTasks ?? null,
      checkpoints: deps.checkpoints,
      checkpointsOff: deps.checkpoints ? null : (deps.checkpointsOff ?? null),
      runCommand: deps.runCommand,
      rules: deps.rules,
      notice: deps.notice,
      spec: deps.spec ?? null,
      context: deps.context ?? noContext,
      get mcp() {
        return toolsOf(mode).some((t) => t.name === 'run_command') ? (deps.mcp ?? null) : null;
      },
      beforeComplete: deps.beforeComplete,
      interrupt: interrupt.signal,
      kill: kill.signal,
      counters: { loops: new Map(), fileModificationsAtStart: handle.state().totals.fileModifications, finalRejections: 0 },
      ...shared,
      get summary() {
        return summary;
      },
      set summary(v) {
        summary = v;
      },
      abort(killCommands) {
        interrupt.abort();
        if (killCommands) kill.abort();
      },
    };
  }

  async function step(r: SessionRuntime): Promise<boolean> {
    // A follow-up round of a spec session is a typed task: planned with todo_write, not run from tasks.md.
    if (r.spec && handle.state().round === 1 && (await specStep(r, questionSlot))) return true;
    const state = handle.state();
    const point = resumePoint(state);
    switch (point.kind) {
      case 'finished':
        return false;
      case 'plan':
        // The first checkpoint is taken while the model plans (issue 30); a change waits for it (snapshotTaken).
        if (!state.checkpoints.length) startFirstSnapshot(r);
        // A follow-up's round starts with its own checkpoint (the timeline shows where each round starts).
        else if (state.round > 1 && !state.checkpoints.some((c) => c.seq > state.roundStartSeq)) await takeCheckpoint(r, null, `start of round ${state.round}`, true);
        await planStep(r, planTool);
        return true;
      case 'plan_approval':
        await planApprovalStep(r, planSlot);
        return true;
      case 'apply_changes':
        await applyLeftChanges(r, point.changes);
        return true;
      case 'change_approvals':
        await decideLeftChanges(r, point.changes);
        return true;
      case 'todo':
        if (point.lostCalls.length) await closeLostCalls(r, point.lostCalls);
        if (point.todo.status === 'pending') {
          await withBoard(async () => {
            const again = resumePoint(handle.state()); // the board may have been edited meanwhile
            if (again.kind === 'todo' && again.todo.id === point.todo.id && again.todo.status === 'pending') await startTodo(r, again.todo);
          });
        }
        else if (point.todo.status === 'verifying') await verifyCurrent(r, point.todo);
        else await executeTurn(r, point.todo, toolsOf(mode));
        return true;
      case 'failed_todo':
        await questionStep(r, point.todo, questionSlot);
        return true;
      case 'final_check':
        await finalStep(r);
        return true;
    }
  }

  async function enterPause(r: SessionRuntime, reason: Reason): Promise<void> {
    await setStatus(r, 'paused', reason);
  }

  async function onError(r: SessionRuntime, err: unknown): Promise<void> {
    if (stopReason !== null) return void (await handle.append({ type: 'session_stopped', ...reasonFields(stopReason) }));
    if (closing) return;
    const cancelled = err instanceof GateCancelled || err instanceof ModelAbortedError;
    if (cancelled && pauseReason !== null) return enterPause(r, pauseReason);
    if (err instanceof PauseSession) return enterPause(r, err.reason);
    if (err instanceof ModelAuthError) {
      return enterPause(r, modelAuthReason(err));
    }
    if (err instanceof ModelError || err instanceof VerifierError) return enterPause(r, sessionReasons.modelFailed(err.message));
    deps.notice('warning', { message: `Unexpected error: ${(err as Error)?.stack ?? String(err)}` });
    return enterPause(r, sessionReasons.unexpected((err as Error)?.message ?? String(err)));
  }

  async function body(r: SessionRuntime): Promise<void> {
    // While it runs, the session's folder (the workspace or its worktree) is the MCP servers' root (roots/list).
    const releaseRoot = r.mcp?.useRoot(r.root);
    try {
      const state = handle.state();
      if (state.status === 'paused' || state.status === 'interrupted' || state.status === 'queued') {
        await setStatus(r, state.plan.approved || state.plan.awaitingApproval ? 'running' : 'planning');
      }
      // MCP servers still starting (a one-shot CLI run opens the workspace just before): their tools for the first call.
      await r.mcp?.settled(MCP_SETTLE_MS).catch(() => undefined);
      for (;;) {
        if (stopReason !== null) {
          await handle.append({ type: 'session_stopped', ...reasonFields(stopReason) });
          return;
        }
        if (closing) return;
        if (pauseReason !== null) return enterPause(r, pauseReason);
        if (!(await step(r))) return;
      }
    } catch (err) {
      try {
        await onError(r, err);
      } catch (inner) {
        deps.notice('warning', { message: `The session could not record its end: ${(inner as Error).message}` });
      }
    } finally {
      // A first checkpoint still being taken is logged before the loop ends (a pause during the plan call).
      await r.firstSnapshot;
      releaseRoot?.();
    }
  }

  function run(): Promise<SessionStatus> {
    if (loop) return loop;
    const status = handle.state().status;
    if (terminalStatuses.includes(status)) return Promise.resolve(status);
    pauseReason = null;
    rt = runtime();
    const r = rt;
    loop = body(r).then(() => {
      planSlot.dropNext();
      loop = null;
      rt = null;
      return handle.state().status;
    });
    return loop;
  }

  return {
    sessionId,
    run,
    running: () => loop !== null,
    settled: async () => {
      await loop;
    },
    async pause(reason: Reason = sessionReasons.pausedByUser) {
      if (!loop) {
        const s = handle.state().status;
        if (terminalStatuses.includes(s)) throw new AkiraError('conflict', sessionErrors.sessionAlready(s));
        return;
      }
      pauseReason = reason;
      rt?.abort(false);
      gate.cancelAll();
    },
    async resume() {
      const s = handle.state().status;
      if (terminalStatuses.includes(s)) throw new AkiraError('conflict', sessionErrors.sessionEnded(s));
      if (loop) {
        // Paused but still winding down (the pause is on disk, the loop returns right after): wait for it.
        if (s !== 'paused') throw new AkiraError('conflict', sessionErrors.alreadyRunning);
        await loop;
      }
      void run();
    },
    async stop(reason: Reason = sessionReasons.stoppedByUser) {
      const s = handle.state().status;
      if (terminalStatuses.includes(s)) throw new AkiraError('conflict', sessionErrors.sessionAlready(s));
      if (!loop) {
        await handle.append({ type: 'session_stopped', ...reasonFields(reason) });
        return;
      }
      stopReason = reason;
      rt?.abort(true);
      gate.cancelAll();
      await loop;
      // A loop that was already winding down (a pause written, the loop not yet returned) ends without writing the stop.
      if (!terminalStatuses.includes(handle.state().status)) await handle.append({ type: 'session_stopped', ...reasonFields(reason) });
    },
    async sendMessage(text, extra = {}) {
      const messageId = newId('msg');
      await handle.append({ type: 'user_message', messageId, text, attachments: extra.attachments ?? [], images: extra.images ?? [] });
      return messageId;
    },
    approve: (id, content, sandbox) => gate.approve(id, content, sandbox),
    reject: (id, reason) => gate.reject(id, reason),
    approvePlan(decision) {
      // Every face shows the plan as soon as it is proposed; the wait opens a moment later, once the status
      // is written. An answer in between is kept for it rather than refused.
      const early = !planSlot.current() && loop !== null && pauseReason === null && stopReason === null && handle.state().plan.awaitingApproval;
      if (early) planSlot.resolveNext(decision);
      else planSlot.resolve(decision);
    },
    answer(answer) {
      questionSlot.resolve(answer, (q) => {
        if (q.questionId !== answer.questionId) throw new AkiraError('not_found', sessionErrors.otherQuestion(q.questionId, answer.questionId));
      });
    },
    async setMode(modeId, reason) {
      const ended = () => {
        const s = handle.state().status;
        if (terminalStatuses.includes(s)) throw new AkiraError('conflict', sessionErrors.modeAfterEnd(s));
      };
      ended();
      if (modeId === handle.state().mode) return false;
      if (!deps.modes) throw new AkiraError('unavailable', sessionErrors.modesUnavailable);
      const next = await deps.modes.load(modeId);
      ended(); // it may have ended while the mode loaded
      if (next.id === handle.state().mode) return false;
      await applyMode(next, { by: 'user', ...(reason ? { reason } : {}) });
      return true;
    },
    editBoard: (edit) =>
      withBoard(async () => {
        for (const event of edit(handle.state())) await handle.append(event);
      }),
    approvals: () => gate.pending(),
    question: () => questionSlot.current(),
    planWaiting: () => planSlot.current() !== null,
    async close() {
      closing = true;
      rt?.abort(true);
      gate.cancelAll();
      await loop;
      const s = handle.state().status;
      if (s === 'running' || s === 'planning' || s === 'waiting_approval' || s === 'awaiting_plan_approval') {
        await handle
          .append({ type: 'status_changed', status: 'interrupted', ...reasonFields(sessionReasons.closedWhileRunning) })
          .catch(() => undefined);
      }
      await handle.close();
    },
  };
}
