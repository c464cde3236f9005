import type { McpApprovals } from './mcpApprovals';
import type { McpSource } from './mcpConfig';
import type { McpPromptInfo, McpResourceInfo, McpTemplateInfo } from './mcpCatalog';
import type { McpToolResult } from './mcpResults';
import type { ErrorWords } from '../../../shared/errors';

/** The MCP hub's surface (mcpHub.ts): its servers as the faces and the agent see them, and what it does. */

export type McpState = 'disabled' | 'awaiting_approval' | 'starting' | 'ready' | 'restarting' | 'failed';

export interface McpToolInfo {
  /** As the model calls it: mcp__<server key>__<tool>. */
  toolName: string;
  /** As the server names it. */
  name: string;
  server: string;
  description: string;
  inputSchema: Record<string, unknown>;
  /** Runs without asking (the server's `alwaysAllow`). */
  alwaysAllowed: boolean;
}

export interface McpServerStatus {
  name: string;
  key: string;
  source: McpSource;
  transport: 'stdio' | 'http';
  /** The command line or the URL (what an approval approves). */
  target: string;
  state: McpState;
  tools: McpToolInfo[];
  resources: number;
  prompts: number;
  error: string | null;
  /** `error` in words of the `mcp` catalog (issue 14), for the UI. */
  errorWords: ErrorWords | null;
  stderrTail: string;
  restarts: number;
  timeoutSeconds: number;
  /** What an approval approves (mcpConfig.ts fingerprintOf); mcp.approve may name it to refuse a changed configuration. */
  fingerprint: string;
  /** What else runs with it: a stdio server's folder and environment (values for a project's server, names for yours), an HTTP server's header names. */
  details: { cwd: string | null; env: Record<string, string>; headerNames: string[] };
}

export interface McpHubOptions {
  root: string;
  dataDir: string;
  approvals: McpApprovals;
  /** The servers changed (state, tools): the faces' `mcp.onChanged`. */
  onChanged?: (servers: McpServerStatus[]) => void;
  initTimeoutMs?: number;
  /** Waits between restarts (tests make them short). */
  backoffMs?: readonly number[];
}

export interface McpHub {
  start(): Promise<void>;
  reload(): Promise<void>;
  list(): McpServerStatus[];
  /** Problems of the configuration files (each names the file and the server), in English. */
  problems(): string[];
  /** The same problems' words (`mcp.*`), in the same order, so the settings view says them in its language. */
  problemWords(): ErrorWords[];
  tools(): McpToolInfo[];
  tool(toolName: string): McpToolInfo | null;
  call(toolName: string, args: Record<string, unknown>, options?: { signal?: AbortSignal; timeoutMs?: number }): Promise<McpToolResult>;
  restart(name: string): Promise<void>;
  setEnabled(name: string, enabled: boolean): Promise<void>;
  /** `fingerprint`: the configuration the person saw; a different one now is a conflict (they must look again). */
  approve(name: string, fingerprint?: string): Promise<void>;
  resources(): Promise<McpResourceInfo[]>;
  templates(): Promise<McpTemplateInfo[]>;
  readResource(server: string, uri: string): Promise<string>;
  prompts(): Promise<McpPromptInfo[]>;
  /** A prompt's messages; a required argument missing is a bad_request that says how to mention it. */
  getPrompt(server: string, name: string, args?: Readonly<Record<string, string>>): Promise<string>;
  /**
   * Waits until the server is no longer starting or restarting, at most its start timeout (the configuration read
   * first); a server that does not exist is not_found, one still starting after its timeout unavailable.
   */
  whenReady(server: string): Promise<void>;
  /** What `@mcp:<server>:<target>` attaches, its server waited for (mcpMention.ts). */
  mention(server: string, target: string, args?: Readonly<Record<string, string>>): Promise<{ title: string; text: string }>;
  /**
   * The servers' roots (`roots/list`): the folders of the sessions that run (the workspace, or a session's worktree),
   * else the workspace. A session holds its folder while it runs; the servers are told when the list changes.
   */
  useRoot(path: string): () => void;
  roots(): string[];
  /** Resolves when no server is starting for the first time (a session before its first call); restarts are not waited for. */
  settled(timeoutMs?: number): Promise<void>;
  dispose(): Promise<void>;
}
