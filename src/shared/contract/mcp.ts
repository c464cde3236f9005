import { z } from 'zod';
import { errorWordsSchema } from '../agent/sessionEvents';
import { defineCommand, defineEvent, noInput, ok } from './define';

/**
 * MCP servers (issue 12): the global settings' `mcpServers` (Claude Desktop / Cline format) and the ones a workspace
 * proposes in `.akira/mcp.json` (they start only once approved). Their tools reach the model as
 * `mcp__<server key>__<tool>` and pass the approval gate (policy `autoApprove.mcp`, a server's `alwaysAllow`).
 */

export const mcpState = z.enum(['disabled', 'awaiting_approval', 'starting', 'ready', 'restarting', 'failed']);
export type McpStateT = z.infer<typeof mcpState>;

export const mcpToolInfo = z.object({
  toolName: z.string(),
  name: z.string(),
  description: z.string(),
  alwaysAllowed: z.boolean(),
});

export const mcpServerInfo = z.object({
  name: z.string(),
  key: z.string(),
  source: z.enum(['global', 'workspace']),
  transport: z.enum(['stdio', 'http']),
  /** The command line or the URL (what an approval approves). */
  target: z.string(),
  state: mcpState,
  tools: z.array(mcpToolInfo),
  resources: z.number().int().nonnegative(),
  prompts: z.number().int().nonnegative(),
  error: z.string().nullable(),
  /** `error` in words of the shared `mcp` catalog (issue 14): the UI says it in its language; null when there are none. */
  errorWords: errorWordsSchema.nullable().optional(),
  /** A stdio server's last output on stderr. */
  stderrTail: z.string(),
  restarts: z.number().int().nonnegative(),
  timeoutSeconds: z.number(),
  /** What an approval approves: pass it to mcp.approve so a configuration changed meanwhile is refused. */
  fingerprint: z.string(),
  /** What else runs with it: a stdio server's folder and environment (values for a project's server, names only for yours), an HTTP server's header names. */
  details: z.object({ cwd: z.string().nullable(), env: z.record(z.string(), z.string()), headerNames: z.array(z.string()) }),
});
export type McpServerInfo = z.infer<typeof mcpServerInfo>;

const serverName = z.string().min(1).max(100);

export const mcpCommands = {
  'mcp.list': defineCommand(
    noInput,
    z.object({
      servers: z.array(mcpServerInfo),
      /** English (logs, the API). */
      problems: z.array(z.string()),
      /** Each problem's words (`mcp.*`), in the same order; absent from older cores (show `problems`). */
      problemWords: z.array(errorWordsSchema).optional(),
    }),
    'The MCP servers of the open workspace: state, tools, error and stderr tail; and the problems of their configuration files.',
  ),
  'mcp.reload': defineCommand(noInput, ok, 'Read the MCP configuration again (global settings, .akira/mcp.json) and start, stop or restart what changed.'),
  'mcp.restart': defineCommand(z.object({ name: serverName }).strict(), ok, 'Restart an MCP server (also one that failed).'),
  'mcp.setEnabled': defineCommand(
    z.object({ name: serverName, enabled: z.boolean() }).strict(),
    ok,
    'Enable or disable an MCP server: a global one is saved as `disabled` in the global settings; a workspace one is approved or its approval withdrawn.',
  ),
  'mcp.approve': defineCommand(
    z.object({ name: serverName, fingerprint: z.string().max(128).optional() }).strict(),
    ok,
    "Approve a server the workspace proposes in .akira/mcp.json (for this workspace and exactly this configuration; with `fingerprint`, refused when the configuration changed since) and start it. A project's `alwaysAllow` is not honoured.",
  ),
  'mcp.globalServers': defineCommand(
    noInput,
    z.object({ file: z.string(), servers: z.record(z.string(), z.record(z.string(), z.unknown())) }),
    'The global settings file and its mcpServers as configured (the values of env and headers answered as "<hidden>"), for Settings → MCP servers.',
  ),
  'mcp.saveServer': defineCommand(
    z.object({ name: serverName, previousName: serverName.optional(), config: z.record(z.string(), z.unknown()) }).strict(),
    ok,
    'Add a server to the global mcpServers, or replace (and with previousName rename) one; checked like the configuration on a reload, then the servers are reloaded. An env or headers value given as "<hidden>" keeps the saved one.',
  ),
  'mcp.removeServer': defineCommand(z.object({ name: serverName }).strict(), ok, 'Remove a server from the global mcpServers (it stops).'),
  'mcp.saveGlobalServers': defineCommand(
    z.object({ servers: z.record(serverName, z.unknown()) }).strict(),
    ok,
    'Replace the global mcpServers as a whole (the settings file edited as JSON); every server is checked first, then the servers are reloaded. "<hidden>" values keep the saved ones.',
  ),
  'mcp.catalog': defineCommand(
    noInput,
    z.object({
      resources: z.array(z.object({ server: z.string(), uri: z.string(), name: z.string(), description: z.string().nullable(), mimeType: z.string().nullable() })),
      /** Resource templates (RFC 6570 URIs such as `demo://item/{id}`) and their variables (issue 24). */
      templates: z
        .array(z.object({ server: z.string(), uriTemplate: z.string(), name: z.string(), description: z.string().nullable(), mimeType: z.string().nullable(), variables: z.array(z.string()) })),
      prompts: z.array(
        z.object({
          server: z.string(),
          name: z.string(),
          description: z.string().nullable(),
          arguments: z.array(z.object({ name: z.string(), description: z.string().nullable(), required: z.boolean() })),
        }),
      ),
    }),
    'The resources, resource templates and prompts of the ready MCP servers (mention one with @mcp:<server>:<uri or prompt name>; a prompt with arguments or a template with its variables as @"mcp:<server>:<prompt or template> key=value …").',
  ),
};

export const mcpEvents = {
  'mcp.onChanged': defineEvent(z.object({ servers: z.array(mcpServerInfo) }), 'An MCP server started, stopped, failed or changed its tools.'),
};
