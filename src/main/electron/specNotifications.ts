import type { AgentEvent } from '../../shared/contract';
import { desktopStrings, type DesktopWords } from './desktopStrings';

/**
 * The desktop app's system notifications for spec sessions (issue 9): a spec session completed, failed or
 * paused. The main process follows the core's `agent.onEvent` itself, so nothing passes through the
 * renderer (the preload exposes only invoke/subscribe); the browser face shows toasts instead
 * (renderer features/specs/SpecNotices.tsx). No electron import here: main.ts passes `notify`.
 *
 *   const stop = watchSpecSessions({subscribe: (l) => core.bus.on('agent.onEvent', l), specOf, notify});
 */

export interface SpecNotification {
  sessionId: string;
  kind: 'completed' | 'failed' | 'paused';
  title: string;
  body: string;
}

export interface WatchSpecSessionsOptions {
  subscribe(listener: (event: AgentEvent) => void): () => void;
  /** The tasks.md a session runs (agent.get's `spec`), null for a typed task or an unknown session. */
  specOf(sessionId: string): Promise<string | null>;
  notify(notification: SpecNotification): void;
  /** The words in the UI's language at the time of the notification (English when absent). */
  words?: () => DesktopWords;
}

/** `.akira/specs/auth/tasks.md` and `openspec/changes/auth/tasks.md` → `auth`; any other tasks.md → its path. */
export function specLabel(tasksPath: string): string {
  const path = tasksPath.replace(/\\/g, '/');
  const m = /(?:^|\/)(?:\.(?:akira|kiro)\/specs|openspec\/changes)\/([^/]+)\/tasks\.md$/.exec(path);
  return m ? m[1] : path;
}

const oneLine = (s: string, max = 180) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

/** The notification an event of a spec session calls for (a stop is the person's own doing: none). */
export function specNotificationOf(event: AgentEvent, tasksPath: string, t: DesktopWords = desktopStrings.en): SpecNotification | null {
  const name = specLabel(tasksPath);
  const { sessionId } = event;
  switch (event.type) {
    case 'session_completed':
      return { sessionId, kind: 'completed', title: t.specCompleted(name), body: oneLine(event.summary) || tasksPath };
    case 'session_failed':
      return { sessionId, kind: 'failed', title: t.specFailed(name), body: oneLine(event.reason) };
    case 'status_changed':
      return event.status === 'paused' ? { sessionId, kind: 'paused', title: t.specPaused(name), body: oneLine(event.reason ?? '') || t.resumeInAkira } : null;
    default:
      return null;
  }
}

const interesting = (e: AgentEvent) => e.type === 'session_completed' || e.type === 'session_failed' || (e.type === 'status_changed' && e.status === 'paused');

export function watchSpecSessions(options: WatchSpecSessionsOptions): () => void {
  // A session's spec does not change: asked once per session (the answer may still be on its way).
  const specs = new Map<string, Promise<string | null>>();
  let stopped = false;
  const off = options.subscribe((event) => {
    if (!interesting(event)) return;
    let spec = specs.get(event.sessionId);
    if (!spec) {
      spec = options.specOf(event.sessionId).catch(() => null);
      specs.set(event.sessionId, spec);
      if (specs.size > 200) specs.delete(specs.keys().next().value!);
    }
    void spec.then((tasksPath) => {
      const notification = tasksPath && !stopped ? specNotificationOf(event, tasksPath, options.words?.()) : null;
      if (notification) options.notify(notification);
    });
  });
  return () => {
    stopped = true;
    off();
  };
}
