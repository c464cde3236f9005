import type { AttachmentKind } from '../../../../shared/context/contextShapes';
import { mcpMentionFor, mentionFor } from '../../../../shared/context/mentions';
import type { FoundFile } from '../../../../shared/contract';
import { KEYWORDS } from './contextWords';

/**
 * The `@` completion's pure side: which items a typed `@query` offers (the keywords it starts, the checkpoints
 * after `checkpoint:`, the MCP resources and prompts after `mcp:`, the files and folders context.findFiles found) and what a pick does to the text; the label's highlighting is
 * ui/highlightRuns.ts.
 */

export interface CompletionItem {
  /** Unique in one list (the option's DOM id is made from it). */
  id: string;
  kind: 'keyword' | 'checkpoint' | 'mcp' | 'file' | 'folder';
  /** What the mention attaches (its icon). */
  attaches: AttachmentKind;
  /** What the popup shows: `diff`, `checkpoint:`, `checkpoint:ab12cd34`, `src/util.ts`, `src/util/`. */
  label: string;
  /** Indexes into `label` of the characters the query matched. */
  positions: readonly number[];
  detail: string | null;
  /** What replaces the typed `@query` (with its `@`; a trailing space ends the mention). */
  insert: string;
  /** The popup stays open after this pick (`checkpoint:` goes on with the checkpoints). */
  continues: boolean;
  /** An MCP prompt's arguments or a resource template's variables: the pick asks for them first (mcpArgsInsert). */
  fields?: readonly McpField[];
  /** An MCP item's server and target (the prompt's name, the template's URI). */
  mcp?: { server: string; target: string };
}

/** An argument an MCP prompt takes, or a variable of a resource template (always required). */
export interface McpField {
  name: string;
  description: string | null;
  required: boolean;
}

export interface CheckpointChoice {
  checkpointId: string;
  label: string;
}

/** An MCP server's resource (its URI), resource template (its URI template) or prompt (its name), as `@mcp:<server>:<target>`. */
export interface McpChoice {
  server: string;
  target: string;
  detail: string | null;
  /** A prompt's arguments or a template's variables (none: the mention is complete as it is). */
  fields?: readonly McpField[];
}

