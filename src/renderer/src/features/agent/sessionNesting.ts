import type { AgentSessionSummary } from '../../../../shared/contract';

/**
 * The session list's order with sub-tasks (issue 25, new_task): each session a person started where agent.list puts
 * it (newest first), its sub-tasks right under it in the order they started, theirs under them, one level deeper each.
 * A sub-task whose parent is not listed stands on its own, at the top level.
 *
 *   nestSessions(sessions) → [{session, depth}]   depth 0 for a top-level row
 */

export interface NestedSession {
  session: AgentSessionSummary;
  depth: number;
}

export function nestSessions(sessions: readonly AgentSessionSummary[]): NestedSession[] {
  const ids = new Set(sessions.map((s) => s.sessionId));
  const children = new Map<string, AgentSessionSummary[]>();
  const top: AgentSessionSummary[] = [];
  for (const s of sessions) {
    const parent = s.parentId && s.parentId !== s.sessionId && ids.has(s.parentId) ? s.parentId : null;
    if (!parent) top.push(s);
    else children.set(parent, [...(children.get(parent) ?? []), s]);
  }
  const out: NestedSession[] = [];
  const seen = new Set<string>();
  const visit = (s: AgentSessionSummary, depth: number) => {
    if (seen.has(s.sessionId)) return;
    seen.add(s.sessionId);
    out.push({ session: s, depth });
    const kids = [...(children.get(s.sessionId) ?? [])].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    for (const k of kids) visit(k, depth + 1);
  };
  for (const s of top) visit(s, 0);
  // A loop of parents (a damaged log) is still shown, flat.
  for (const s of sessions) visit(s, 0);
  return out;
}
