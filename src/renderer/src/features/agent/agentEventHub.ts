import type { AgentEvent, TerminalInfo } from '../../../../shared/contract';
import type { AkiraClient } from '../../client/client';

/**
 * The one `agent.onEvent` subscription of the window, shared by the sessions list, the board and the
 * activity. It also keeps the recent events of every session seen since the window loaded, so a view
 * opened late (right after `agent.start` answered, or a session reopened) starts with what already
 * happened instead of an empty stream. Command terminals (`terminal.onCreated` kind `command`) are kept in
 * the same order, so the activity can link a run_command card to its Terminal tab.
 *
 *   const hub = agentEventHub(client);
 *   const off = hub.listen((entry) => …);       // every new entry, in arrival order
 *   hub.history(sessionId)                      // that session's kept entries (+ the command terminals), in order
 */

export type HubEntry = { n: number; kind: 'agent'; event: AgentEvent } | { n: number; kind: 'terminal'; terminal: TerminalInfo };

export interface AgentEventHub {
  listen(listener: (entry: HubEntry) => void): () => void;
  history(sessionId: string): HubEntry[];
  /** Feeds an entry as if it had arrived (tests, and the hub's own subscriptions). */
  push(entry: { kind: 'agent'; event: AgentEvent } | { kind: 'terminal'; terminal: TerminalInfo }): void;
  dispose(): void;
}

export interface HubLimits {
  /** Events kept per session (the oldest go first). */
  perSession: number;
  /** Sessions kept (the least recently active go first). */
  sessions: number;
  /** Command terminals kept. */
  terminals: number;
}

const DEFAULT_LIMITS: HubLimits = { perSession: 4000, sessions: 8, terminals: 200 };

export function createAgentEventHub(client: AkiraClient | null, limits: HubLimits = DEFAULT_LIMITS): AgentEventHub {
  const listeners = new Set<(entry: HubEntry) => void>();
  const bySession = new Map<string, HubEntry[]>();
  const terminals: HubEntry[] = [];
  let n = 0;

  function push(input: { kind: 'agent'; event: AgentEvent } | { kind: 'terminal'; terminal: TerminalInfo }): void {
    const entry = { ...input, n: ++n } as HubEntry;
    if (entry.kind === 'agent') {
      const id = entry.event.sessionId;
      const list = bySession.get(id) ?? [];
      bySession.delete(id); // re-inserted last: the Map's order is recency
      list.push(entry);
      if (list.length > limits.perSession) list.splice(0, list.length - limits.perSession);
      bySession.set(id, list);
      while (bySession.size > limits.sessions) bySession.delete(bySession.keys().next().value!);
    } else {
      terminals.push(entry);
      if (terminals.length > limits.terminals) terminals.splice(0, terminals.length - limits.terminals);
    }
    for (const l of listeners) l(entry);
  }

  const offs = client
    ? [
        client.subscribe('agent.onEvent', (event) => push({ kind: 'agent', event })),
        client.subscribe('terminal.onCreated', (terminal) => {
          if (terminal.kind === 'command') push({ kind: 'terminal', terminal });
        }),
      ]
    : [];

  return {
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    history(sessionId) {
      const events = bySession.get(sessionId) ?? [];
      if (!events.length) return [];
      const from = events[0].n;
      return [...events, ...terminals.filter((t) => t.n > from)].sort((a, b) => a.n - b.n);
    },
    push,
    dispose() {
      for (const off of offs) off();
      listeners.clear();
    },
  };
}

const hubs = new WeakMap<AkiraClient, AgentEventHub>();

/** The window's hub for this client (created on first use). */
export function agentEventHub(client: AkiraClient): AgentEventHub {
  let hub = hubs.get(client);
  if (!hub) hubs.set(client, (hub = createAgentEventHub(client)));
  return hub;
}
