import { useEffect } from 'react';
import { useUiStore } from '../../appState/uiStore';
import { useClient } from '../../client/ClientContext';
import { pushToast, useToasts } from '../../ui/toastStore';
import { reasonTextOf, textOf } from '../../i18n';
import { useSettingsStore } from '../settings/settingsStore';
import { agentEventHub } from './agentEventHub';
import { sessionEndNotice, type Attention } from './sessionEndNotice';
import { sessionEndStrings } from './sessionEndStrings';
import { useSessionStore } from './sessionStore';

function attentionNow(): Attention {
  return {
    view: useUiStore.getState().sidebar,
    settingsOpen: useSettingsStore.getState().open,
    currentSessionId: useSessionStore.getState().currentSessionId,
    pageVisible: document.visibilityState === 'visible',
  };
}

/**
 * A toast when a session completes or fails while the person looks elsewhere (sessionEndNotice.ts decides), with
 * "Show" to open it. Renders nothing; mounted once with the workspace. A toast shown to a hidden page stays until
 * dismissed, so it is still there when the person comes back.
 */
export function SessionEndNotices() {
  const client = useClient();
  useEffect(() => {
    return agentEventHub(client).listen((entry) => {
      if (entry.kind !== 'agent') return;
      const event = entry.event;
      const key = `session-end:${event.sessionId}`;
      // Running again (a follow-up): what the toast said is over.
      if (event.type === 'status_changed' && event.status === 'running') useToasts.getState().dismissKey(key);
      const attention = attentionNow();
      const listed = useSessionStore.getState().sessions.find((s) => s.sessionId === event.sessionId) ?? null;
      const notice = sessionEndNotice(event, attention, listed, (e) => (e.type === 'session_failed' ? String(reasonTextOf(e.reason, e.reasonWords)) : ''));
      if (!notice) return;
      const t = textOf(sessionEndStrings);
      pushToast(
        {
          tone: notice.kind === 'completed' ? 'ok' : 'bad',
          title: notice.kind === 'completed' ? t.completed : t.failed,
          detail: notice.detail || undefined,
          testId: 'session-end-toast',
          key,
          action: {
            label: t.show,
            run: () => {
              useSettingsStore.getState().closeSettings();
              useSessionStore.getState().open(notice.sessionId);
              useUiStore.getState().setSidebar('agent');
            },
          },
        },
        attention.pageVisible ? undefined : 0,
      );
    });
  }, [client]);
  return null;
}
