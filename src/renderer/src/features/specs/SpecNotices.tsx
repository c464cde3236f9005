import { useEffect } from 'react';
import { useUiStore } from '../../appState/uiStore';
import { useAppInfo } from '../../appState/useWorkspace';
import { useClient } from '../../client/ClientContext';
import { pushToast, useToasts, type ToastTone } from '../../ui/toastStore';
import { agentEventHub } from '../agent/agentEventHub';
import { useSessionStore } from '../agent/sessionStore';
import { specNoticeOf, type SpecNotice } from './specRunState';
import { specsStrings } from './specsStrings';
import { textOf } from '../../i18n';

const tone: Record<SpecNotice['kind'], ToastTone> = { completed: 'ok', failed: 'bad', paused: 'wait' };

/**
 * Toasts when a spec session completes, fails or pauses (renders nothing; mounted once with the workspace).
 * Browser face only: the desktop app's main process shows a system notification for the same events
 * (src/main/electron/specNotifications.ts).
 */
export function SpecNotices() {
  const client = useClient();
  const face = useAppInfo().data?.face;
  useEffect(() => {
    if (!face || face === 'desktop') return;
    const specs = new Map<string, Promise<string | null>>();
    const specOf = (sessionId: string): Promise<string | null> => {
      const listed = useSessionStore.getState().sessions.find((s) => s.sessionId === sessionId);
      if (listed) return Promise.resolve(listed.spec ?? null);
      let known = specs.get(sessionId);
      if (!known) {
        known = client.invoke('agent.get', { sessionId }).then(
          (d) => d.spec ?? null,
          () => null,
        );
        specs.set(sessionId, known);
      }
      return known;
    };
    let disposed = false;
    const off = agentEventHub(client).listen((entry) => {
      if (entry.kind !== 'agent') return;
      const event = entry.event;
      const key = `spec-session:${event.sessionId}`;
      // Going again: its "paused" toast is no longer true.
      if (event.type === 'status_changed' && event.status !== 'paused') useToasts.getState().dismissKey(key);
      if (event.type !== 'session_completed' && event.type !== 'session_failed' && !(event.type === 'status_changed' && event.status === 'paused')) return;
      void specOf(event.sessionId).then((spec) => {
        const notice = spec && !disposed ? specNoticeOf(event, spec) : null;
        if (!notice) return;
        pushToast({
          tone: tone[notice.kind],
          title: notice.title,
          detail: notice.detail,
          testId: 'spec-toast',
          key,
          action: {
            label: textOf(specsStrings).view,
            run: () => {
              useSessionStore.getState().open(event.sessionId);
              useUiStore.getState().setSidebar('agent');
            },
          },
        });
      });
    });
    return () => {
      disposed = true;
      off();
    };
  }, [client, face]);
  return null;
}
