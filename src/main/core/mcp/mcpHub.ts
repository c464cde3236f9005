import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AkiraError } from '../errors';
import { readWorkspaceText } from '../context/workspaceText';
import { fingerprintOf, isStdio, parseServers, serverKey, type McpServerConfig, type McpServerEntry, type McpSource } from './mcpConfig';
import { listPrompts, listResources, listTemplates, promptText, readResourceText } from './mcpCatalog';
import type { McpHub, McpHubOptions, McpServerStatus, McpState, McpToolInfo } from './mcpHubTypes';
import { connectMcp, type McpConnection } from './mcpConnection';
import { mcpMentionText } from './mcpMention';
import { createRootLeases } from './mcpRoots';
import { toolResultOf } from './mcpResults';
import { saveServerDisabled } from './mcpSettingsFile';
import { mcpErrors, plainWords, type ErrorWords, type Words } from '../../../shared/errors';

/**
 * The MCP servers of one open workspace (issue 12): the global settings' `mcpServers` and, once a person approved
 * them for this workspace, those `.akira/mcp.json` proposes. Each server is started in the background, its tools
 * offered to the model as `mcp__<server>__<tool>`; a server that stops by itself is restarted with backoff (1 s, 2 s,
 * 4 s … 30 s; after MAX_RESTARTS in a row it is left failed until restarted by hand). Calls to a server that is not
 * ready fail at once with a clear message: never a hang.
 *
 *   const hub = createMcpHub({root, dataDir, approvals, onChanged})
 *   await hub.start()                       reads the configurations, starts what may start
 *   hub.list()                              every server: state, tools, error, stderr tail, restarts
 *   hub.tools()                             the tools of the ready servers (for the model)
 *   await hub.call('mcp__files__read', args, {signal, timeoutMs?})  → {text, images, isError}
 *   hub.restart(name) / setEnabled(name, on) / approve(name) / reload()
 *   hub.resources() / templates() / readResource(server, uri) / prompts() / getPrompt(server, name, args)
 *   await hub.whenReady('docs')             an @mcp: mention waits for its server, up to its start timeout (issue 24)
 *   const release = hub.useRoot(worktree)   a running session's folder is the servers' root (roots/list) until released
 */

export type { McpHub, McpHubOptions, McpServerStatus, McpState, McpToolInfo } from './mcpHubTypes';

export const MCP_FILE = '.akira/mcp.json';
export const DEFAULT_INIT_TIMEOUT_MS = 30_000;
export const DEFAULT_CALL_TIMEOUT_S = 60;
export const BACKOFF_MS = [1000, 2000, 4000, 8000, 16000, 30000];
export const MAX_RESTARTS = 6;
const TOOL_NAME_MAX = 64;

interface Server {
  entry: McpServerEntry;
  state: McpState;
  conn: McpConnection | null;
  tools: McpToolInfo[];
  resources: number;
  /** The server lists resources or templates (its `resources` capability). */
  hasResources: boolean;
  prompts: number;
  error: string | null;
  errorWords: ErrorWords | null;
  restarts: number;
  /** A stdio server's last stderr output, kept after its connection ended. */
  stderr: string;
  timer: NodeJS.Timeout | null;
  /** Bumped on every (re)start and stop: a late answer of an older start is dropped. */
  generation: number;
}

async function readJson(path: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw err;
  }
}

/** A server's error: the English (`error`) and its words, from one builder so they cannot drift; null clears both. */
function setError(s: Server, words: Words | null): void {
  s.error = words?.en ?? null;
  s.errorWords = words ? plainWords(words) : null;
}

/** Why a server is down, kept to say it again once the hub gives up restarting it. */
type Down = { kind: 'stopped' | 'start'; said: string };
const downWords = (down: Down, gaveUpAfter: number): Words =>
  down.kind === 'stopped' ? mcpErrors.serverStopped(down.said, gaveUpAfter) : mcpErrors.couldNotStart(down.said, gaveUpAfter);

function detailsOf(entry: McpServerEntry): McpServerStatus['details'] {
  const c = entry.config;
  if (!isStdio(c)) return { cwd: null, env: {}, headerNames: Object.keys(c.headers ?? {}) };
  // A project's values are in its file for anyone to read; the person's own may hold their secrets: names only.
  const env = Object.fromEntries(Object.entries(c.env ?? {}).map(([k, v]) => [k, entry.source === 'workspace' ? v : '…']));
  return { cwd: c.cwd ?? null, env, headerNames: [] };
}

