import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { agentEvent, type AgentEvent, type AgentEventOf, type AgentEventType, type CommandInput, type CommandName, type CommandResult, type ContractError } from '../shared/contract';
import { startOpenAiTestServer, type OpenAiTestServer } from './openaiTestServer';
import { initRepoWithCommit } from './gitCli';
import { tempDir, writeTree } from './tempTree';
import { waitFor } from './waitFor';
import { TEST_SHELL } from './ptyKit';
import { createCore, type Core } from '../main/core/createCore';

/**
 * Test support for the agent: a real temp workspace and data folder, the scripted OpenAI-compatible
 * server, a real core (face 'test') whose model settings point at the server, and the agent events.
 *
 *   const kit = await startAgentKit({files, settings});
 *   kit.server.enqueue(...);  const {sessionId} = await kit.call('agent.start', {task: '…'});
 *   await kit.waitForEvent('session_completed');  kit.events   kit.close()
 *
 * Every agent.onEvent is checked against the contract's schema: an event that does not validate fails
 * the next waitForEvent and close().
 */

export interface AgentKit {
  root: string;
  dataDir: string;
  server: OpenAiTestServer;
  core: Core;
  events: AgentEvent[];
  /** Delays the model client was asked to wait between attempts. */
  sleeps: number[];
  call<N extends CommandName>(name: N, params: CommandInput<N>): Promise<CommandResult<N>>;
  /** Calls that should fail: answers the error. */
  fail<N extends CommandName>(name: N, params: CommandInput<N>): Promise<ContractError>;
  waitForEvent<T extends AgentEventType>(type: T, match?: (e: AgentEventOf<T>) => boolean, timeoutMs?: number): Promise<AgentEventOf<T>>;
  ofType<T extends AgentEventType>(type: T): AgentEventOf<T>[];
  /** Events that did not validate against the contract (with why). */
  invalid: string[];
  close(): Promise<void>;
}

export interface AgentKitOptions {
  files?: Record<string, string>;
  /** The global settings file (dataDir/settings.json); `model` defaults to the test server. */
  settings?: Record<string, unknown>;
  env?: NodeJS.ProcessEnv;
  /** Variables added to the default environment (the test server's model): e.g. a PATH without git. */
  moreEnv?: NodeJS.ProcessEnv;
  /** Make the workspace a git repository (git init and one commit of `files`) before the core opens it. */
  gitRepo?: boolean;
  /** Watch the workspace as the long-lived faces do (default false: no watcher). */
  watch?: boolean;
  /** Options of the scripted model server (e.g. an `apiKey` it requires: calls without it get 401). */
  modelServer?: Parameters<typeof startOpenAiTestServer>[0];
}

export async function startAgentKit(options: AgentKitOptions = {}): Promise<AgentKit> {
  const ws = await tempDir('akira-agent-ws-');
  const data = await tempDir('akira-agent-data-');
  const server = await startOpenAiTestServer(options.modelServer);
  await writeTree(ws.dir, options.files ?? {});
  if (options.gitRepo) initRepoWithCommit(ws.dir);
  await mkdir(data.dir, { recursive: true });
  await writeFile(join(data.dir, 'settings.json'), JSON.stringify({ ...options.settings }));
  const sleeps: number[] = [];
  const core = await createCore({
    workspaceRoot: ws.dir,
    dataDir: data.dir,
    face: 'test',
    version: '0.0.0-test',
    validateOutput: true,
    watch: options.watch ?? false,
    // The user's terminals without the machine's rc files (see ptyKit's TEST_SHELL).
    ...(TEST_SHELL ? { shell: TEST_SHELL } : {}),
    agent: {
      env: options.env ?? { OPENAI_BASE_URL: server.baseURL, AKIRA_MODEL: 'test-model', ...options.moreEnv },
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    },
  });
  const events: AgentEvent[] = [];
  const invalid: string[] = [];
  core.bus.on('agent.onEvent', (e) => {
    const checked = agentEvent.safeParse(e);
    if (!checked.success) invalid.push(`${e.type}: ${checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    events.push(e);
  });
  const checkValid = () => {
    if (invalid.length) throw new Error(`agent.onEvent payloads outside the contract: ${invalid.join(' | ')}`);
  };
  const isOf =
    <T extends AgentEventType>(type: T) =>
    (e: AgentEvent): e is AgentEventOf<T> =>
      e.type === type;
  async function call<N extends CommandName>(name: N, params: CommandInput<N>): Promise<CommandResult<N>> {
    const answer = await core.router.handle(name, params, { face: 'test' });
    if ('error' in answer) throw new Error(`${name} failed: ${answer.error.code}: ${answer.error.message}`);
    return answer.result as CommandResult<N>;
  }
  return {
    root: ws.dir,
    dataDir: data.dir,
    server,
    core,
    events,
    invalid,
    sleeps,
    call,
    async fail(name, params) {
      const answer = await core.router.handle(name, params, { face: 'test' });
      if (!('error' in answer)) throw new Error(`${name} succeeded: ${JSON.stringify(answer.result)}`);
      return answer.error;
    },
    async waitForEvent<T extends AgentEventType>(type: T, match: (e: AgentEventOf<T>) => boolean = () => true, timeoutMs = 15_000) {
      try {
        const found = await waitFor(() => events.find((e): e is AgentEventOf<T> => isOf(type)(e) && match(e)), `agent event ${type}`, timeoutMs);
        checkValid();
        return found;
      } catch (err) {
        const seen = events.map((e) => (e.type === 'status_changed' ? `${e.type}(${e.status}: ${e.reason ?? ''})` : e.type)).join(', ');
        throw new Error(`${(err as Error).message}; events: ${seen}; server errors: ${server.errors.map((x) => x.message).join(' | ')}`);
      }
    },
    ofType: (type) => events.filter(isOf(type)),
    async close() {
      await core.dispose();
      await server.close();
      await ws.cleanup();
      await data.cleanup();
      checkValid();
    },
  };
}
