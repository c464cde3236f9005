import { homedir } from 'node:os';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { headerView, parentIdOf, specPathOf, taskDepthOf, todoView, totalsView, verdictView, worktreeView } from '../../../../shared/agent/sessionView';
import type { AgentEvent, AgentModeInfo, AgentSessionDetail, AgentSessionSummary } from '../../../../shared/contract/agent';
import type { SpecRunInput } from '../../../../shared/contract/specs';
import type { CommandResult } from '../../../../shared/contract';
import type { SandboxStatus } from '../../sandbox/workspaceSandbox';
import { grantFor, type SandboxGrant, type SandboxGrantStore } from '../../sandbox/sandboxGrants';
import type { SandboxAnswer } from '../../../../shared/agent/sandboxBlocks';
import type { Isolation, WhenBusy } from '../../../../shared/agent/agentShapes';
import type { CheckpointService } from '../../checkpoints/checkpointService';
import { AkiraError } from '../../errors';
import type { Emit } from '../../eventBus';
import { checkSessionId, createSessionStore, decodeImage, pruneSessions, readSessionRetention, saveSessionImages, terminalStatuses, type SessionHandle, type SessionState, type SessionStore } from '../../sessions';
import type { CommandRunner } from '../../terminal/commandRunner';
import { createGitignoreRules } from '../../workspace/gitignoreRules';
import { loadModes, type ModeLoadError } from '../modes';
import { createModelClient, resolveModelConfig, type ModelClient, type ModelFlags, type SavedKey } from '../model';
import { resolvePolicy, tightenPolicy, type Policy } from '../policy';
import { createToolRegistry } from '../tools';
import { createAgentSession, type AgentSession } from './agentSession';
import { contextBudget, generationFor, jsonModeFor, readAgentSettings, specSettingsOf } from './agentSettings';
import { createDeltaBatcher } from './deltaBatcher';
import { createSessionContext } from './sessionContext';
import { changedSetup, lastSetup, setupOf } from './resumeSetup';
import type { ProjectContext } from '../../context/projectContext';
import { taskAttachments } from '../../context/editorContext';
import type { McpHub } from '../../mcp/mcpHub';
import type { EditorContext, ImageInput } from '../../../../shared/context/contextShapes';
import { createModelCaller } from './modelCaller';
import { createAdmission } from './sessionAdmission';
import { createWorktreeSessions, worktreeOf, type IsolatedTree, type WorktreeSessions, type WorktreeSessionsDeps } from './worktreeSessions';
import type { Worktrees } from '../../worktrees/worktrees';
import { specOptionsOf } from './specPlan';
import { createSpecRuntime } from './specRuntime';
import { planSpecSession } from './specStart';
import { gatePolicyOf, limitsOf, sessionSettingsOf } from './policyGate';
import { createHistoryCommands } from './historyCommands';
import { retryBasesFrom } from './retryBase';
import type { Answer, PlanDecision } from './sessionSteps';
import type { SessionMode, SubTaskEnd, SubTaskSource } from './sessionRuntime';
import type { ModeResolver } from './modeResolver';
import { secretWarning } from './secretWarning';
import { plainWords, sessionErrors, reasonFields, sessionReasons, type Reason, type Words } from '../../../../shared/errors';

/**
 * The agent of one workspace: its sessions (`.akira/sessions`) and the loops running them.
 *
 *   const agent = createAgentService({root, dataDir, emit, checkpoints, commands, env, modelFlags, resolveMode});
 *   await agent.start({task, mode?, model?}) → {sessionId}       (model configuration errors: bad_request with how to configure)
 *   agent.list() / agent.get(id) / pause / resume / stop / sendMessage / approve / reject / approvePlan / answer
 *   agent.modes()                      the built-in and custom modes, with the broken mode files
 *   agent.setMode(id, mode, reason?)   the user switches a session's mode (mode_changed; the next call uses it)
 *   agent.editTodos / rewind / undoRewind / fork    the board's pending part, and going back in a session's history (historyCommands.ts)
 *   await agent.dispose()              // running sessions are marked interrupted (resumable)
 *
 * Every session event goes out as `agent.onEvent {sessionId, …event}` (the log's events with their
 * seq, and live notices such as approval_requested). Sessions a previous process left running are
 * marked `interrupted` when the service starts. A session stays loaded while it runs or is paused;
 * finished sessions are read from disk.
 */

