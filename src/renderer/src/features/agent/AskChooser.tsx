import { useEffect, useRef } from 'react';
import { useAskStore } from '../context/askStore';
import { askChooserStrings } from './askChooserStrings';
import { isLive } from './askRoute';
import { useSessionStore } from './sessionStore';
import { useAskTarget } from './useAskInsert';
import { useText } from '../../i18n';

/**
 * "Ask the agent about this" while the session on screen is paused or has ended and another one runs (askRoute.ts):
 * the person says where the mention goes, a new task or a live session (which is then shown).
 */
export function AskChooser() {
  const t = useText(askChooserStrings);
  const request = useAskStore((s) => s.request);
  const route = useAskTarget();
  const sessions = useSessionStore((s) => s.sessions);
  const live = sessions.filter((x) => isLive(x.status));
  const first = useRef<HTMLButtonElement>(null);
  const open = !!request && !request.to && route === 'choose';
  useEffect(() => {
    if (open) first.current?.focus();
  }, [open]);
  if (!open || !request) return null;
  const { route: send, take } = useAskStore.getState();
  return (
    <div className="ask-chooser" role="dialog" aria-modal="false" aria-labelledby="ask-chooser-title" data-testid="ask-chooser" onKeyDown={(e) => e.key === 'Escape' && take(request.id)}>
      <div id="ask-chooser-title" className="ask-chooser-title">
        {t.title}
      </div>
      <div className="ask-chooser-body">{t.body(request.text.trim())}</div>
      <button ref={first} type="button" className="ask-chooser-choice" data-testid="ask-choose-task" onClick={() => send(request.id, 'task')}>
        {t.newTask}
      </button>
      {live.map((s) => (
        <button
          key={s.sessionId}
          type="button"
          className="ask-chooser-choice"
          data-testid="ask-choose-session"
          data-session-id={s.sessionId}
          onClick={() => {
            useSessionStore.getState().open(s.sessionId);
            send(request.id, 'message');
          }}
        >
          {t.liveSession(s.task)}
        </button>
      ))}
      <button type="button" className="ask-chooser-cancel" onClick={() => take(request.id)}>
        {t.cancel}
      </button>
    </div>
  );
}
