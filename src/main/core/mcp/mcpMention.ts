import { mcpErrors } from '../../../shared/errors';
import { AkiraError } from '../errors';
import { expandTemplate, type McpPromptInfo, type McpTemplateInfo } from './mcpCatalog';

/** What a mention needs of the hub (mcpHub.ts). */
export interface McpMentionSource {
  whenReady(server: string): Promise<void>;
  prompts(): Promise<McpPromptInfo[]>;
  templates(): Promise<McpTemplateInfo[]>;
  readResource(server: string, uri: string): Promise<string>;
  getPrompt(server: string, name: string, args?: Readonly<Record<string, string>>): Promise<string>;
}

/**
 * What `@mcp:<server>:<target>` attaches (issues 11, 24): a prompt of that name on the server (with its arguments),
 * else a resource template of that URI (its variables filled in), else a resource with that URI. A server still
 * starting is waited for, up to its start timeout; arguments for a plain resource are a bad_request.
 */
export async function mcpMentionText(
  hub: McpMentionSource,
  server: string,
  target: string,
  args: Readonly<Record<string, string>> = {},
): Promise<{ title: string; text: string }> {
  await hub.whenReady(server);
  const given = Object.entries(args)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
  if ((await hub.prompts()).some((p) => p.server === server && p.name === target)) {
    return {
      title: `prompt ${target}${given ? ` (${given})` : ''} of MCP server ${server}`,
      text: `The prompt "${target}"${given ? ` with ${given}` : ''} of the MCP server ${server}:\n${await hub.getPrompt(server, target, args)}`,
    };
  }
  const template = (await hub.templates()).find((t) => t.server === server && t.uriTemplate === target);
  if (!template && given) throw new AkiraError('bad_request', mcpErrors.argsNotForResource(server, target));
  const uri = template ? expandTemplate(server, template, args) : target;
  return { title: `${uri} (MCP server ${server})`, text: `The resource ${uri} of the MCP server ${server}:\n${await hub.readResource(server, uri)}` };
}
