import { homedir } from 'node:os';
import { basename } from 'node:path';
import { realpath, stat } from 'node:fs/promises';
import { commandNames, eventNames, type WorkspaceSummaryT } from '../../shared/contract';
import { AkiraError } from './errors';
import { createEventBus, type EventBus } from './eventBus';
import { createRouter, type Handlers, type Router } from './router';
import { gitHandlers } from './git/gitHandlers';
import { terminalHandlers } from './terminal/terminalHandlers';
import { workspaceHandlers } from './workspace/workspaceHandlers';
import { specHandlers } from './specs/specHandlers';
import { checkpointHandlers } from './checkpoints/checkpointHandlers';
import { createCheckpointService, type CheckpointService } from './checkpoints/checkpointService';
import type { CheckpointEmit } from './checkpoints/types';
import { createWatchFeed, type WatchFeed } from './checkpoints/watchFeed';
import { createGitService, type GitService } from './git/gitService';
import { createGitTrust } from './git/gitTrust';
import { createWorkspaceSandbox, globalSandbox, tightenSandbox, type WorkspaceSandbox } from './sandbox';
import { createWorkspaceGrants, withGrant } from './sandbox/sandboxGrants';
import type { CreateSandboxOptions } from './sandbox/createSandbox';
import { SANDBOX_READ_ONLY } from './agent/policy/protectedPaths';
import { readAgentSettings } from './agent/orchestrator/agentSettings';
import { createSettingsStore, type SettingsStore } from './settings/settingsStore';
import { createFileSecretStore, type SecretStore } from './settings/secretStore';
import { settingsHandlers } from './settings/settingsHandlers';
import { uiHandlers } from './settings/uiPrefs';
import { createSettingsService, type SettingsService } from './settings/settingsService';
import { createPtyHost, type PtyHost } from './terminal/ptyHost';
import type { ShellSpec } from './terminal/shell';
import { createCommandRunner, type CommandRunner } from './terminal/commandRunner';
import { createAgentService, type AgentService } from './agent/orchestrator/agentService';
import { agentHandlers } from './agent/orchestrator/agentHandlers';
import { contextHandlers } from './context/contextHandlers';
import { mcpHandlers, serverInfoOf } from './mcp/mcpHandlers';
import { createMcpHub, type McpHub } from './mcp/mcpHub';
import { createMcpApprovals } from './mcp/mcpApprovals';
import { createFileIndex, type FileIndex } from './workspace/fileIndex';
import { createSearchService, type SearchService } from './search/searchService';
import { searchHandlers } from './search/searchHandlers';
import { createProjectContext, type ProjectContext } from './context/projectContext';
import { createGitignoreRules } from './workspace/gitignoreRules';
import { createDiagnostics } from './diagnostics/diagnosticsService';
import { formatDiagnostics } from './diagnostics/formatDiagnostics';
import { commandEnv } from './terminal/commandEnv';
import { commandEnvPolicy } from './agent/orchestrator/commandEnvPolicy';
import { resolveWorkspaceMode, type ModeResolver } from './agent/orchestrator/modeResolver';
import type { ModelFlags } from './agent/model';
import { createWorkspaceService, type WorkspaceService, type WorkspaceServiceOptions } from './workspace/workspaceService';
import { createWorktrees } from './worktrees/worktrees';
import { createFolderAccess } from './folders/folderAccess';
import { foldersHandlers } from './folders/foldersHandlers';
import { checkpointErrors, fileErrors } from '../../shared/errors';
import { gitPresence } from '../common/gitPresence';
import { createGitlessCheckpoints } from './checkpoints/gitlessCheckpoints';

export type Face = 'desktop' | 'browser' | 'cli' | 'test';

