import type { SandboxGrant } from '../../sandbox/sandboxGrants';
import { modelTask } from './roundContext';
import type { SandboxBlock } from '../../terminal/sandboxDenials';
import type { AgentNoticeType, NoticeBody } from '../../../../shared/contract/agent';
import type { CheckpointService } from '../../checkpoints/checkpointService';
import type { SessionHandle, SessionStatus } from '../../sessions';
import type { SessionPhase } from '../../sessions';
import type { RunParams, RunResult } from '../../terminal/commandRunner';
import type { GitignoreRules } from '../../workspace/gitignoreRules';
import type { ToolRegistry } from '../tools';
import type { ApprovalGate, GatePolicy } from './approvalGate';
import type { AppliedChange } from './changeEvidence';
import type { ModelCaller } from './modelCaller';
import type { SessionContextSource } from './sessionContext';
import type { McpHub } from '../../mcp/mcpHub';
import type { ModelImage } from '../model/messages';
import type { SpecRuntime } from './specRuntime';
import { plainWords, reasonFields, reasonText, type Reason, type Words } from '../../../../shared/errors';

/**
 * What the parts of one running session share (agentSession.ts builds it; todoStep.ts and
 * toolDispatch.ts use it), and the small helpers they all need.
 */

/** The policy's limits (policy/policySchema.ts LIMITS); reaching one pauses the session and says why. */
export interface SessionLimits {
  maxToolLoopsPerTodo: number;
  maxRetriesPerTodo: number;
  maxFileModificationsPerSession: number;
  maxTasksPerSession: number;
}

export interface SessionSettings {
  /** Prompt budget of every call (estimated tokens). */
  contextTokens: number;
  requirePlanApproval: boolean;
  /** Read tools ask a person first (policy autoApprove.read false). */
  askBeforeReads: boolean;
}

/** A mode as a running session uses it (issue 25): the next model call takes its prompt, tools and policy. */
export interface SessionMode {
  id: string;
  modePrompt: string;
  /** The mode's execute tools (default all); the control and mode tools are always offered. */
  modeTools?: readonly string[];
  policy: GatePolicy;
  limits: SessionLimits;
  settings: SessionSettings;
  /** Runs once the switch to it is logged (the service keeps the policy it decides with). */
  onApplied?(): void;
}

/** Where a session finds the modes it may switch to (agentService: the workspace's, with the user's policy). */
export interface SessionModeSource {
  list(): Promise<{ id: string; name: string; description: string }[]>;
  /** The mode ready to use; an AkiraError (bad_request, naming the modes) for an unknown id. */
  load(modeId: string): Promise<SessionMode>;
}

/** How a sub-task ended (issue 25, new_task): its status and summary, or why it failed or was stopped. */
export interface SubTaskEnd {
  status: SessionStatus;
  summary: string;
}

/** Where a session starts its sub-tasks (the agent service): a child session in the same tree. */
export interface SubTaskSource {
  /** How deep this session is (0: a person started it). */
  depth: number;
  /** Creates and starts the child; `ended` settles when it completes, fails or is stopped. Unknown mode: AkiraError. */
  start(input: { task: string; mode?: string }): Promise<{ childId: string; mode: string; ended: Promise<SubTaskEnd> }>;
  /** Stops a child (its parent is stopping). */
  stop(childId: string): Promise<void>;
}

/** What a switch logs besides from/to (the mode_changed event). */
export interface ModeChange {
  by: 'user' | 'model';
  reason?: string;
  approvedBy?: 'user' | 'policy';
}

export interface SessionRuntime {
  readonly sessionId: string;
  readonly root: string;
  readonly handle: SessionHandle;
  readonly caller: ModelCaller;
  readonly registry: ToolRegistry;
  readonly gate: ApprovalGate;
  readonly policy: GatePolicy;
  readonly limits: SessionLimits;
  readonly settings: SessionSettings;
  readonly modePrompt: string;
  readonly checkpoints: CheckpointService | null;
  /** Why there are no checkpoints (git is not installed): said once, as a warning, when the session starts. */
  readonly checkpointsOff: Words | null;
  readonly runCommand?: (params: RunParams) => Promise<RunResult>;
  readonly rules?: GitignoreRules;
  /** A live notice on agent.onEvent (not logged). */
  notice<T extends AgentNoticeType>(type: T, data: NoticeBody<T>): void;
  /** Aborted by pause and stop: model calls and waits. */
  readonly interrupt: AbortSignal;
  /** Aborted by stop only: running commands are killed. */
  readonly kill: AbortSignal;
  /** Counters of this run (a resume starts them again: resuming is the person's go-ahead). */
  readonly counters: {
    loops: Map<string, number>;
    fileModificationsAtStart: number;
    finalRejections: number;
  };
  /** Rejections of each TODO when a person last sent it back to work (retry/edit): the retry limit counts from there. */
  readonly retryBase: Map<string, number>;
  /** The checkpoint each TODO started from, when it was taken (else the verifier uses the applied changes). */
  readonly baselines: Map<string, string | null>;
  /**
   * The session's first checkpoint while it is taken (issue 30): the plan call and anything that changes no file run
   * meanwhile; whatever may change a file waits for it (snapshotTaken). Null before it starts.
   */
  firstSnapshot: Promise<unknown> | null;
  /** Changes applied per TODO in this process (the verifier's fallback evidence). */
  readonly applied: Map<string, AppliedChange[]>;
  /** Orchestrator notes for the next execute call of a TODO (a nudge, a refused plan). */
  readonly notes: Map<string, string[]>;
  /** The summary the model gave with `complete`. */
  summary: string | null;
  /** Spec sessions: the tasks.md they run and the spec settings (null for a typed task). */
  readonly spec: SpecRuntime | null;
  /** Rules, attachments, images and git state for each call (sessionContext.ts). */
  readonly context: SessionContextSource;
  /** The workspace's MCP servers (issue 12): their tools are offered with the mode's; null: none. */
  readonly mcp: McpHub | null;
  /** Images tool results answered (an MCP tool's), for the TODO's next call (vision models only). */
  readonly toolImages: Map<string, ModelImage[]>;
  /** Runs just before the session is marked completed (a worktree session commits its work on its branch). */
  readonly beforeComplete?: () => Promise<void>;
  /** What the user let through the OS sandbox (sandboxBlocked.ts); null: commands do not offer it (no sandbox hooks). */
  readonly sandboxGrants: SessionSandboxGrants | null;
  /** Mode switches (list_modes, switch_mode); null: this session cannot switch (no mode source). */
  readonly modes: (SessionModeSource & { apply(mode: SessionMode, change: ModeChange): Promise<void> }) | null;
  /** Sub-tasks (new_task); null: this session cannot start them. */
  readonly subTasks: SubTaskSource | null;
}

