import type { AgentEvent } from '../../../../shared/contract';
import type { SidebarView } from '../../appState/uiStore';

/**
 * Whether a session's end calls for a notice (issue 27, "End of a session"): it completed or failed while the person
 * looked elsewhere: another view, another session, or the page hidden. Not while they look at that very session; not
 * for a spec session (features/specs/SpecNotices.tsx tells those) nor a sub-task (its parent goes on); a stop is their
 * own doing. The desktop app's system notification is decided in the main process (electron/sessionNotifications.ts).
 */

export interface Attention {
  view: SidebarView;
  currentSessionId: string | null;
  /** The settings page covers the views. */
  settingsOpen: boolean;
  /** document.visibilityState is 'visible'. */
  pageVisible: boolean;
}

/** What the sessions list knows of the session (null: not listed yet). */
export interface EndedSession {
  task: string;
  spec?: string | null;
  parentId?: string | null;
}

export interface SessionEnd {
  sessionId: string;
  kind: 'completed' | 'failed';
  /** The task, on one line (the failure's reason after it). */
  detail: string;
}

const oneLine = (s: string, max = 160) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

export const isLookingAt = (a: Attention, sessionId: string): boolean => a.pageVisible && !a.settingsOpen && a.view === 'agent' && a.currentSessionId === sessionId;

export function sessionEndNotice(event: AgentEvent, attention: Attention, session: EndedSession | null, reasonText: (event: AgentEvent) => string = () => ''): SessionEnd | null {
  if (event.type !== 'session_completed' && event.type !== 'session_failed') return null;
  if (isLookingAt(attention, event.sessionId)) return null;
  if (session?.spec || session?.parentId) return null;
  const task = oneLine(session?.task ?? '');
  if (event.type === 'session_completed') return { sessionId: event.sessionId, kind: 'completed', detail: task };
  const reason = oneLine(reasonText(event));
  return { sessionId: event.sessionId, kind: 'failed', detail: [task, reason].filter(Boolean).join(' — ') };
}