function targetOf(config: McpServerConfig): string {
  return isStdio(config) ? [config.command, ...(config.args ?? [])].join(' ') : config.url;
}

function toolNameOf(key: string, tool: string, taken: Set<string>): string {
  const clean = tool.replace(/[^A-Za-z0-9_-]+/g, '_');
  let name = `mcp__${key}__${clean}`.slice(0, TOOL_NAME_MAX);
  for (let i = 2; taken.has(name); i++) name = `${`mcp__${key}__${clean}`.slice(0, TOOL_NAME_MAX - 3)}_${i}`;
  taken.add(name);
  return name;
}

/** How long a server may take to start: its own timeoutSeconds when shorter than the hub's. */
function startTimeoutMs(config: McpServerConfig, hubMs: number): number {
  return config.timeoutSeconds !== undefined ? Math.min(config.timeoutSeconds * 1000, hubMs) : hubMs;
}

export function createMcpHub(options: McpHubOptions): McpHub {
  const { root } = options;
  const servers = new Map<string, Server>();
  const backoff = options.backoffMs ?? BACKOFF_MS;
  const initTimeoutMs = options.initTimeoutMs ?? DEFAULT_INIT_TIMEOUT_MS;
  let problems: Words[] = [];
  let disposed = false;
  /** Called on every change (settled, whenReady); each decides whether it is done. */
  const watchers = new Set<() => void>();
  /** The first configuration read: a mention waits for it before it looks for its server. */
  let loading: Promise<void> = Promise.resolve();
  const roots = createRootLeases(root, () => {
    if (!disposed) for (const s of servers.values()) void s.conn?.rootsChanged();
  });

  const statusOf = (s: Server): McpServerStatus => ({
    name: s.entry.name,
    key: s.entry.key,
    source: s.entry.source,
    transport: isStdio(s.entry.config) ? 'stdio' : 'http',
    target: targetOf(s.entry.config),
    state: s.state,
    tools: s.tools,
    resources: s.resources,
    prompts: s.prompts,
    error: s.error,
    errorWords: s.errorWords,
    stderrTail: s.stderr,
    fingerprint: s.entry.fingerprint,
    details: detailsOf(s.entry),
    restarts: s.restarts,
    timeoutSeconds: s.entry.config.timeoutSeconds ?? DEFAULT_CALL_TIMEOUT_S,
  });
  const list = () => [...servers.values()].map(statusOf);
  function changed(): void {
    if (disposed) return;
    options.onChanged?.(list());
    for (const w of [...watchers]) w();
  }

  /** Resolves once `done()` holds (checked now and on every change), or rejects after `timeoutMs`. */
  function until(done: () => boolean, timeoutMs: number, what: string): Promise<void> {
    if (done() || disposed) return Promise.resolve();
    return new Promise<void>((resolveDone, reject) => {
      const check = () => {
        if (!done() && !disposed) return;
        clearTimeout(timer);
        watchers.delete(check);
        resolveDone();
      };
      const timer = setTimeout(() => {
        watchers.delete(check);
        reject(new Error(`${what} after ${timeoutMs} ms`));
      }, timeoutMs);
      watchers.add(check);
    });
  }

  async function configured(): Promise<McpServerEntry[]> {
    const found: { name: string; source: McpSource; config: McpServerConfig }[] = [];
    const errors: Words[] = [];
    // A file that cannot be read (errno) is said apart from one that is not JSON (a parser's SyntaxError).
    const unread = (file: string, err: unknown) =>
      err instanceof SyntaxError ? mcpErrors.configNotJson(file, err.message) : mcpErrors.configUnreadable(file, (err as Error).message);
    const globalFile = join(options.dataDir, 'settings.json');
    try {
      const g = (await readJson(globalFile)) as { mcpServers?: unknown };
      const parsed = parseServers(g?.mcpServers, globalFile);
      errors.push(...parsed.errors);
      for (const [name, config] of parsed.servers) found.push({ name, source: 'global', config });
    } catch (err) {
      errors.push(unread(globalFile, err));
    }
    try {
      const file = await readWorkspaceText(root, MCP_FILE, 1024 * 1024);
      if (file && file.text.trim()) {
        const parsed = parseServers((JSON.parse(file.text) as { mcpServers?: unknown })?.mcpServers, MCP_FILE);
        errors.push(...parsed.errors);
        for (const [name, config] of parsed.servers) {
          // A global server of the same name wins: the project cannot replace what the person configured.
          if (found.some((f) => f.name === name)) errors.push(mcpErrors.shadowedByGlobal(MCP_FILE, name));
          else found.push({ name, source: 'workspace', config });
        }
      }
    } catch (err) {
      errors.push(unread(MCP_FILE, err));
    }
    problems = errors;
    const keys = new Set<string>();
    return found.map((f) => {
      const key = serverKey(f.name, keys);
      keys.add(key);
      return { ...f, key, fingerprint: fingerprintOf(f.config) };
    });
  }

  /**
   * The one way a server starts (reload, approve, restart, switching on, the backoff timer after a crash): the entry
   * about to run is checked against the approvals right before its process starts, and that same entry is what runs.
   * A configuration that changed since it was approved is not started: it awaits approval (issue 26).
   */
  async function connect(s: Server): Promise<void> {
    const generation = ++s.generation;
    const entry = s.entry;
    s.stderr = '';
    s.state = s.restarts > 0 ? 'restarting' : 'starting';
    setError(s, null);
    changed();
    const may = await mayStart(entry).catch(() => 'awaiting_approval' as const);
    if (s.generation !== generation || disposed) return;
    // Swapped for another configuration while the approvals were read: check that one instead.
    if (s.entry.fingerprint !== entry.fingerprint) return connect(s);
    if (may !== 'starting') {
      s.state = may;
      s.tools = [];
      setError(s, may === 'awaiting_approval' ? mcpErrors.awaitingApproval(MCP_FILE) : null);
      changed();
      return;
    }
    try {
      const conn = await connectMcp(entry, {
        root,
        roots: roots.list,
        // A server's own timeoutSeconds bounds its start too (a server that never answers initialize).
        initTimeoutMs: startTimeoutMs(entry.config, initTimeoutMs),
        onStderr: (tail) => {
          if (s.generation === generation) s.stderr = tail;
        },
        onClose: (why) => {
          if (s.generation !== generation || disposed) return;
          s.conn = null;
          s.tools = [];
          scheduleRestart(s, { kind: 'stopped', said: why });
        },
      });
      if (s.generation !== generation || disposed) return void (await conn.close());
      s.conn = conn;
      const caps = conn.client.getServerCapabilities() ?? {};
      const taken = new Set<string>();
      const tools = caps.tools ? (await conn.client.listTools()).tools : [];
      // A project's own alwaysAllow would loosen the policy: only the person's (global) servers' lists count.
      const allow = new Set(entry.source === 'global' ? (entry.config.alwaysAllow ?? []) : []);
      s.tools = tools.map((t) => ({
        toolName: toolNameOf(entry.key, t.name, taken),
        name: t.name,
        server: entry.name,
        description: `${t.description ?? t.title ?? t.name} (MCP server ${entry.name})`,
        inputSchema: (t.inputSchema as Record<string, unknown>) ?? { type: 'object', properties: {} },
        alwaysAllowed: allow.has(t.name),
      }));
      s.hasResources = Boolean(caps.resources);
      s.resources = caps.resources ? (await listResources(conn.client, entry.name).catch(() => [])).length : 0;
      s.prompts = caps.prompts ? (await listPrompts(conn.client, entry.name).catch(() => [])).length : 0;
      if (s.generation !== generation) return;
      s.state = 'ready';
      s.restarts = 0;
      changed();
    } catch (err) {
      if (s.generation !== generation || disposed) return;
      s.conn = null;
      scheduleRestart(s, { kind: 'start', said: (err as Error).message });
    }
  }

  function scheduleRestart(s: Server, down: Down): void {
    setError(s, downWords(down, 0));
    s.tools = [];
    if (s.restarts >= MAX_RESTARTS) {
      s.state = 'failed';
      setError(s, downWords(down, MAX_RESTARTS));
      changed();
      return;
    }
    const wait = backoff[Math.min(s.restarts, backoff.length - 1)];
    s.restarts += 1;
    s.state = 'restarting';
    changed();
    s.timer = setTimeout(() => {
      s.timer = null;
      if (!disposed) void connect(s);
    }, wait);
  }

  async function stop(s: Server): Promise<void> {
    s.generation++;
    if (s.timer) clearTimeout(s.timer);
    s.timer = null;
    const conn = s.conn;
    s.conn = null;
    s.tools = [];
    await conn?.close();
  }

  async function mayStart(entry: McpServerEntry): Promise<McpState> {
    if (entry.config.disabled) return 'disabled';
    if (entry.source === 'workspace' && !(await options.approvals.isApproved(root, entry.name, entry.fingerprint))) return 'awaiting_approval';
    return 'starting';
  }

  async function reload(): Promise<void> {
    const entries = await configured();
    const names = new Set(entries.map((e) => e.name));
    for (const [name, s] of servers) {
      if (!names.has(name)) {
        await stop(s);
        servers.delete(name);
      }
    }
    for (const entry of entries) {
      const existing = servers.get(entry.name);
      if (existing && existing.entry.fingerprint === entry.fingerprint && existing.entry.config.disabled === entry.config.disabled && existing.state !== 'awaiting_approval') {
        existing.entry = entry;
        continue;
      }
      if (existing) await stop(existing);
      const s: Server = existing ?? { entry, state: 'starting', conn: null, tools: [], resources: 0, hasResources: false, prompts: 0, error: null, errorWords: null, restarts: 0, stderr: '', timer: null, generation: 0 };
      s.entry = entry;
      s.restarts = 0;
      servers.set(entry.name, s);
      const state = await mayStart(entry);
      // Another reload swapped in another configuration meanwhile: that reload decides.
      if (s.entry.fingerprint !== entry.fingerprint) continue;
      if (state === 'starting') void connect(s);
      else {
        s.state = state;
        setError(s, state === 'awaiting_approval' ? mcpErrors.awaitingApproval(MCP_FILE) : null);
      }
    }
    changed();
  }

  function need(name: string): Server {
    const s = servers.get(name);
    if (!s) throw new AkiraError('not_found', mcpErrors.noSuchServer(name, [...servers.keys()].join(', ')));
    return s;
  }

  function ready(s: Server): McpConnection {
    if (s.state === 'ready' && s.conn) return s.conn;
    throw new AkiraError('unavailable', mcpErrors.notReady(s.entry.name, s.state, s.error ?? ''));
  }

  const allTools = () => [...servers.values()].flatMap((s) => (s.state === 'ready' ? s.tools : []));

  /** The ready servers that have a capability, each with its connection. */
  const readyWith = (has: (s: Server) => boolean) => [...servers.values()].filter((s) => s.state === 'ready' && s.conn && has(s)) as (Server & { conn: McpConnection })[];
  const promptInfo = async (s: Server & { conn: McpConnection }, name: string) => (await listPrompts(s.conn.client, s.entry.name).catch(() => [])).find((p) => p.name === name) ?? null;

  return {
    start: () => (loading = reload()),
    reload,
    list,
    problems: () => problems.map((p) => p.en),
    problemWords: () => problems.map(plainWords),
    tools: allTools,
    tool: (toolName) => [...servers.values()].flatMap((s) => s.tools).find((t) => t.toolName === toolName) ?? null,
    async call(toolName, args, callOptions = {}) {
      const s = [...servers.values()].find((x) => x.tools.some((t) => t.toolName === toolName) || toolName.startsWith(`mcp__${x.entry.key}__`));
      if (!s) throw new AkiraError('not_found', mcpErrors.noSuchTool(toolName, allTools().map((t) => t.toolName).join(', ')));
      const conn = ready(s);
      const tool = s.tools.find((t) => t.toolName === toolName);
      if (!tool) throw new AkiraError('not_found', mcpErrors.serverLacksTool(s.entry.name, toolName.slice(`mcp__${s.entry.key}__`.length)));
      const timeoutMs = callOptions.timeoutMs ?? (s.entry.config.timeoutSeconds ?? DEFAULT_CALL_TIMEOUT_S) * 1000;
      try {
        const result = await conn.client.callTool({ name: tool.name, arguments: args }, undefined, { timeout: timeoutMs, signal: callOptions.signal, resetTimeoutOnProgress: true });
        return toolResultOf(result as { content?: unknown; isError?: unknown; structuredContent?: unknown }, s.entry.name);
      } catch (err) {
        const message = (err as Error).message ?? String(err);
        if (callOptions.signal?.aborted) throw err;
        if (/timed? ?out/i.test(message)) throw new AkiraError('unavailable', mcpErrors.toolTimedOut(toolName, Math.round(timeoutMs / 1000)));
        if (s.conn !== conn || /closed/i.test(message)) throw new AkiraError('unavailable', mcpErrors.stoppedDuringCall(s.entry.name, message));
        throw new AkiraError('internal', mcpErrors.toolFailed(toolName, message));
      }
    },
    async restart(name) {
      const s = need(name);
      await stop(s);
      s.restarts = 0;
      const state = await mayStart(s.entry);
      if (state !== 'starting') throw new AkiraError('conflict', (state === 'disabled' ? mcpErrors.restartDisabled : mcpErrors.restartUnapproved)(name));
      void connect(s);
    },
    async setEnabled(name, enabled) {
      const s = need(name);
      // A project's server is switched by its approval; a global one in the global settings.
      if (s.entry.source === 'workspace') {
        if (enabled) return this.approve(name);
        await options.approvals.revoke(root, name);
        await stop(s);
        s.state = 'awaiting_approval';
        setError(s, mcpErrors.awaitingApproval(MCP_FILE));
        changed();
        return;
      }
      await saveServerDisabled(options.dataDir, name, !enabled);
      s.entry = { ...s.entry, config: { ...s.entry.config, disabled: !enabled } };
      if (!enabled) {
        await stop(s);
        s.state = 'disabled';
        setError(s, null);
        changed();
        return;
      }
      s.restarts = 0;
      const state = await mayStart(s.entry);
      if (state === 'starting') void connect(s);
      else {
        s.state = state;
        changed();
      }
    },
    async approve(name, fingerprint) {
      const s = need(name);
      if (s.entry.source !== 'workspace') throw new AkiraError('bad_request', mcpErrors.globalNeedsNoApproval(name));
      if (fingerprint !== undefined && fingerprint !== s.entry.fingerprint) {
        throw new AkiraError('conflict', mcpErrors.changedSinceSeen(name, MCP_FILE));
      }
      const entry = s.entry;
      await options.approvals.approve(root, name, entry.fingerprint);
      // connect checks again what it is about to start: a configuration swapped in meanwhile awaits its own approval.
      if (s.entry.config.disabled) return;
      s.restarts = 0;
      void connect(s);
    },
    async resources() {
      return (await Promise.all(readyWith((s) => s.hasResources).map((s) => listResources(s.conn.client, s.entry.name).catch(() => [])))).flat();
    },
    async templates() {
      return (await Promise.all(readyWith((s) => s.hasResources).map((s) => listTemplates(s.conn.client, s.entry.name).catch(() => [])))).flat();
    },
    async readResource(server, uri) {
      return readResourceText(ready(need(server)).client, uri);
    },
    async prompts() {
      return (await Promise.all(readyWith((s) => s.prompts > 0).map((s) => listPrompts(s.conn.client, s.entry.name).catch(() => [])))).flat();
    },
    async getPrompt(server, name, args = {}) {
      const s = need(server);
      const conn = ready(s);
      return promptText(conn.client, s.entry.name, name, await promptInfo(s as Server & { conn: McpConnection }, name), args);
    },
    async whenReady(server) {
      await loading.catch(() => undefined);
      const s = need(server);
      const limit = startTimeoutMs(s.entry.config, initTimeoutMs);
      const busy = () => s.state === 'starting' || s.state === 'restarting';
      await until(() => !busy(), limit, 'still starting').catch(() => undefined);
      if (busy()) throw new AkiraError('unavailable', mcpErrors.stillStarting(s.entry.name, Math.round(limit / 1000)));
      ready(s);
    },
    mention(server, target, args) {
      return mcpMentionText(this, server, target, args);
    },
    useRoot: roots.use,
    roots: roots.list,
    settled(timeoutMs = 60_000) {
      return until(() => ![...servers.values()].some((s) => s.state === 'starting'), timeoutMs, 'MCP servers still starting');
    },
    async dispose() {
      disposed = true;
      for (const w of [...watchers]) w();
      watchers.clear();
      await Promise.all([...servers.values()].map(stop));
    },
  };
}
