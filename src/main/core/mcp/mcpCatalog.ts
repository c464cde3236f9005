import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import { mcpMentionFor } from '../../../shared/context/mentions';
import { mcpErrors } from '../../../shared/errors';
import { AkiraError } from '../errors';

/**
 * What one ready MCP server offers beside its tools (issues 11, 24), as the catalog (`mcp.catalog`, the `@`
 * completion) and the `@mcp:` mentions use it:
 *
 *   await listResources(client, 'docs')    its resources (every page)
 *   await listTemplates(client, 'docs')    its resource templates, with their variables (`{id}` → `id`)
 *   await listPrompts(client, 'docs')      its prompts, with their arguments (name, description, required)
 *   await readResourceText(client, uri)    a resource's contents as text (binary parts said by their type and size)
 *   await promptText(client, 'docs', info, {city: 'Paris'})   a prompt's messages; missing required arguments are
 *                                          an AkiraError that says how to mention it, before the server is asked
 *   expandTemplate('docs', info, {id: '3'})   a template's URI with its variables filled (missing ones: the same)
 */

export interface McpResourceInfo {
  server: string;
  uri: string;
  name: string;
  description: string | null;
  mimeType: string | null;
}

export interface McpTemplateInfo {
  server: string;
  uriTemplate: string;
  name: string;
  description: string | null;
  mimeType: string | null;
  /** The template's variables, in order (`demo://{kind}/{id}` → `kind`, `id`). */
  variables: string[];
}

export interface McpPromptArgument {
  name: string;
  description: string | null;
  required: boolean;
}

export interface McpPromptInfo {
  server: string;
  name: string;
  description: string | null;
  arguments: McpPromptArgument[];
}

/** Pages of a list, at most this many (a server that pages forever is not followed). */
const MAX_PAGES = 20;

async function allPages<T>(page: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor?: string }>): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < MAX_PAGES; i++) {
    const r = await page(cursor);
    out.push(...r.items);
    if (!r.nextCursor || r.nextCursor === cursor) break;
    cursor = r.nextCursor;
  }
  return out;
}

export async function listResources(client: Client, server: string): Promise<McpResourceInfo[]> {
  const all = await allPages(async (cursor) => {
    const r = await client.listResources(cursor ? { cursor } : undefined);
    return { items: r.resources, nextCursor: r.nextCursor };
  });
  return all.map((x) => ({ server, uri: x.uri, name: x.name, description: x.description ?? null, mimeType: x.mimeType ?? null }));
}

/** The variables of a URI template (RFC 6570), or none when it cannot be parsed. */
export function templateVariables(uriTemplate: string): string[] {
  try {
    return new UriTemplate(uriTemplate).variableNames;
  } catch {
    return [];
  }
}

export async function listTemplates(client: Client, server: string): Promise<McpTemplateInfo[]> {
  const all = await allPages(async (cursor) => {
    const r = await client.listResourceTemplates(cursor ? { cursor } : undefined);
    return { items: r.resourceTemplates, nextCursor: r.nextCursor };
  });
  return all.map((t) => ({
    server,
    uriTemplate: t.uriTemplate,
    name: t.name,
    description: t.description ?? null,
    mimeType: t.mimeType ?? null,
    variables: templateVariables(t.uriTemplate),
  }));
}

export async function listPrompts(client: Client, server: string): Promise<McpPromptInfo[]> {
  const all = await allPages(async (cursor) => {
    const r = await client.listPrompts(cursor ? { cursor } : undefined);
    return { items: r.prompts, nextCursor: r.nextCursor };
  });
  return all.map((p) => ({
    server,
    name: p.name,
    description: p.description ?? null,
    arguments: (p.arguments ?? []).map((a) => ({ name: a.name, description: a.description ?? null, required: a.required === true })),
  }));
}

type ContentPart = { uri?: string; mimeType?: string; text?: unknown; blob?: unknown };

/** Types whose bytes are text: a blob of one of them is read as UTF-8. */
const TEXT_TYPE = /^(text\/|application\/(json|xml|yaml|x-yaml|javascript|typescript|toml|x-sh|sql|graphql)|[^;]*\+(json|xml))/i;

/** One part of a resource's contents as text: its text (a text type's blob decoded), else what it is (binary data is not sent to the model). */
function partText(c: ContentPart): string {
  if (typeof c.text === 'string') return c.text;
  if (typeof c.blob === 'string' && c.mimeType && TEXT_TYPE.test(c.mimeType)) return Buffer.from(c.blob, 'base64').toString('utf8');
  const bytes = typeof c.blob === 'string' ? Math.floor((c.blob.length * 3) / 4) : 0;
  return `[${c.mimeType ?? 'binary'} content of ${c.uri ?? 'the resource'}${bytes ? `, ${bytes} bytes` : ''}: not shown]`;
}

export async function readResourceText(client: Client, uri: string): Promise<string> {
  const r = await client.readResource({ uri });
  return r.contents.map((c) => partText(c as ContentPart)).join('\n');
}

const missingOf = (names: readonly string[], args: Readonly<Record<string, string>>) => names.filter((n) => !(args[n] ?? '').trim());

/** A prompt's messages as text; `info` is its listing (null: not listed, the server alone checks the arguments). */
export async function promptText(client: Client, server: string, name: string, info: McpPromptInfo | null, args: Readonly<Record<string, string>>): Promise<string> {
  const required = (info?.arguments ?? []).filter((a) => a.required).map((a) => a.name);
  const missing = missingOf(required, args);
  if (missing.length) {
    const usage = mcpMentionFor(server, name, Object.fromEntries((info?.arguments ?? []).map((a) => [a.name, args[a.name] || '…'])));
    throw new AkiraError('bad_request', mcpErrors.promptMissingArgs(server, name, missing.join(', '), usage));
  }
  const r = await client.getPrompt({ name, arguments: { ...args } });
  return r.messages
    .map((m) => {
      const c = m.content as { type: string; text?: string; resource?: ContentPart; uri?: string; name?: string };
      const body =
        c.type === 'text' ? (c.text ?? '') : c.type === 'resource' && c.resource ? partText(c.resource) : c.type === 'resource_link' ? `[resource ${c.uri ?? ''}${c.name ? ` (${c.name})` : ''}]` : `[${c.type}]`;
      return `${m.role}: ${body}`;
    })
    .join('\n\n');
}

/** A template's URI with `args` filled in; every variable must be given. */
export function expandTemplate(server: string, info: McpTemplateInfo, args: Readonly<Record<string, string>>): string {
  const missing = missingOf(info.variables, args);
  if (missing.length) {
    const usage = mcpMentionFor(server, info.uriTemplate, Object.fromEntries(info.variables.map((v) => [v, args[v] || '…'])));
    throw new AkiraError('bad_request', mcpErrors.templateMissingVars(server, info.uriTemplate, missing.join(', '), usage));
  }
  return new UriTemplate(info.uriTemplate).expand(Object.fromEntries(info.variables.map((v) => [v, args[v]])));
}