export interface AgentServiceOptions {
  root: string;
  dataDir: string;
  emit: Emit;
  checkpoints: CheckpointService | null;
  /** Why `checkpoints` is null (git is not installed, common/gitPresence.ts): each session warns once. */
  checkpointsOff?: Words;
  commands: CommandRunner | null;
  env: NodeJS.ProcessEnv;
  /** The API key saved in Settings (secret store) with the server it is for, read at every start/resume. */
  storedApiKey?: () => SavedKey | null;
  /** Flags of `akira run` (--model, --base-url): they win over the settings. */
  modelFlags?: ModelFlags;
  resolveMode: ModeResolver;
  /** The model client's wait between retries (tests make it short). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Rules, @-mentions, git state and diagnostics of the workspace (issue 11); null: none of them. */
  context?: ProjectContext | null;
  /** Adds a command prefix to the global allow list ("Always allow" on a command's approval). */
  allowCommand?: (prefix: string) => Promise<void>;
  /** The workspace's MCP servers (issue 12): their tools join every session's (a session waits for them to start). */
  mcp?: McpHub | null;
  /** Worktree sessions (issue 10): the workspace's worktrees, and the services of a tree rooted elsewhere. */
  worktrees?: Worktrees | null;
  isolatedTree?: ((root: string) => Promise<IsolatedTree>) | null;
  /** Whether the workspace's commands run in the OS sandbox now (issue 26): the policy then asks less (autoApprove.sandboxedCommand). */
  sandbox?: () => Promise<SandboxStatus>;
  /** What the user allowed on sandbox cards: kept for the workspace (data folder) or everywhere (global settings). */
  sandboxGrants?: SandboxGrantStore;
  openShell?: WorktreeSessionsDeps['openShell'];
}

export interface AgentService {
  start(input: { task: string; mode?: string; model?: string; whenBusy?: WhenBusy; isolation?: Isolation; images?: ImageInput[]; editorContext?: EditorContext }): Promise<{ sessionId: string; queued?: boolean }>;
  /** A spec session (specs.run): the tasks.md's open leaf tasks are the TODOs (specStart.ts). */
  startSpec(input: SpecRunInput): Promise<{ sessionId: string; taskIds: string[]; queued?: boolean }>;
  /** The queued sessions in a new order (those listed first); answers the queue. */
  reorderQueue(sessionIds: string[]): Promise<{ queue: string[] }>;
  /** agent.isolation / agent.worktreeDiff / agent.merge / agent.discard (worktreeSessions.ts). */
  worktrees: Pick<WorktreeSessions, 'isolation' | 'diff' | 'merge' | 'discard' | 'openTerminal'>;
  /** agent.sandbox: whether commands run in the OS sandbox here. */
  sandbox(): Promise<CommandResult<'agent.sandbox'>>;
  /** agent.revokeSandboxGrant: takes back one entry allowed for this workspace. */
  revokeSandboxGrant(kind: keyof SandboxGrant, value: string): Promise<void>;
  list(): Promise<{ sessions: AgentSessionSummary[] }>;
  /** agent.pruneSessions: old finished session folders removed (sessions/sessionPrune.ts). */
  pruneSessions(dryRun: boolean): Promise<CommandResult<'agent.pruneSessions'>>;
  get(sessionId: string): Promise<AgentSessionDetail>;
  pause(sessionId: string, reason?: Reason): Promise<void>;
  resume(sessionId: string): Promise<void>;
  stop(sessionId: string, reason?: Reason): Promise<void>;
  sendMessage(sessionId: string, text: string, images?: ImageInput[]): Promise<{ messageId: string }>;
  /** `alwaysAllow`: a command's prefix joins the global allow list (options.allowCommand) and every running session's policy. */
  /** `sandbox`: a command the sandbox blocked, allowed how far (sandboxBlocked.ts). */
  approve(sessionId: string, changeId: string, content?: string, alwaysAllow?: boolean, sandbox?: SandboxAnswer): Promise<void>;
  /** `reason`: a person's text, or words (the CLI's batch refusals) the UI says in its language. */
  reject(sessionId: string, changeId: string, reason: Reason): Promise<void>;
  approvePlan(sessionId: string, decision: PlanDecision): Promise<void>;
  answer(sessionId: string, answer: Answer): Promise<void>;
  modes(): Promise<{ modes: AgentModeInfo[]; errors: ModeLoadError[] }>;
  /** The user switches a session that has not ended to another mode (changed: false when it is in it already). */
  setMode(sessionId: string, mode: string, reason?: string): Promise<{ mode: string; changed: boolean }>;
  editTodos(sessionId: string, todos: PlanDecision['todos'] & {}): Promise<void>;
  rewind(sessionId: string, checkpointId: string, filesRestored?: boolean): Promise<{ toSeq: number }>;
  undoRewind(sessionId: string): Promise<{ toSeq: number }>;
  fork(sessionId: string, checkpointId: string, task?: string): Promise<{ sessionId: string }>;
  events(sessionId: string, beforeSeq: number | undefined, limit: number): Promise<{ events: AgentEvent[]; more: boolean }>;
  dispose(): Promise<void>;
}

interface Live {
  session: AgentSession;
  handle: SessionHandle;
  client: ModelClient;
  off: () => void;
  /** A worktree session's own services (disposed with it). */
  tree: IsolatedTree | null;
  /** The policy its gate decides with (an "Always allow" joins its allow list at once). */
  policy: Policy;
  /** The folder it works in (the workspace, or its worktree): its sub-tasks work there too. */
  at: string;
  /** Its tree is its parent's (a sub-task): unloading it leaves the tree to the parent. */
  borrowedTree: boolean;
}

const DEFAULT_MODE = 'code-dev';
const EVENTS_MAX_BYTES = 8 * 1024 * 1024;
/** The model a session was started with by name (agent.start {model}); else the configured one is used. */
const chosenModel = (state: SessionState): string | undefined => (typeof state.options.model === 'string' ? state.options.model : undefined);

const ACTIVE = new Set(['queued', 'planning', 'running', 'waiting_approval', 'awaiting_plan_approval']);

