import { ClientError, type AkiraClient } from '../../client/client';
import type { CheckpointChoice, McpChoice } from './mentionCompletion';
import { textOf } from '../../i18n';
import { contextStrings } from './contextStrings';

/**
 * react-query options of the project-context commands: the file search (the completion, quick open) and checkpoints,
 * the chips' previews (context.resolve, keyed by the mentions alone), and the rules files every session gets.
 */

/** An answer of the core (bad request, unknown command) will not change on retry; a dropped connection may. */
const retry = (failures: number, error: Error) => !(error instanceof ClientError) && failures < 1;

/** The file finder: the completion's 30 files and folders by default, quick open's own `limit` and files only. */
export const findFilesQuery = (client: AkiraClient, query: string, { limit = 30, folders = true }: { limit?: number; folders?: boolean } = {}) => ({
  queryKey: ['context.findFiles', query, limit, folders] as const,
  queryFn: () => client.invoke('context.findFiles', { query, limit, folders }),
  staleTime: 5000,
  retry,
});

/** The newest checkpoints, as `@checkpoint:<id>` choices with their labels. */
export const checkpointChoicesQuery = (client: AkiraClient) => ({
  queryKey: ['context.checkpointChoices'] as const,
  queryFn: async (): Promise<CheckpointChoice[]> => {
    const { checkpoints } = await client.invoke('checkpoints.list', { offset: 0, limit: 50 });
    return checkpoints.map((c) => ({ checkpointId: c.checkpointId, label: c.label || `#${c.n}` }));
  },
  staleTime: 5000,
  retry,
});

/**
 * The ready MCP servers' resources, resource templates and prompts, as `@mcp:<server>:<uri or name>` choices; a
 * template's variables and a prompt's arguments are the fields a pick asks for.
 */
export const mcpChoicesQuery = (client: AkiraClient) => ({
  queryKey: ['context.mcpChoices'] as const,
  queryFn: async (): Promise<McpChoice[]> => {
    const { resources, templates, prompts } = await client.invoke('mcp.catalog');
    const t = textOf(contextStrings);
    return [
      ...resources.map((r) => ({ server: r.server, target: r.uri, detail: r.description ?? r.name })),
      ...templates.map((x) => ({
        server: x.server,
        target: x.uriTemplate,
        detail: t.mcpTemplateWith(x.description ?? x.name),
        fields: x.variables.map((name) => ({ name, description: null, required: true })),
      })),
      ...prompts.map((p) => ({ server: p.server, target: p.name, detail: p.description ? t.mcpPromptWith(p.description) : t.mcpPrompt, fields: p.arguments })),
    ];
  },
  staleTime: 5000,
  retry,
});

/** What the mentions would attach; `mentions` is the mentions as written, one space apart (mentionChips.ts). */
export const resolveQuery = (client: AkiraClient, mentions: string) => ({
  queryKey: ['context.resolve', mentions] as const,
  queryFn: () => client.invoke('context.resolve', { text: mentions }),
  staleTime: 2000,
  retry,
});

export const rulesQuery = (client: AkiraClient) => ({
  queryKey: ['context.rules'] as const,
  queryFn: () => client.invoke('context.rules'),
  staleTime: 10_000,
  retry,
});
