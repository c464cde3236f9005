import type { McpServerInfo } from '../../../../shared/contract';
import { reasonTextOf, textOf } from '../../i18n';
import { mcpStrings } from './mcpStrings';

/**
 * MCP servers in the settings page (issue 12), pure: a server's state as a badge in words, where it comes from, its
 * message (a failure, the reason it is restarting, or why it waits), what its buttons may do, and its tools'
 * descriptions without the hub's "(MCP server x)" suffix, in the UI's language (mcpStrings.ts). McpServerItem.tsx
 * renders these.
 */

const words = () => textOf(mcpStrings);

export type BadgeTone = 'ok' | 'warn' | 'danger' | 'dim' | 'accent';

export interface McpBadge {
  /** "ready with 6 tools", "restarting (attempt 2)", "waits for your approval" … */
  text: string;
  tone: BadgeTone;
  /** The hover: what the state means. */
  title: string;
}

/** "no tools", "1 tool", "6 tools". */
export function countOf(n: number, word: 'tool' | 'resource' | 'prompt'): string {
  return words()[`${word}s`](n);
}

export const MCP_FILE = '.akira/mcp.json';
/** Keys of the configuration, the same in every language. */
export const MCP_SERVERS_KEY = 'mcpServers';
export const ALWAYS_ALLOW_KEY = 'alwaysAllow';

export function stateBadge(s: Pick<McpServerInfo, 'state' | 'tools' | 'restarts' | 'source'>): McpBadge {
  const t = words();
  switch (s.state) {
    case 'starting':
      return { text: t.starting, tone: 'warn', title: t.startingTitle };
    case 'ready':
      return { text: t.ready(s.tools.length), tone: 'ok', title: t.readyTitle };
    case 'restarting':
      return { text: t.restarting(Math.max(1, s.restarts)), tone: 'warn', title: t.restartingTitle };
    case 'failed':
      return { text: t.failed, tone: 'danger', title: t.failedTitle };
    case 'disabled':
      return { text: t.disabled, tone: 'dim', title: s.source === 'global' ? t.disabledGlobalTitle : t.disabledProjectTitle(MCP_FILE) };
    case 'awaiting_approval':
      return { text: t.awaiting, tone: 'accent', title: t.awaitingTitle(MCP_FILE) };
  }
}

export const sourceLabel = (source: McpServerInfo['source']): string => (source === 'global' ? words().sourceGlobal : words().sourceWorkspace);

export const sourceTitle = (source: McpServerInfo['source']): string =>
  source === 'global' ? words().sourceGlobalTitle : words().sourceWorkspaceTitle(MCP_FILE);

/** The label before the target: what an approval approves. */
export const targetLabel = (transport: McpServerInfo['transport']): string => (transport === 'stdio' ? 'stdio' : 'HTTP');

export interface ServerMessage {
  text: string;
  /** note: information (why it waits); warn: it is being retried; error: it failed. */
  kind: 'note' | 'warn' | 'error';
}

/** The server's error in context: why it waits, why it is restarting, why it failed (null when none). */
export function serverMessage(s: Pick<McpServerInfo, 'state' | 'error' | 'errorWords'>): ServerMessage | null {
  if (!s.error) return null;
  // The core's words in the UI's language (issue 14); its English when it sent none.
  const text = reasonTextOf(s.error, s.errorWords);
  if (s.state === 'awaiting_approval' || s.state === 'disabled') return { text, kind: 'note' };
  if (s.state === 'failed') return { text, kind: 'error' };
  return { text, kind: 'warn' };
}

/** The stderr tail is worth showing for a stdio server that fails or restarts (and has said something). */
export function showsStderr(s: Pick<McpServerInfo, 'transport' | 'state' | 'stderrTail'>): boolean {
  return s.transport === 'stdio' && (s.state === 'failed' || s.state === 'restarting') && s.stderrTail.trim() !== '';
}

/** What a ready server offers besides its tools, e.g. "1 resource, 1 prompt" (empty when nothing). */
export function extrasOf(s: Pick<McpServerInfo, 'resources' | 'prompts'>): string {
  return [s.resources ? countOf(s.resources, 'resource') : '', s.prompts ? countOf(s.prompts, 'prompt') : ''].filter(Boolean).join(words().listJoin);
}

/** A tool's description as the server wrote it (the hub appends "(MCP server <name>)" for the model). */
export function toolDescription(description: string, serverName: string): string {
  const suffix = ` (MCP server ${serverName})`;
  return description.endsWith(suffix) ? description.slice(0, -suffix.length) : description;
}

export interface ServerActions {
  restart: { enabled: boolean; title: string };
  /** The Enabled switch: a global server's `disabled`, a workspace server's approval. */
  toggle: { checked: boolean; enabled: boolean; title: string };
  /** Switching on means approving (through the confirmation) rather than mcp.setEnabled. */
  switchOnApproves: boolean;
  /** "Approve and start" is offered. */
  approve: boolean;
}

export function serverActions(s: Pick<McpServerInfo, 'state' | 'source'>): ServerActions {
  const t = words();
  const restart =
    s.state === 'disabled'
      ? { enabled: false, title: s.source === 'global' ? t.enableFirst : t.projectSwitchedOff(MCP_FILE) }
      : s.state === 'awaiting_approval'
        ? { enabled: false, title: t.approveFirst }
        : { enabled: true, title: t.restartTitle };
  if (s.source === 'global') {
    const on = s.state !== 'disabled';
    return {
      restart,
      toggle: { checked: on, enabled: true, title: on ? t.switchOffGlobal : t.switchOnGlobal },
      switchOnApproves: false,
      approve: false,
    };
  }
  if (s.state === 'disabled') {
    return { restart, toggle: { checked: false, enabled: false, title: t.projectSwitchedOff(MCP_FILE) }, switchOnApproves: false, approve: false };
  }
  const waiting = s.state === 'awaiting_approval';
  return {
    restart,
    toggle: {
      checked: !waiting,
      enabled: true,
      title: waiting ? t.switchOnApprove : t.switchOffWithdraw,
    },
    switchOnApproves: waiting,
    approve: waiting,
  };
}