export interface CoreOptions {
  /** Folder to open at start; null opens nothing (desktop without recent folders). */
  workspaceRoot?: string | null;
  /** The app's data folder (settings, checkpoint stores). */
  dataDir: string;
  face: Face;
  version: string;
  /** Validate every handler's result against the contract (tests). */
  validateOutput?: boolean;
  /** Watch the workspace for file changes (default true; one-shot faces like the CLI pass false). */
  watch?: boolean;
  /** Watcher tuning (tests: e.g. a small eager budget to get the big-tree mode). */
  watcher?: WorkspaceServiceOptions['watcher'];
  agent?: AgentOptions;
  /** The user's terminals' program (default: the user's shell with its rc files; tests pass one without them). */
  shell?: ShellSpec;
  /** Where the model API key saved in Settings is kept (default: `<dataDir>/secrets.json`, mode 0600; the desktop passes safeStorage). */
  secrets?: SecretStore;
  /**
   * The folders `folders.browse` may list and the browser face may open (and what is inside them): `akira serve`
   * passes the user's home and the folder it serves (core/folders). None: no browsing, the browser face keeps its folder.
   */
  browseRoots?: readonly string[];
}

/** What the agent takes from the face that runs it. */
export interface AgentOptions {
  /** Model flags (`akira run --model/--base-url`): they win over the settings. */
  modelFlags?: ModelFlags;
  /** Where OPENAI_BASE_URL, OPENAI_API_KEY and AKIRA_MODEL are read (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Modes by id (default: the modes module's built-in and custom modes). */
  resolveMode?: ModeResolver;
  /** The model client's wait between retries (tests). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** `akira run --no-sandbox`: the agent's commands run without the OS sandbox, whatever the settings say. */
  noSandbox?: boolean;
  /** The OS sandbox's availability (tests simulate "none here"; default: probed once per process). */
  sandboxAvailability?: CreateSandboxOptions['availability'];
}

/** The services bound to one open folder; replaced as a whole when another folder is opened. */
interface WorkspaceServices {
  summary: WorkspaceSummaryT;
  workspace: WorkspaceService;
  terminals: PtyHost;
  git: GitService;
  checkpoints: CheckpointService;
  /** The watcher → checkpoints change feed (null without a watcher). */
  feed: WatchFeed | null;
  commands: CommandRunner;
  /** The OS sandbox the workspace's agent commands run in (issue 26). */
  sandbox: WorkspaceSandbox;
  /** Rules, @-mentions, git state and diagnostics (issue 11). */
  context: ProjectContext;
  /** The MCP servers of this workspace (issue 12). */
  mcp: McpHub;
  /** The file index behind context.findFiles (fed by the watcher's changes). */
  files: FileIndex;
  /** Stops feeding the file index. */
  stopFileFeed: () => void;
  /** Search in files (issue 13); its Node engine searches the file index's listing. */
  search: SearchService;
  agent: AgentService;
}

export interface Core {
  readonly face: Face;
  readonly router: Router;
  readonly bus: EventBus;
  readonly settings: SettingsStore;
  /** The model/agent settings behind `settings.*` (the saved API key included). */
  readonly modelSettings: SettingsService;
  /** The open workspace, or null. */
  current(): WorkspaceSummaryT | null;
  openWorkspace(path: string): Promise<WorkspaceSummaryT>;
  /** Closes the open folder (nothing open afterwards); serialised with openWorkspace. */
  closeWorkspace(): Promise<void>;
  dispose(): Promise<void>;
}

/** Disposes what there is of a folder's services (all of them, or what was built before a step failed). */
async function disposeServices(services: Partial<WorkspaceServices>): Promise<void> {
  // Sessions first (they run commands and MCP tools), then the commands (before their pty host).
  await services.agent?.dispose().catch(() => undefined);
  await services.mcp?.dispose().catch(() => undefined);
  await services.commands?.dispose().catch(() => undefined);
  await services.sandbox?.dispose().catch(() => undefined);
  await Promise.allSettled([services.terminals?.dispose(), services.workspace?.dispose(), services.git?.dispose(), services.checkpoints?.dispose()]);
  services.feed?.dispose();
  await services.search?.dispose().catch(() => undefined);
  services.stopFileFeed?.();
  services.files?.dispose();
}

