import type { AgentEvent } from '../../shared/contract';
import { reasonIn } from '../../shared/errors';
import type { Language } from '../../shared/i18n';
import { desktopStrings, type DesktopWords } from './desktopStrings';

/**
 * The desktop app's system notification at the end of a typed task (issue 27, "End of a session"): a session that
 * completed or failed while the window was not in front (not focused, minimized or hidden). In front, the page's own
 * toast tells a person who looks elsewhere (renderer features/agent/SessionEndNotices.tsx), and nothing tells one who
 * looks at the session. Spec sessions have their own notifications (specNotifications.ts); a sub-task's parent goes
 * on. No electron import here: main.ts passes `windowInFront` and `notify`.
 */

export interface SessionNotification {
  sessionId: string;
  kind: 'completed' | 'failed';
  title: string;
  body: string;
}

/** What agent.get says of the session (null: unknown). */
export interface NotifiedSession {
  task: string;
  spec?: string | null;
  parentId?: string | null;
}

const oneLine = (s: string, max = 180) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

/** The notification an event calls for, given whether the window is in front. */
export function sessionNotificationOf(
  event: AgentEvent,
  windowInFront: boolean,
  session: NotifiedSession | null,
  t: DesktopWords = desktopStrings.en,
  language: Language = 'en',
): SessionNotification | null {
  if (event.type !== 'session_completed' && event.type !== 'session_failed') return null;
  if (windowInFront || !session || session.spec || session.parentId) return null;
  const task = oneLine(session.task);
  if (event.type === 'session_completed') return { sessionId: event.sessionId, kind: 'completed', title: t.taskCompleted, body: task };
  const reason = oneLine(reasonIn(event.reason, event.reasonWords, language));
  return { sessionId: event.sessionId, kind: 'failed', title: t.taskFailed, body: [task, reason].filter(Boolean).join(' — ') };
}

export interface WatchSessionEndsOptions {
  subscribe(listener: (event: AgentEvent) => void): () => void;
  sessionOf(sessionId: string): Promise<NotifiedSession | null>;
  /** The window is focused and shown (read when the session ends). */
  windowInFront(): boolean;
  notify(notification: SessionNotification): void;
  words?: () => DesktopWords;
  language?: () => Language;
}

export function watchSessionEnds(options: WatchSessionEndsOptions): () => void {
  let stopped = false;
  const off = options.subscribe((event) => {
    if (event.type !== 'session_completed' && event.type !== 'session_failed') return;
    const inFront = options.windowInFront();
    if (inFront) return;
    void options
      .sessionOf(event.sessionId)
      .catch(() => null)
      .then((session) => {
        const n = stopped ? null : sessionNotificationOf(event, inFront, session, options.words?.(), options.language?.());
        if (n) options.notify(n);
      });
  });
  return () => {
    stopped = true;
    off();
  };
}