/** The sandbox card's side of a session (issue 26): what allowing a block grants, and where a grant is kept. */
export interface SandboxGrantHooks {
  /** What allowing these blocks would let through (core/sandbox/sandboxGrants.ts grantFor, rooted at the session's tree). */
  grantFor(blocked: readonly SandboxBlock[]): SandboxGrant;
  /** Keeps a grant for the workspace (data folder) or everywhere (global settings). */
  keep(scope: 'workspace' | 'global', grant: SandboxGrant): Promise<void>;
}
export interface SessionSandboxGrants extends SandboxGrantHooks {
  /** Allowed for this session (in memory, for every later command of the session in this process). */
  session: SandboxGrant;
}

/** The session is done: `beforeComplete` first (its failure is a warning, not a failed session), then the end. */
export async function completeSession(rt: SessionRuntime, summary: string): Promise<void> {
  try {
    await rt.beforeComplete?.();
  } catch (err) {
    rt.notice('warning', { message: `Before completing: ${(err as Error).message}` });
  }
  await rt.handle.append({ type: 'session_completed', summary });
}

/**
 * The task section of a call about a TODO: the session's task, or in a spec session the spec task with its
 * details, the requirements it cites and design.md (within `maxChars`).
 */
export async function taskTextFor(rt: SessionRuntime, todoId: string, maxChars: number): Promise<string> {
  // A follow-up round: its text with what the earlier rounds did (roundContext.ts).
  const fallback = modelTask(rt.handle.state(), maxChars);
  if (!rt.spec || rt.handle.state().round > 1) return fallback;
  return (await rt.spec.taskPrompt(todoId, maxChars).catch(() => null)) ?? fallback;
}

/** Unwinds the loop: the session pauses with this reason (a limit, an auth error, no one to ask). */
export class PauseSession extends Error {
  /** The reason with its words when it has them (issue 14); `message` is its English. */
  readonly reason: Reason;
  constructor(reason: Reason) {
    super(reasonText(reason));
    this.name = 'PauseSession';
    this.reason = reason;
  }
}

export async function setStatus(rt: SessionRuntime, status: SessionStatus, reason?: Reason, phase?: SessionPhase): Promise<void> {
  const state = rt.handle.state();
  const fields = reasonFields(reason);
  if (state.status === status && (phase === undefined || state.phase === phase) && (fields.reason ?? null) === state.statusReason) return;
  await rt.handle.append({ type: 'status_changed', status, ...fields, ...(phase ? { phase } : {}) });
}

/** The session's start: its first checkpoint, or (checkpoints off: git is not installed) the warning that says so. */
export async function startCheckpoint(rt: SessionRuntime): Promise<void> {
  if (!rt.checkpoints && rt.checkpointsOff) {
    rt.notice('warning', { message: rt.checkpointsOff.en, messageWords: plainWords(rt.checkpointsOff) });
    return;
  }
  await createCheckpoint(rt, null, 'start of the session', true);
}

/**
 * Starts the session's first checkpoint without waiting for it (issue 30: on a big tree it takes seconds, and the plan
 * call needs none of it). `snapshotTaken` is what waits.
 */
export function startFirstSnapshot(rt: SessionRuntime): void {
  rt.firstSnapshot ??= startCheckpoint(rt);
}

/**
 * Waits for the session's first checkpoint before something that may change a file (a change applied, a command, an
 * MCP tool, a sub-task), so that every change lands after a checkpoint. A session with none logged (resumed after a
 * crash before it was) takes it now.
 */
export async function snapshotTaken(rt: SessionRuntime): Promise<void> {
  if (!rt.firstSnapshot && rt.checkpoints && !rt.handle.state().checkpoints.length) rt.firstSnapshot = startCheckpoint(rt);
  await rt.firstSnapshot;
}

export async function takeCheckpoint(rt: SessionRuntime, todoId: string | null, label: string, always = false): Promise<string | null> {
  await rt.firstSnapshot; // the session's first checkpoint comes first in the timeline
  return createCheckpoint(rt, todoId, label, always);
}

async function createCheckpoint(rt: SessionRuntime, todoId: string | null, label: string, always: boolean): Promise<string | null> {
  if (!rt.checkpoints) return null;
  try {
    const cp = await rt.checkpoints.create({ origin: 'agent', sessionId: rt.sessionId, ...(todoId ? { todoId } : {}), skipIfUnchanged: !always, label });
    if (cp.unchanged && !always) return null;
    await rt.handle.append({ type: 'checkpoint_taken', checkpointId: cp.id, todoId, label });
    return cp.id;
  } catch (err) {
    rt.notice('warning', { message: `Checkpoint failed (${(err as Error).message}); the session goes on without it.` });
    return null;
  }
}
