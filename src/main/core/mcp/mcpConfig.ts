import { createHash } from 'node:crypto';
import { z } from 'zod';
import { mcpErrors, type Words } from '../../../shared/errors';
import { inputWords } from '../inputWords';

/**
 * MCP server configurations (issue 12), in the format Claude Desktop and Cline use, so a person can paste theirs:
 *
 *   "mcpServers": {
 *     "files":  {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "."], "env": {"DEBUG": "1"}},
 *     "remote": {"url": "https://example.com/mcp", "headers": {"Authorization": "Bearer …"}},
 *     "git":    {"command": "uvx", "args": ["mcp-server-git"], "disabled": true, "alwaysAllow": ["git_status"]}
 *   }
 *
 * in the global settings (`<dataDir>/settings.json`), or proposed by a workspace in `.akira/mcp.json` (same shape;
 * started only once a person approved that exact configuration for that workspace: mcpApprovals.ts). Akira's own
 * fields: `disabled`, `alwaysAllow` (tools that run without asking), `timeoutSeconds` (per call, default 60; it also
 * bounds the start, default 30 s),
 * `cwd` (stdio; default the workspace). Unknown fields (Cline's `autoApprove`, `transportType` …) are ignored.
 */

const name = z.string().min(1).max(100);
const common = {
  disabled: z.boolean().optional(),
  alwaysAllow: z.array(z.string().min(1).max(200)).max(500).optional(),
  timeoutSeconds: z.number().min(1).max(3600).optional(),
};

// The schema's own messages, each said by a word of the `mcp` catalog (problemWords).
const COMMAND_EMPTY = 'command is empty';
const URL_NOT_HTTP = 'url must be an http:// or https:// URL';
const NEEDS_COMMAND_OR_URL = 'an MCP server needs either "command" (a program started over stdio) or "url" (a streamable HTTP server)';

export const stdioServerSchema = z.object({
  command: z.string().trim().min(1, COMMAND_EMPTY),
  args: z.array(z.string()).max(500).optional(),
  env: z.record(z.string(), z.string()).optional(),
  cwd: z.string().optional(),
  ...common,
});

export const httpServerSchema = z.object({
  url: z.url({ protocol: /^https?$/, error: URL_NOT_HTTP }),
  headers: z.record(z.string(), z.string()).optional(),
  ...common,
});

export const mcpServerSchema = z.union([stdioServerSchema, httpServerSchema], {
  error: NEEDS_COMMAND_OR_URL,
});
export type McpServerConfig = z.infer<typeof mcpServerSchema>;
export const mcpServersSchema = z.record(name, mcpServerSchema);

export type McpSource = 'global' | 'workspace';

/** One configured server as the hub runs it. */
export interface McpServerEntry {
  /** As configured (any characters). */
  name: string;
  /** The name in tool names: `mcp__<key>__<tool>` (letters, digits, _ and - only, unique). */
  key: string;
  source: McpSource;
  config: McpServerConfig;
  /** sha256 of the configuration: a workspace server's approval is for exactly this. */
  fingerprint: string;
}

export const isStdio = (c: McpServerConfig): c is z.infer<typeof stdioServerSchema> => 'command' in c;

/** A stable hash of a configuration (keys sorted), so an approval follows the configuration, not the file. */
export function fingerprintOf(config: McpServerConfig): string {
  const sorted = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(sorted) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted((v as Record<string, unknown>)[k])])) : v;
  const { disabled: _d, alwaysAllow: _a, ...what } = config;
  return createHash('sha256').update(JSON.stringify(sorted(what))).digest('hex');
}

/** The tool-name part of a server name: what OpenAI's `^[a-zA-Z0-9_-]{1,64}$` allows, short enough for the tool's name. */
export function serverKey(name: string, taken: ReadonlySet<string>): string {
  const base = (name.replace(/[^A-Za-z0-9-]+/g, '_').replace(/^_+|_+$/g, '') || 'server').slice(0, 24);
  let key = base;
  for (let i = 2; taken.has(key); i++) key = `${base.slice(0, 21)}_${i}`;
  return key;
}

/** Parsed servers of one file; errors name the file, the server and the field (words: English in `.en`). */
export function parseServers(raw: unknown, where: string): { servers: [string, McpServerConfig][]; errors: Words[] } {
  if (raw === undefined || raw === null) return { servers: [], errors: [] };
  if (typeof raw !== 'object' || Array.isArray(raw)) return { servers: [], errors: [mcpErrors.serversNotObject(where)] };
  const servers: [string, McpServerConfig][] = [];
  const errors: Words[] = [];
  for (const [serverName, value] of Object.entries(raw as Record<string, unknown>)) {
    const parsed = mcpServerSchema.safeParse(value);
    if (parsed.success) servers.push([serverName, parsed.data]);
    else {
      const issue = parsed.error.issues[0];
      errors.push(problemOf(where, { ...issue, path: ['mcpServers', serverName, ...issue.path] } as z.core.$ZodIssue, { mcpServers: raw }));
    }
  }
  return { servers, errors };
}

/**
 * A server's problem in words: the schema's own messages have their own; zod's other text stays the English, said in
 * the generic input words where they know the problem (else it stays a value). `issue.path` starts at `mcpServers`.
 */
function problemOf(where: string, issue: z.core.$ZodIssue, file: unknown): Words {
  const field = issue.path.join('.');
  const said = issue.message;
  if (said === COMMAND_EMPTY) return mcpErrors.commandEmpty(where, field);
  if (said === URL_NOT_HTTP) return mcpErrors.urlNotHttp(where, field);
  if (said === NEEDS_COMMAND_OR_URL) return mcpErrors.needsCommandOrUrl(where, field);
  const words = inputWords(issue, file, 0);
  // input.invalid would only put zod's English inside a Chinese frame: badServerField does that already.
  if (words.key === 'input.invalid') return mcpErrors.badServerField(where, field, said);
  return mcpErrors.serverFieldProblem(where, field, said, words.key, ...words.values);
}