export function createAgentService(options: AgentServiceOptions): AgentService {
  const { root } = options;
  const store: SessionStore = createSessionStore({ root, secrets: options.env.OPENAI_API_KEY ? [options.env.OPENAI_API_KEY] : [] });
  const live = new Map<string, Live>();
  const ready = store.recoverInterrupted().catch(() => []);
  let disposed = false;

  const emitEvent = (event: AgentEvent) => options.emit('agent.onEvent', event);

  async function modeAndPolicy(modeId: string | undefined) {
    const settings = await readAgentSettings(root, options.dataDir);
    const mode = await options.resolveMode(root, modeId ?? settings.workspace.mode ?? settings.global.mode ?? DEFAULT_MODE);
    // The user's policy, then what the project brings (a custom mode, .akira/settings.json): only tightening.
    const policy: Policy = tightenPolicy(tightenPolicy(resolvePolicy(mode.policy, settings.global.policy), mode.projectPolicy), settings.workspace.policy);
    return { settings, mode, policy };
  }

  /** `model`: the session's own model name (agent.start {model}), instead of the configured one. */
  async function prepare(modeId: string | undefined, model?: string) {
    const { settings, mode, policy } = await modeAndPolicy(modeId);
    const { config } = resolveModelConfig({
      flags: model ? { ...options.modelFlags, model } : options.modelFlags,
      workspaceSettings: settings.workspace.model,
      globalSettings: settings.global.model,
      env: options.env,
      storedApiKey: options.storedApiKey?.() ?? null,
      trustedServers: settings.trustedServers,
      globalSettingsFile: join(options.dataDir, 'settings.json'),
    });
    const generation = generationFor(settings, config.model);
    const withGeneration = { ...config, ...(generation.temperature !== undefined ? { temperature: generation.temperature } : {}), ...(generation.maxTokens !== undefined ? { maxTokens: generation.maxTokens } : {}) };
    return { settings, config: withGeneration, mode, policy, contextTokens: contextBudget(settings, generation), vision: generation.vision === true, jsonMode: jsonModeFor(settings, config.model) };
  }
  type Prepared = Awaited<ReturnType<typeof prepare>>;

  /** Parents whose new_task waits for a child (the child runs in their slot), and the ends sub-tasks wait for. */
  const waitingOnChild = new Set<string>();
  const childEnds = new Map<string, (end: SubTaskEnd) => void>();
  // Sessions beyond maxConcurrentTasks, or waiting for the shared tree, wait (sessionAdmission.ts).
  const admission = createAdmission({
    running: () =>
      // A loop that logged its end is winding down: it no longer holds a slot or the tree.
      [...live.values()]
        // A parent waiting for its sub-task has handed its slot to the child (no deadlock on a full slot count).
        .filter((l) => l.session.running() && !terminalStatuses.includes(l.handle.state().status) && !waitingOnChild.has(l.handle.sessionId))
        .map((l) => ({ sessionId: l.handle.sessionId, task: l.handle.state().task, shared: l.tree === null })),
    emit: emitEvent,
  });
  const admit = (handle: SessionHandle, prepared: Prepared, whenBusy: WhenBusy | undefined, retryBase?: Map<string, number>) =>
    admission.admit(handle, prepared.policy.limits.maxConcurrentTasks, whenBusy, worktreeOf(handle.state()) === null, async () => void (await launch(handle, prepared, retryBase)));
  const wt = createWorktreeSessions({
    store,
    worktrees: options.worktrees ?? null,
    isolatedTree: options.isolatedTree ?? null,
    openShell: options.openShell ?? null,
    emit: emitEvent,
    running: (sessionId) => live.get(sessionId)?.session.running() ?? false,
  });

  /** A task or message whose secret-shaped part the store redacts: said, not silent (secretWarning.ts). */
  const warnSecrets = (sessionId: string, text: string, where: 'task' | 'message') => {
    const warning = secretWarning(text, where);
    if (warning) emitEvent({ sessionId, type: 'warning', ...warning });
  };

  async function launch(handle: SessionHandle, prepared: Prepared, retryBase?: Map<string, number>): Promise<Live> {
    const sessionId = handle.sessionId;
    // A worktree session works in its worktree: tools, commands, checkpoints and the spec are rooted there.
    // A sub-task works in its parent's tree: the parent's own services while it is loaded.
    const parentId = parentIdOf(handle.state());
    const parent = parentId ? live.get(parentId) : undefined;
    const info = parent ? null : parentId ? worktreeOf((await store.loadSession(parentId)).state) : worktreeOf(handle.state());
    const tree = parent ? parent.tree : info ? await wt.tree(info) : null;
    const at = parent ? parent.at : info ? info.workspace : root;
    const commands = tree ? tree.commands : options.commands;
    const askSandbox = tree ? tree.sandboxed : options.sandbox ? async () => (await options.sandbox!()).available : undefined;
    const sandboxed = commands && askSandbox ? await askSandbox().catch(() => false) : false;
    if (prepared.config.apiKey) store.addSecrets(prepared.config.apiKey);
    // The policy the session decides with now: a mode switch (issue 25) replaces it.
    let policyNow = prepared.policy;
    const sessionModeOf = (mode: Prepared['mode'], policy: Policy): SessionMode => ({
      id: mode.id,
      modePrompt: mode.systemPrompt,
      modeTools: mode.tools,
      policy: gatePolicyOf(policy, at, sandboxed),
      limits: limitsOf(policy),
      settings: sessionSettingsOf(policy, prepared.contextTokens),
      onApplied: () => {
        policyNow = policy;
        const entry = live.get(sessionId);
        if (entry) entry.policy = policy;
      },
    });
    const client = createModelClient(prepared.config, { sleep: options.sleep });
    const off = handle.onEvent((event) => {
      emitEvent({ ...event, sessionId });
      // A sub-task's end answers its parent's new_task (subTask.ts).
      const ended = event.type === 'session_completed' ? event.summary : event.type === 'session_failed' || event.type === 'session_stopped' ? (event.reason ?? '') : null;
      const status = event.type === 'session_completed' ? 'completed' : event.type === 'session_failed' ? 'failed' : 'stopped';
      if (ended !== null) childEnds.get(sessionId)?.({ status, summary: ended });
    });
    const deltas = createDeltaBatcher((d) => emitEvent({ sessionId, type: 'assistant_delta', ...d }));
    const caller = createModelCaller({
      client,
      jsonMode: prepared.jsonMode,
      onDelta: (d) => deltas.push(d),
      async onAttempts(records) {
        deltas.flush();
        for (const r of records) {
          await handle.append({
            type: 'model_call',
            model: r.model,
            phase: r.phase,
            todoId: r.todoId,
            attempt: r.attempt,
            status: r.status,
            outcome: r.outcome,
            latencyMs: r.latencyMs,
            ...(r.usage ? { usage: r.usage } : {}),
            costUsd: r.costUsd,
            ...(r.error ? { error: r.error } : {}),
            ...(r.errorWords ? { errorWords: r.errorWords } : {}),
            ...(r.endpoint ? { endpoint: r.endpoint.slice(0, 2048) } : {}),
            ...(r.promptChars !== undefined ? { promptChars: r.promptChars } : {}),
            ...(r.json ? { json: r.json } : {}),
          });
        }
      },
      onRetry: (n) => (deltas.dispose(), emitEvent({ sessionId, type: 'model_retry', attempt: n.attempt, delayMs: n.delayMs, reason: n.reason, ...(n.reasonWords ? { reasonWords: n.reasonWords } : {}), phase: n.phase, todoId: n.todoId })),
    });
    const specOptions = specOptionsOf(handle.state().options);
    const spec = specOptions
      ? createSpecRuntime({
          root: at,
          options: specOptions,
          settings: specSettingsOf(prepared.settings),
          todo: (id) => handle.state().todos.find((t) => t.id === id) ?? null,
          onChanged: (file) => file.spec && options.emit('specs.onChanged', file.spec),
        })
      : null;
    const session = createAgentSession({
      root: at,
      handle,
      spec,
      caller,
      registry: createToolRegistry(),
      policy: gatePolicyOf(prepared.policy, at, sandboxed),
      limits: limitsOf(prepared.policy),
      settings: sessionSettingsOf(prepared.policy, prepared.contextTokens),
      modePrompt: prepared.mode.systemPrompt,
      modeTools: prepared.mode.tools,
      modes: {
        list: async () => (await loadModes(root)).modes.map((m) => ({ id: m.id, name: m.name, description: m.description })),
        load: async (modeId) => {
          const { mode, policy } = await modeAndPolicy(modeId);
          return sessionModeOf(mode, policy);
        },
      },
      mcp: options.mcp ?? null,
      context: createSessionContext({
        handle,
        project: options.context ?? null,
        diagnostics: tree ? (tree.diagnostics ?? null) : (options.context?.diagnostics ?? null),
        commandPolicy: (command) => gatePolicyOf(policyNow, at, sandboxed).command(command, at),
        vision: prepared.vision,
        budgetTokens: prepared.contextTokens,
        warn: (message) => emitEvent({ sessionId, type: 'warning', message }),
      }),
      checkpoints: tree ? tree.checkpoints : options.checkpoints,
      checkpointsOff: tree ? null : (options.checkpointsOff ?? null),
      runCommand: commands ? (p) => commands.run(p) : undefined,
      rules: await createGitignoreRules(at).catch(() => undefined),
      // Each notice's body is typed at its call (NoticeBody<T>); the spread with its type is that notice.
      notice: (type, data) => emitEvent({ ...data, sessionId, type } as AgentEvent),
      retryBase,
      // The sandbox card: what allowing a block grants (rooted at the session's tree), kept where the user chose.
      sandboxGrants: {
        grantFor: (blocked) => grantFor(blocked, { root: at, home: options.env.HOME || homedir(), dataDir: options.dataDir }),
        keep: async (scope, grant) => {
          if (!options.sandboxGrants) throw new AkiraError('unavailable', sessionErrors.sandboxGrantUnavailable);
          await options.sandboxGrants.keep(scope, grant);
        },
      },
      subTasks: subTasksOf(handle, taskDepthOf(handle.state())),
      // A worktree session's work is committed on its branch when it completes (message: the task); a sub-task's with its parent's.
      ...(info && !parentId ? { beforeComplete: () => wt.commitDone(handle.state()) } : {}),
    });
    const entry: Live = { session, handle, client, off, tree, policy: prepared.policy, at, borrowedTree: !!parent };
    live.set(sessionId, entry);
    void session.run().then((status) => {
      if (status === 'completed' || status === 'failed' || status === 'stopped') void unload(sessionId);
      admission.pump();
    });
    return entry;
  }

  /**
   * new_task's side here (issue 25): the child is created with its parent's id and depth and launched at once, in its
   * parent's tree and in its parent's slot (the parent only waits meanwhile: queuing the child behind a full slot count
   * the parent holds would wait forever).
   */
  function subTasksOf(parent: SessionHandle, depth: number): SubTaskSource {
    const parentId = parent.sessionId;
    return {
      depth,
      async start({ task, mode }) {
        const prepared = await prepare(mode ?? parent.state().mode, chosenModel(parent.state()));
        const model = chosenModel(parent.state());
        const handle = await create(prepared, task, model, undefined, { parentId, depth: depth + 1 });
        warnSecrets(handle.sessionId, task, 'task');
        const ended = new Promise<SubTaskEnd>((resolve) => childEnds.set(handle.sessionId, resolve));
        waitingOnChild.add(parentId);
        const done = ended.finally(() => {
          childEnds.delete(handle.sessionId);
          waitingOnChild.delete(parentId);
        });
        try {
          await launch(handle, prepared);
        } catch (err) {
          childEnds.delete(handle.sessionId);
          waitingOnChild.delete(parentId);
          await handle.append({ type: 'session_stopped', ...reasonFields(sessionReasons.unexpected((err as Error).message)) }).catch(() => undefined);
          await handle.close();
          throw err;
        }
        return { childId: handle.sessionId, mode: prepared.mode.id, ended: done };
      },
      // While the app closes, the child is closed as interrupted (resumable), not stopped.
      stop: async (childId) => (disposed ? undefined : stopSession(childId, sessionReasons.parentStopped)),
    };
  }

  async function stopSession(sessionId: string, reason: Reason | undefined): Promise<void> {
    if (await admission.stopQueued(sessionId, reason)) return;
    if (!live.has(sessionId)) {
      const handle = await store.openSession(sessionId);
      try {
        const s = handle.state().status;
        if (s === 'completed' || s === 'failed' || s === 'stopped') throw new AkiraError('conflict', sessionErrors.alreadyEnded(sessionId, s));
        await handle.append({ type: 'session_stopped', ...reasonFields(reason ?? sessionReasons.stoppedByUser) });
      } finally {
        await handle.close();
      }
    } else {
      // A parent waiting in new_task stops its child first (subTask.ts, through the stop's kill signal).
      await need(sessionId).session.stop(reason);
      await unload(sessionId);
    }
    // Sub-tasks still loaded that nobody waits for (their parent was not running): stopped with it.
    const children = [...live.values()].filter((l) => parentIdOf(l.handle.state()) === sessionId && !terminalStatuses.includes(l.handle.state().status));
    await Promise.allSettled(children.map((l) => stopSession(l.handle.sessionId, sessionReasons.parentStopped)));
  }

  /** Images only for a model whose settings say it takes them, and only real images (decodeImage). */
  function checkImages(images: readonly ImageInput[], prepared: Prepared): void {
    if (!images.length) return;
    if (!prepared.vision) {
      throw new AkiraError('bad_request', sessionErrors.noImages(prepared.config.model));
    }
    for (const image of images) decodeImage(image);
  }

  /** Unloads in progress (dispose waits for them: a worktree session's services may still be closing). */
  const unloading = new Set<Promise<void>>();
  function unload(sessionId: string): Promise<void> {
    const entry = live.get(sessionId);
    if (!entry) return Promise.resolve();
    live.delete(sessionId);
    const done = (async () => {
      await entry.session.close();
      entry.off();
      entry.client.dispose();
      if (!entry.borrowedTree) await entry.tree?.dispose();
    })();
    unloading.add(done);
    void done.catch(() => undefined).finally(() => unloading.delete(done));
    return done;
  }

  function need(sessionId: string): Live {
    const entry = live.get(checkSessionId(sessionId));
    if (!entry) throw new AkiraError('conflict', sessionErrors.notRunningHere(sessionId));
    return entry;
  }

  function detail(state: SessionState, entry: Live | undefined): AgentSessionDetail {
    const done = state.todos.filter((t) => t.status === 'done').length;
    return {
      ...headerView(state),
      spec: specPathOf(state),
      progress: { done, total: state.todos.length },
      totals: totalsView(state),
      live: !!entry,
      statusReason: state.statusReason,
      statusReasonWords: state.statusReasonWords,
      todos: state.todos.map(todoView),
      approvals: entry ? entry.session.approvals() : [],
      question: entry?.session.question() ?? null,
      planAwaitingApproval: state.plan.awaitingApproval,
      finalVerdict: verdictView(state.finalVerdict),
      summary: state.summary,
      lastSeq: state.lastSeq,
      round: state.round,
      roundTask: state.roundTask || state.task,
      rounds: state.earlierRounds,
      context: {
        attachments: state.context.attachments.map(({ kind, ref, title, tokens, note, error, errorWords }) => ({ kind, ref, title, tokens, note, error, ...(errorWords ? { errorWords } : {}) })),
        images: state.context.images,
        rules: state.context.rules,
      },
      queuePosition: admission.position(state.sessionId),
      worktree: worktreeView(state),
      parentId: parentIdOf(state),
    };
  }

  const history = createHistoryCommands({
    store,
    emit: emitEvent,
    live: (sessionId) => {
      const entry = live.get(sessionId);
      return entry ? { handle: entry.handle, session: entry.session } : null;
    },
    unload,
    maxTasks: async (mode) => (await modeAndPolicy(mode)).policy.limits.maxTasksPerSession,
  });

  async function guard<T>(fn: () => Promise<T>): Promise<T> {
    if (disposed) throw new AkiraError('unavailable', sessionErrors.shuttingDown);
    await ready;
    return fn();
  }

  /** A new session; with `isolation: 'worktree'` its worktree is made first (and removed again if the session cannot be). */
  async function create(prepared: Prepared, task: string, model: string | undefined, isolation: Isolation | undefined, extra: Record<string, unknown> = {}): Promise<SessionHandle> {
    const sessionId = randomUUID();
    const worktree = isolation === 'worktree' ? await wt.create(sessionId) : null;
    let handle: SessionHandle;
    try {
      handle = await store.createSession({ sessionId, task, mode: prepared.mode.id, model: prepared.config.model, options: { jsonMode: prepared.jsonMode, setup: setupOf(prepared), ...(model ? { model } : {}), ...(worktree ? { worktree } : {}), ...extra } });
    } catch (err) {
      if (worktree) await options.worktrees?.discard(worktree).catch(() => undefined);
      throw err;
    }
    const state = handle.state();
    const spec = specPathOf(state);
    emitEvent({ sessionId: handle.sessionId, type: 'session_started', seq: 1, ts: state.createdAt, task: state.task, mode: state.mode, model: state.model, ...(spec ? { spec } : {}) });
    return handle;
  }

  /**
   * A follow-up on a finished session (issue 25): the same session (id, folder, checkpoints) runs again with
   * `text` as the task of a new round, planned apart from the earlier ones, with the settings as they are now.
   * A session that is not finished is not running here: it is resumed first (agent.resume), as before.
   */
  async function followUp(sessionId: string, text: string, images: ImageInput[]): Promise<{ messageId: string; round: number }> {
    const loaded = await store.loadSession(sessionId); // not_found for a session of another workspace
    const status = loaded.state.status;
    if (!terminalStatuses.includes(status)) throw new AkiraError('conflict', sessionErrors.notRunningHere(sessionId));
    if (worktreeView(loaded.state)?.state === 'discarded') throw new AkiraError('conflict', sessionErrors.followUpDiscarded(sessionId));
    const prepared = await prepare(loaded.state.mode, chosenModel(loaded.state));
    checkImages(images, prepared);
    const attachments = (await options.context?.resolve(text)) ?? [];
    const handle = await store.openSession(sessionId);
    let round: number;
    try {
      if (!terminalStatuses.includes(handle.state().status)) throw new AkiraError('conflict', sessionErrors.alreadyRunning);
      round = handle.state().round + 1;
      const started = await handle.append({ type: 'round_started', round, task: text });
      emitEvent({ ...started, sessionId });
      warnSecrets(sessionId, text, 'message');
      const attached = await handle.append({ type: 'context_attached', attachments, images: await saveSessionImages(handle.dir, images, `round-${round}`) });
      emitEvent({ ...attached, sessionId });
    } catch (err) {
      await handle.close();
      throw err;
    }
    await admit(handle, prepared, 'parallel');
    return { messageId: `round-${round}`, round };
  }

  return {
    start: (input) =>
      guard(async () => {
        const prepared = await prepare(input.mode, input.model);
        const images = input.images ?? [];
        checkImages(images, prepared);
        if (input.isolation !== 'worktree') admission.checkBusy(input.whenBusy);
        const attachments = await taskAttachments(options.context, input.task, input.editorContext);
        const handle = await create(prepared, input.task, input.model, input.isolation);
        warnSecrets(handle.sessionId, input.task, 'task');
        if (attachments.length || images.length) {
          // Logged before the loop (and its agent.onEvent forwarding) starts: sent on here, as session_started is.
          const event = await handle.append({ type: 'context_attached', attachments, images: await saveSessionImages(handle.dir, images, 'task') });
          emitEvent({ ...event, sessionId: handle.sessionId });
        }
        const queued = await admit(handle, prepared, input.whenBusy);
        return { sessionId: handle.sessionId, ...(queued ? { queued } : {}) };
      }),
    startSpec: (input) =>
      guard(async () => {
        const prepared = await prepare(input.mode, input.model);
        const plan = await planSpecSession(root, input, prepared.policy.limits.maxTasksPerSession);
        if (input.isolation !== 'worktree') admission.checkBusy(input.whenBusy);
        const handle = await create(prepared, plan.task, input.model, input.isolation, { spec: plan.options });
        // Appended before the loop starts (it would plan otherwise), so announced here rather than by launch's listener.
        const proposed = await handle.append({ type: 'plan_proposed', todos: plan.todos, needsApproval: false });
        emitEvent({ ...proposed, sessionId: handle.sessionId });
        const queued = await admit(handle, prepared, input.whenBusy);
        return { sessionId: handle.sessionId, taskIds: plan.todos.map((t) => t.id), ...(queued ? { queued } : {}) };
      }),
    list: () =>
      guard(async () => {
        // A session that ends while the disk is read was read before its end was written: its memory is newer.
        const loaded = new Map(live);
        const sessions = await store.listSessions();
        return {
          sessions: sessions.map((s) => {
            const entry = live.get(s.sessionId) ?? loaded.get(s.sessionId);
            return entry ? { ...detail(entry.handle.state(), entry), live: live.has(s.sessionId) } : { ...s, live: false };
          }).map(({ sessionId, task, mode, model, status, phase, createdAt, updatedAt, progress, totals, live: isLive, spec, worktree, round, parentId }) => ({
            sessionId, task, mode, model, status, phase, createdAt, updatedAt, progress, totals: { tokensIn: totals.tokensIn, tokensOut: totals.tokensOut, costUsd: totals.costUsd, modelCalls: totals.modelCalls }, live: isLive, spec: spec ?? null,
            queuePosition: admission.position(sessionId),
            worktree: worktree ?? null,
            round: round ?? 1,
            parentId: parentId ?? null,
          })),
        };
      }),
    pruneSessions: (dryRun) =>
      guard(async () => {
        const retention = await readSessionRetention(root, options.dataDir);
        const sessions = await store.listSessions();
        const r = await pruneSessions({ root, sessions, days: retention.days, dryRun, now: new Date(), isOpen: (id) => live.has(id) || admission.position(id) !== null });
        return { retentionDays: retention.days, source: retention.source, ...r };
      }),
    get: (id) =>
      guard(async () => {
        const entry = live.get(checkSessionId(id));
        return entry ? detail(entry.handle.state(), entry) : detail((await store.loadSession(id)).state, undefined);
      }),
    pause: (id, reason) =>
      guard(async () => {
        admission.notQueued(checkSessionId(id), 'stop');
        return need(id).session.pause(reason);
      }),
    resume: (id) =>
      guard(async () => {
        const sessionId = checkSessionId(id);
        const entry = live.get(sessionId);
        if (entry) {
          // A paused session is loaded again with the settings as they are now (the key or server fixed meanwhile).
          if (entry.handle.state().status !== 'paused' || entry.session.running()) return entry.session.resume();
          await prepare(entry.handle.state().mode, chosenModel(entry.handle.state()));
          await unload(sessionId);
        }
        admission.notQueued(sessionId, 'resume');
        const loaded = await store.loadSession(sessionId);
        const status = loaded.state.status;
        if (status === 'completed' || status === 'failed' || status === 'stopped') throw new AkiraError('conflict', sessionErrors.cannotResume(sessionId, status));
        const prepared = await prepare(loaded.state.mode, chosenModel(loaded.state));
        const handle = await store.openSession(sessionId);
        if (ACTIVE.has(handle.state().status)) {
          await handle.append({ type: 'status_changed', status: 'interrupted', ...reasonFields(sessionReasons.processEnded) });
        }
        // What differs from the last run (model, server, key, policy) is logged, so the session says what it now uses.
        const setup = setupOf(prepared);
        const changed = changedSetup(lastSetup(loaded.events), setup);
        // (Appended before the session's events are followed: sent on agent.onEvent here.)
        if (changed.length) emitEvent({ ...(await handle.append({ type: 'resumed_with', changed, setup })), sessionId } as AgentEvent);
        // Resuming is the person's go-ahead to run beside others; only the slots can make it wait.
        await admit(handle, prepared, 'parallel', retryBasesFrom(loaded.events));
      }),
    reorderQueue: (ids) => guard(async () => ({ queue: admission.reorder(ids) })),
    worktrees: {
      isolation: () => guard(() => wt.isolation()),
      diff: (id) => guard(() => wt.diff(id)),
      merge: (id) => guard(() => wt.merge(id)),
      discard: (id) => guard(() => wt.discard(id)),
      openTerminal: (id, size) => guard(() => wt.openTerminal(id, size)),
    },
    sandbox: () =>
      guard(async () => {
        const status: SandboxStatus = options.sandbox ? await options.sandbox() : { mode: 'off', available: false, reason: null, hint: null };
        return {
          mode: status.mode,
          available: status.available,
          reason: status.reason?.en ?? null,
          ...(status.reason ? { reasonWords: plainWords(status.reason) } : {}),
          hint: status.hint?.en ?? null,
          ...(status.hint ? { hintWords: plainWords(status.hint) } : {}),
          ...(options.sandboxGrants ? { grants: await options.sandboxGrants.workspace() } : {}),
        };
      }),
    revokeSandboxGrant: (kind, value) =>
      guard(async () => {
        if (!options.sandboxGrants) throw new AkiraError('unavailable', sessionErrors.sandboxGrantUnavailable);
        const held = await options.sandboxGrants.workspace();
        if (!held[kind].includes(value)) throw new AkiraError('not_found', sessionErrors.noSandboxGrant(value));
        await options.sandboxGrants.revoke(kind, value);
      }),
    stop: (id, reason) => guard(() => stopSession(checkSessionId(id), reason)),
    sendMessage: (id, text, images = []) =>
      guard(async () => {
        const sessionId = checkSessionId(id);
        let entry = live.get(sessionId);
        // A loop that logged its end is winding down: the message is a follow-up once it is unloaded.
        if (entry && terminalStatuses.includes(entry.handle.state().status)) {
          await entry.session.settled();
          await unload(sessionId);
          entry = undefined;
        }
        if (!entry) {
          admission.notQueued(sessionId, 'resume');
          return followUp(sessionId, text, images);
        }
        if (images.length) checkImages(images, await prepare(entry.handle.state().mode, chosenModel(entry.handle.state())));
        const attachments = (await options.context?.resolve(text)) ?? [];
        const saved = await saveSessionImages(entry.handle.dir, images, `message-${entry.handle.state().lastSeq + 1}`);
        warnSecrets(id, text, 'message');
        return { messageId: await entry.session.sendMessage(text, { attachments, images: saved }) };
      }),
    approve: (id, changeId, content, alwaysAllow, sandbox) =>
      guard(async () => {
        const entry = need(id);
        if (alwaysAllow) {
          const approval = entry.session.approvals().find((a) => a.changeId === changeId);
          const prefix = approval?.kind === 'command' ? approval.command?.allowPrefix : undefined;
          if (!approval) throw new AkiraError('not_found', sessionErrors.nothingToApprove(changeId, id));
          if (!prefix) throw new AkiraError('bad_request', sessionErrors.notForGood);
          if (!options.allowCommand) throw new AkiraError('unavailable', sessionErrors.allowListUnavailable);
          await options.allowCommand(prefix);
          for (const l of live.values()) if (!l.policy.commands.allow.includes(prefix)) l.policy.commands.allow.push(prefix);
        }
        if ((sandbox === 'workspace' || sandbox === 'global') && !options.sandboxGrants) throw new AkiraError('unavailable', sessionErrors.sandboxGrantUnavailable);
        entry.session.approve(changeId, content, sandbox);
      }),
    reject: (id, changeId, reason) => guard(async () => need(id).session.reject(changeId, reason)),
    approvePlan: (id, decision) => guard(async () => need(id).session.approvePlan(decision)),
    answer: (id, answer) => guard(async () => need(id).session.answer(answer)),
    modes: () =>
      guard(async () => {
        const { modes, errors } = await loadModes(root);
        return { modes: modes.map((m) => ({ id: m.id, name: m.name, description: m.description, builtIn: m.builtIn })), errors };
      }),
    setMode: (id, mode, reason) =>
      guard(async () => {
        const sessionId = checkSessionId(id);
        const entry = live.get(sessionId);
        if (entry) return { mode, changed: await entry.session.setMode(mode, reason) };
        if (admission.position(sessionId) !== null) throw new AkiraError('conflict', sessionErrors.modeWhileQueued(sessionId));
        // Paused or interrupted and not loaded: the log says the new mode, and resume prepares the session with it.
        const handle = await store.openSession(sessionId);
        try {
          const state = handle.state();
          if (terminalStatuses.includes(state.status)) throw new AkiraError('conflict', sessionErrors.modeAfterEnd(state.status));
          if (state.mode === mode) return { mode, changed: false };
          const { mode: next } = await modeAndPolicy(mode);
          const event = await handle.append({ type: 'mode_changed', from: state.mode, to: next.id, by: 'user', reason: reason ?? '' });
          emitEvent({ ...event, sessionId });
          return { mode: next.id, changed: true };
        } finally {
          await handle.close();
        }
      }),
    editTodos: (id, todos) => guard(() => history.editTodos(id, todos)),
    rewind: (id, checkpointId, filesRestored) => guard(() => history.rewind(id, checkpointId, filesRestored)),
    undoRewind: (id) => guard(() => history.undoRewind(id)),
    fork: (id, checkpointId, task) => guard(() => history.fork(id, checkpointId, task)),
    events: (id, beforeSeq, limit) =>
      guard(async () => {
        const sessionId = checkSessionId(id);
        const { events } = await store.loadSession(sessionId);
        const before = events.filter((e) => beforeSeq === undefined || e.seq < beforeSeq);
        // Newest first until the limit or about 8 MB (changes carry whole files), then oldest first.
        const picked: AgentEvent[] = [];
        let bytes = 0;
        for (let i = before.length - 1; i >= 0 && picked.length < limit; i--) {
          bytes += JSON.stringify(before[i]).length;
          if (picked.length && bytes > EVENTS_MAX_BYTES) break;
          picked.push({ ...before[i], sessionId } as AgentEvent);
        }
        return { events: picked.reverse(), more: picked.length < before.length };
      }),
    async dispose() {
      disposed = true;
      await ready;
      await admission.dispose();
      // Parents waiting for a sub-task stop waiting: the child is closed as interrupted with them.
      for (const end of [...childEnds.values()]) end({ status: 'interrupted', summary: sessionReasons.closedWhileRunning.en });
      await Promise.allSettled([...live.keys()].map(unload));
      await Promise.allSettled([...unloading]);
      await store.dispose();
    },
  };
}
