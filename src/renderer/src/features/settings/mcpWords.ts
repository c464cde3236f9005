import type { McpServerInfo } from '../../../../shared/contract';

/**
 * MCP servers in the settings page (issue 12), pure: a server's state as a badge in words, where it comes from, its
 * message (a failure, the reason it is restarting, or why it waits), what its buttons may do, and its tools'
 * descriptions without the hub's "(MCP server x)" suffix. McpServerItem.tsx renders these.
 */

export type BadgeTone = 'ok' | 'warn' | 'danger' | 'dim' | 'accent';

export interface McpBadge {
  /** "ready with 6 tools", "restarting (attempt 2)", "waits for your approval" … */
  text: string;
  tone: BadgeTone;
  /** The hover: what the state means. */
  title: string;
}

/** "no tools", "1 tool", "6 tools". */
export function countOf(n: number, word: string): string {
  return n === 0 ? `no ${word}s` : `${n} ${word}${n === 1 ? '' : 's'}`;
}

export const MCP_FILE = '.akira/mcp.json';

export function stateBadge(s: Pick<McpServerInfo, 'state' | 'tools' | 'restarts' | 'source'>): McpBadge {
  switch (s.state) {
    case 'starting':
      return { text: 'starting…', tone: 'warn', title: 'Starting the server and asking for its tools.' };
    case 'ready':
      return { text: `ready with ${countOf(s.tools.length, 'tool')}`, tone: 'ok', title: 'Running: its tools are offered to the agent.' };
    case 'restarting':
      return {
        text: `restarting (attempt ${Math.max(1, s.restarts)})`,
        tone: 'warn',
        title: 'It stopped or could not start: Akira tries again after 1 s, 2 s, 4 s … up to 30 s, and gives up after 6 attempts in a row.',
      };
    case 'failed':
      return { text: 'failed', tone: 'danger', title: 'Akira gave up restarting it: fix the cause, then Restart.' };
    case 'disabled':
      return {
        text: 'disabled',
        tone: 'dim',
        title: s.source === 'global' ? 'Switched off ("disabled": true in the global settings).' : `Switched off by the project ("disabled": true in ${MCP_FILE}).`,
      };
    case 'awaiting_approval':
      return { text: 'waits for your approval', tone: 'accent', title: `Proposed by this project in ${MCP_FILE}: it starts only once you approve it.` };
  }
}

export const sourceLabel = (source: McpServerInfo['source']): string => (source === 'global' ? 'Global' : 'This workspace');

export const sourceTitle = (source: McpServerInfo['source']): string =>
  source === 'global' ? 'Configured in the global settings (mcpServers)' : `Proposed by this workspace in ${MCP_FILE}`;

/** The label before the target: what an approval approves. */
export const targetLabel = (transport: McpServerInfo['transport']): string => (transport === 'stdio' ? 'stdio' : 'HTTP');

export interface ServerMessage {
  text: string;
  /** note: information (why it waits); warn: it is being retried; error: it failed. */
  kind: 'note' | 'warn' | 'error';
}

/** The server's error in context: why it waits, why it is restarting, why it failed (null when none). */
export function serverMessage(s: Pick<McpServerInfo, 'state' | 'error'>): ServerMessage | null {
  if (!s.error) return null;
  if (s.state === 'awaiting_approval' || s.state === 'disabled') return { text: s.error, kind: 'note' };
  if (s.state === 'failed') return { text: s.error, kind: 'error' };
  return { text: s.error, kind: 'warn' };
}

/** The stderr tail is worth showing for a stdio server that fails or restarts (and has said something). */
export function showsStderr(s: Pick<McpServerInfo, 'transport' | 'state' | 'stderrTail'>): boolean {
  return s.transport === 'stdio' && (s.state === 'failed' || s.state === 'restarting') && s.stderrTail.trim() !== '';
}

/** What a ready server offers besides its tools, e.g. "1 resource, 1 prompt" (empty when nothing). */
export function extrasOf(s: Pick<McpServerInfo, 'resources' | 'prompts'>): string {
  return [s.resources ? countOf(s.resources, 'resource') : '', s.prompts ? countOf(s.prompts, 'prompt') : ''].filter(Boolean).join(', ');
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
  const restart =
    s.state === 'disabled'
      ? { enabled: false, title: s.source === 'global' ? 'Enable it first.' : `The project switched it off in ${MCP_FILE}.` }
      : s.state === 'awaiting_approval'
        ? { enabled: false, title: 'Approve it first.' }
        : { enabled: true, title: 'Stop it and start it again (also after it failed).' };
  if (s.source === 'global') {
    const on = s.state !== 'disabled';
    return {
      restart,
      toggle: { checked: on, enabled: true, title: on ? 'Switch off: saved as "disabled": true in the global settings.' : 'Switch on: "disabled" is removed from the global settings.' },
      switchOnApproves: false,
      approve: false,
    };
  }
  if (s.state === 'disabled') {
    return { restart, toggle: { checked: false, enabled: false, title: `The project switched it off in ${MCP_FILE}.` }, switchOnApproves: false, approve: false };
  }
  const waiting = s.state === 'awaiting_approval';
  return {
    restart,
    toggle: {
      checked: !waiting,
      enabled: true,
      title: waiting ? 'Switch on: approve what it runs and start it.' : 'Switch off: your approval is withdrawn and it stops (it waits for your approval again).',
    },
    switchOnApproves: waiting,
    approve: waiting,
  };
}