const CHECKPOINT = 'checkpoint:';
const MCP = 'mcp:';
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** The text to search files for: the query without an opening quote (`@"my no` searches `my no`). */
export const fileSearchText = (query: string): string => query.replace(/^"/, '');

/** Whether the query asks for checkpoints (`@checkpoint:…`): no file search then. */
export const wantsCheckpoints = (query: string): boolean => query.toLowerCase().startsWith(CHECKPOINT);
/** Whether the query asks for MCP resources and prompts (`@mcp:…`): no file search then. */
export const wantsMcp = (query: string): boolean => query.toLowerCase().startsWith(MCP);

function mcpItems(query: string, choices: readonly McpChoice[]): CompletionItem[] {
  const rest = query.toLowerCase().slice(MCP.length);
  return choices
    .map((c) => ({ c, label: `${MCP}${c.server}:${c.target}` }))
    .filter(({ label }) => !rest || label.toLowerCase().includes(rest))
    .map(({ c, label }) => {
      const at = rest ? label.toLowerCase().indexOf(rest, MCP.length) : -1;
      const positions = [...range(MCP.length), ...(at < 0 ? [] : range(rest.length).map((i) => at + i))];
      const fields = c.fields?.length ? { fields: c.fields } : {};
      return { id: label, kind: 'mcp', attaches: 'mcp', label, positions, detail: c.detail, insert: `${mcpMentionFor(c.server, c.target)} `, continues: false, mcp: { server: c.server, target: c.target }, ...fields };
    });
}

/** The fields still to fill before an MCP item can be attached (the required ones left empty). */
export const missingFields = (fields: readonly McpField[], values: Readonly<Record<string, string>>): string[] =>
  fields.filter((f) => f.required && !(values[f.name] ?? '').trim()).map((f) => f.name);

/** What an MCP item with fields inserts once they are given: `@"mcp:<server>:<target> key=value …"` (empty ones left out). */
export function mcpArgsInsert(item: CompletionItem, values: Readonly<Record<string, string>>): string {
  if (!item.mcp) return item.insert;
  const given = Object.fromEntries((item.fields ?? []).map((f) => [f.name, (values[f.name] ?? '').trim()]).filter(([, v]) => v));
  return `${mcpMentionFor(item.mcp.server, item.mcp.target, given)} `;
}

export function completionItems(query: string, files: readonly FoundFile[], checkpoints: readonly CheckpointChoice[], mcp: readonly McpChoice[] = []): CompletionItem[] {
  const q = query.toLowerCase();
  if (wantsMcp(query)) return mcpItems(query, mcp);
  if (wantsCheckpoints(query)) {
    const rest = q.slice(CHECKPOINT.length);
    return checkpoints
      .filter((c) => !rest || c.checkpointId.toLowerCase().includes(rest) || c.label.toLowerCase().includes(rest))
      .map((c) => {
        const at = rest ? c.checkpointId.toLowerCase().indexOf(rest) : -1;
        const positions = [...range(CHECKPOINT.length), ...(at < 0 ? [] : range(rest.length).map((i) => CHECKPOINT.length + at + i))];
        return { id: `checkpoint:${c.checkpointId}`, kind: 'checkpoint', attaches: 'checkpoint', label: `${CHECKPOINT}${c.checkpointId}`, positions, detail: c.label || null, insert: `@${CHECKPOINT}${c.checkpointId} `, continues: false };
      });
  }
  const keywords: CompletionItem[] = q.startsWith('"')
    ? []
    : KEYWORDS.filter((k) => k.name.startsWith(q)).map((k) => ({
        id: `keyword:${k.name}`,
        kind: 'keyword',
        attaches: k.kind,
        label: k.name,
        positions: range(Math.min(q.length, k.name.length)),
        detail: k.detail,
        insert: k.name.endsWith(':') ? `@${k.name}` : `@${k.name} `,
        continues: k.name.endsWith(':'),
      }));
  const found: CompletionItem[] = files.map((f) => ({
    id: `${f.kind}:${f.path}`,
    kind: f.kind,
    attaches: f.kind,
    label: f.kind === 'folder' ? `${f.path}/` : f.path,
    positions: f.positions,
    detail: null,
    insert: `${mentionFor(f.path, f.kind)} `,
    continues: false,
  }));
  return [...keywords, ...found];
}

/**
 * The text after a pick: `insert` replaces the mention from its `@` (`start`) to the end of the word the caret is
 * in; when a space follows already, the insert's own trailing space is not doubled. The caret lands after it.
 */
export function applyCompletion(text: string, start: number, caret: number, insert: string): { text: string; caret: number } {
  let end = Math.max(caret, start);
  while (end < text.length && !/\s/.test(text[end])) end++;
  const rest = text.slice(end);
  if (insert.endsWith(' ') && /^\s/.test(rest)) {
    return { text: text.slice(0, start) + insert.slice(0, -1) + rest, caret: start + insert.length };
  }
  return { text: text.slice(0, start) + insert + rest, caret: start + insert.length };
}

/**
 * The active item after ArrowDown (+1) / ArrowUp (-1), wrapping. Kept by id so that a list that changes under it
 * keeps it; an id not in the list (none yet, or gone) counts as the first item, which is active by default.
 */
export function moveActive(items: readonly CompletionItem[], activeId: string | null, step: 1 | -1): string | null {
  if (!items.length) return null;
  const i = Math.max(0, items.findIndex((x) => x.id === activeId));
  return items[(i + step + items.length) % items.length].id;
}

/** The item Enter picks: the active one, else the first. */
export const activeItem = (items: readonly CompletionItem[], activeId: string | null): CompletionItem | null =>
  items.find((x) => x.id === activeId) ?? items[0] ?? null;