/** The composition root: builds every service once; faces only add a transport around `router` and `bus`. */
export async function createCore(options: CoreOptions): Promise<Core> {
  const bus = createEventBus();
  const settings = await createSettingsStore(options.dataDir);
  let services: WorkspaceServices | null = null;
  const env = options.agent?.env ?? process.env;
  const modelSettings = createSettingsService({
    dataDir: options.dataDir,
    store: settings,
    secrets: options.secrets ?? createFileSecretStore(options.dataDir),
    env,
    modelFlags: options.agent?.modelFlags,
    workspace: () => services?.summary ?? null,
    emit: bus.emit,
  });
  await modelSettings.refreshStoredKey();

  /** Builds the services of one folder; whatever was built is disposed again if a later step fails. */
  async function buildServices(path: string): Promise<WorkspaceServices> {
    const root = await realpath(path).catch(() => {
      throw new AkiraError('not_found', fileErrors.folderNotFound(path));
    });
    if (!(await stat(root)).isDirectory()) throw new AkiraError('bad_request', fileErrors.notFolder(path));
    const built: Partial<WorkspaceServices> = { summary: { root, name: basename(root) || root } };
    try {
      const emit = bus.emit;
      // The checkpoints' change feed: the watcher reports what changed, so that a checkpoint examines
      // only that; watchFeed.ts says when it is trusted and what the barrier before each scan does.
      const feed = (built.feed = options.watch === false ? null : createWatchFeed(root));
      built.workspace = await createWorkspaceService({ root, emit, watch: options.watch, watcher: options.watcher, changeFeed: feed?.hooks });
      const terminals = (built.terminals = createPtyHost({ cwd: root, emit, ...(options.shell ? { shell: options.shell } : {}) }));
      // Akira's environment without its secrets, for the agent's commands; only the global settings pass variables through.
      const commandEnvironment = () =>
        commandEnvPolicy({ root, dataDir: options.dataDir, env, flagKey: options.agent?.modelFlags?.apiKey, storedKey: () => modelSettings.storedKey()?.key });
      // The OS sandbox of the agent's commands (issue 26): the settings in effect, read before each command, with what
      // the user allowed for this workspace on a sandbox card (kept in the data folder: a workspace file only tightens).
      const workspaceGrants = createWorkspaceGrants(options.dataDir);
      const sandboxFor = (treeRoot: string) =>
        createWorkspaceSandbox({
          root: treeRoot,
          home: env.HOME || homedir(),
          dataDir: options.dataDir,
          readOnly: SANDBOX_READ_ONLY,
          availability: options.agent?.sandboxAvailability,
          settings: async () => {
            const s = await readAgentSettings(root, options.dataDir);
            const effective = withGrant(tightenSandbox(globalSandbox(s.global.sandbox), s.workspace.sandbox), await workspaceGrants.of(root));
            return options.agent?.noSandbox ? { ...effective, mode: 'off' as const } : effective;
          },
        });
      const sandbox = (built.sandbox = sandboxFor(root));
      const commands = (built.commands = createCommandRunner({
        root,
        host: terminals,
        watched: options.face !== 'cli',
        environment: commandEnvironment,
        sandbox: (grant) => sandbox.current(grant),
      }));
      // The checkpoint events are the contract's checkpoints.onProgress / onChanged.
      // Without git (no git on the PATH) the folder opens all the same: checkpoints are off and say why, git.status
      // answers gitMissing, worktrees say why not (common/gitPresence.ts).
      const gitInstalled = (await gitPresence()).installed;
      const checkpoints = (built.checkpoints = gitInstalled
        ? await createCheckpointService({
            root,
            dataDir: options.dataDir,
            emit: emit as CheckpointEmit,
            // Long-lived faces start the stat pool at once (a one-shot CLI command would only wait for it).
            options: { ...(feed ? { beforeScan: feed.barrier } : {}), preloadStatPool: options.face !== 'cli' },
          })
        : createGitlessCheckpoints(root, options.dataDir));
      feed?.attach(checkpoints);
      // Which repositories' own git programs (hooks, filters…) the user trusts Akira's git calls to run (issue 26).
      const gitTrust = createGitTrust(options.dataDir);
      built.git = await createGitService({ root, emit, onWorkspaceChanged: (cb) => bus.on('workspace.onChanged', cb), watch: options.watch, trust: gitTrust });
      // MCP servers start in the background; a session waits for them before its first call (agentService).
      const mcp = (built.mcp = createMcpHub({
        root,
        dataDir: options.dataDir,
        approvals: createMcpApprovals(options.dataDir),
        onChanged: (servers) => emit('mcp.onChanged', { servers: servers.map(serverInfoOf) }),
      }));
      void mcp.start().catch(() => undefined);
      const context = (built.context = createProjectContext({
        root,
        dataDir: options.dataDir,
        git: built.git,
        checkpoints,
        gitignore: await createGitignoreRules(root).catch(() => null),
        // The checkers run with the agent's commands' environment: Akira's without its secrets.
        diagnostics: createDiagnostics({ root, dataDir: options.dataDir, env: async () => commandEnv(process.env, await commandEnvironment()) }),
        formatDiagnostics,
        mcp,
      }));
      const files = (built.files = createFileIndex({ root }));
      built.stopFileFeed = bus.on('workspace.onChanged', (data) => (data.refresh ? files.invalidate() : files.invalidate(data.changes)));
      built.search = createSearchService({
        root,
        emit,
        listFiles: async () => (await files.find('', { limit: Number.MAX_SAFE_INTEGER })).items.map((item) => item.path),
      });
      built.agent = createAgentService({
        context,
        mcp,
        // "Always allow" on a command's approval: its prefix joins the global allow list (Settings shows it; remove it there).
        allowCommand: async (prefix) => {
          const policy = (await modelSettings.get()).global.agent.policy ?? {};
          const allow = policy.commands?.allow ?? [];
          if (allow.includes(prefix)) return;
          await modelSettings.update({ scope: 'global', agent: { policy: { ...policy, commands: { ...policy.commands, allow: [...allow, prefix] } } } });
        },
        // "Allow for this workspace / everywhere" on a sandbox card: the data folder's grants, or the global sandbox settings.
        sandboxGrants: {
          workspace: () => workspaceGrants.of(root),
          revoke: (kind, value) => workspaceGrants.revoke(root, kind, value),
          keep: async (scope, grant) => {
            if (scope === 'workspace') return workspaceGrants.add(root, grant);
            const sandboxLayer = (await modelSettings.get()).global.agent.sandbox ?? {};
            const user = globalSandbox(sandboxLayer);
            const next = { ...sandboxLayer };
            if (grant.network.length) next.network = { allow: [...new Set([...user.network.allow, ...grant.network])] };
            if (grant.allowWrite.length) next.allowWrite = [...new Set([...user.allowWrite, ...grant.allowWrite])];
            if (grant.allowRead.length) next.allowRead = [...new Set([...user.allowRead, ...grant.allowRead])];
            await modelSettings.update({ scope: 'global', agent: { sandbox: next } });
          },
        },
        root,
        dataDir: options.dataDir,
        emit,
        checkpoints: gitInstalled ? checkpoints : null,
        ...(gitInstalled ? {} : { checkpointsOff: checkpointErrors.needGit }),
        commands,
        worktrees: createWorktrees({ root, dataDir: options.dataDir, env, trust: gitTrust }),
        openShell: (cwd, size, title) => terminals.createAt(cwd, size, title),
        // A worktree session's own tree: commands (in the shared terminal panel) and checkpoints rooted there.
        sandbox: () => sandbox.status(),
        isolatedTree: async (treeRoot) => {
          const treeSandbox = sandboxFor(treeRoot);
          const treeCommands = createCommandRunner({ root: treeRoot, host: terminals, watched: options.face !== 'cli', environment: commandEnvironment, sandbox: (grant) => treeSandbox.current(grant) });
          const treeCheckpoints = await createCheckpointService({ root: treeRoot, dataDir: options.dataDir, options: { preloadStatPool: false } }).catch(() => null);
          const treeDiagnostics = createDiagnostics({ root: treeRoot, dataDir: options.dataDir, env: async () => commandEnv(process.env, await commandEnvironment()) });
          return {
            commands: treeCommands,
            checkpoints: treeCheckpoints,
            diagnostics: (input) => treeDiagnostics.run(input),
            sandboxed: async () => (await treeSandbox.status()).available,
            async dispose() {
              await treeCommands.dispose();
              await treeSandbox.dispose();
              await treeCheckpoints?.dispose();
            },
          };
        },
        env,
        storedApiKey: () => modelSettings.storedKey(),
        modelFlags: options.agent?.modelFlags,
        resolveMode: options.agent?.resolveMode ?? resolveWorkspaceMode,
        sleep: options.agent?.sleep,
      });
      return built as WorkspaceServices;
    } catch (err) {
      await disposeServices(built);
      throw err;
    }
  }

  /** Opens are serialised: each waits for the one before it, so two never build or swap services at once. */
  let opening: Promise<unknown> = Promise.resolve();
  function openWorkspace(path: string): Promise<WorkspaceSummaryT> {
    const run = opening.then(async () => {
      const next = await buildServices(path);
      const previous = services;
      services = next;
      if (previous) await disposeServices(previous);
      const { root } = next.summary;
      // Recent folders are the desktop and browser faces' list; a CLI command in some folder is not "opening" it.
      if (options.face !== 'cli') await settings.addRecent(root);
      bus.emit('app.onWorkspaceOpened', { workspace: next.summary });
      return next.summary;
    });
    opening = run.catch(() => undefined);
    return run;
  }

  function closeWorkspace(): Promise<void> {
    const run = opening.then(async () => {
      const previous = services;
      if (!previous) return;
      services = null;
      await disposeServices(previous);
      bus.emit('app.onWorkspaceOpened', { workspace: null });
    });
    opening = run.catch(() => undefined);
    return run;
  }

  const browsing = options.browseRoots?.length ? createFolderAccess(options.browseRoots) : null;

  function need(): WorkspaceServices {
    if (!services) throw new AkiraError('unavailable', fileErrors.noFolderOpen);
    return services;
  }

  // Each domain answers its own commands (typed from the contract); this only composes them.
  const handlers: Handlers = {
    'app.describe': () => ({
      version: options.version,
      commands: [...commandNames],
      events: [...eventNames],
      face: options.face,
      workspace: services?.summary ?? null,
    }),
    ...workspaceHandlers({
      service: () => need().workspace,
      current: () => services?.summary ?? null,
      open: openWorkspace,
      close: closeWorkspace,
      recent: async () => (await settings.get()).recentFolders,
      browser: browsing,
    }),
    ...foldersHandlers(browsing, () => services?.summary.root ?? null),
    ...terminalHandlers(() => need().terminals),
    // Discarding is checkpointed first (a manual checkpoint; restoring it for those files undoes the discard).
    ...gitHandlers(() => need().git, {
      checkpoint: async (label) => {
        const taken = await need().checkpoints.create({ label, origin: 'manual' });
        return { checkpointId: taken.id, skipped: taken.skipped.map((s) => s.path) };
      },
    }),
    ...checkpointHandlers(() => need().checkpoints),
    // Sessions that talk to the model read the saved key afresh first (another Akira may have changed it).
    ...contextHandlers(() => need()),
    ...mcpHandlers(() => need().mcp, options.dataDir),
    ...searchHandlers(() => need().search),
    ...agentHandlers(() => need().agent, { beforeModel: () => modelSettings.refreshStoredKey() }),
    ...settingsHandlers(modelSettings),
    ...uiHandlers(settings, bus.emit),
    // Running a spec is the agent's: read the saved key afresh first, as agent.start does.
    ...specHandlers(() => need().summary.root, bus.emit, async (p) => (await modelSettings.refreshStoredKey(), need().agent.startSpec(p))),
  };

  if (options.workspaceRoot) await openWorkspace(options.workspaceRoot);

  return {
    face: options.face,
    router: createRouter(handlers, { validateOutput: options.validateOutput }),
    bus,
    settings,
    modelSettings,
    current: () => services?.summary ?? null,
    openWorkspace,
    closeWorkspace,
    async dispose() {
      if (services) await disposeServices(services);
      services = null;
    },
  };
}
