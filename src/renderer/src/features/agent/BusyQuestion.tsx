import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useClient } from '../../client/ClientContext';
import { Dialog, DialogActions } from '../../ui/Dialog';
import { isolationQuery } from './agentQueries';
import { isolationBlocked } from './worktreeWords';
import { startStrings } from './startStrings';
import { useText } from '../../i18n';
import { busyParams, busyTitle, sharedTreeBusyOf, taskLine, WORKTREE_CHOICE, type BusyChoice, type BusyParams, type BusySessions } from './busyQuestion';

/**
 * Starting a session while another runs in the workspace's own tree (agent.start / specs.run answer
 * `details.sharedTreeBusy`): asks the person, then sends the command again with the answer.
 *
 *   const busy = useBusyQuestion();
 *   await busy.run((extra) => client.invoke('agent.start', {task, ...extra}), task);   // null: cancelled; render {busy.dialog}
 *
 * Queue it (Enter, the safe default) waits for the other session and starts by itself; Run anyway runs beside
 * it on the same files; Run in a worktree starts it now in its own git worktree (off, with the reason, where
 * agent.isolation says worktrees cannot be used); Cancel (Esc) starts nothing.
 */
export function useBusyQuestion(): { run<T>(send: (extra: BusyParams) => Promise<T>, what?: string): Promise<T | null>; dialog: ReactNode } {
  const [asking, setAsking] = useState<{ sessions: BusySessions; what: string | undefined; answer(choice: BusyChoice): void } | null>(null);

  const run = useCallback(async <T,>(send: (extra: BusyParams) => Promise<T>, what?: string): Promise<T | null> => {
    try {
      return await send({});
    } catch (err) {
      const sessions = sharedTreeBusyOf(err);
      if (!sessions) throw err;
      const choice = await new Promise<BusyChoice>((answer) => setAsking({ sessions, what, answer }));
      setAsking(null);
      const params = busyParams(choice);
      return params ? send(params) : null;
    }
  }, []);

  const dialog = asking ? <BusyDialog sessions={asking.sessions} what={asking.what} answer={asking.answer} /> : null;
  return { run, dialog };
}

/** Whether the worktree choice is on offer, and why not ("not a git repository", still asking …). */
function useWorktreeChoice(): { available: boolean; reason: string | null } {
  const client = useClient();
  const t = useText(startStrings);
  const isolation = useQuery(isolationQuery(client));
  if (!WORKTREE_CHOICE) return { available: false, reason: t.worktreeSoon };
  const reason = isolationBlocked(isolation.data, isolation.error);
  return { available: !reason, reason };
}

/** The branches of worktree sessions (a name, not words). */
const WORKTREE_BRANCHES = 'akira/…';

function BusyDialog({ sessions, what, answer }: { sessions: BusySessions; what: string | undefined; answer(choice: BusyChoice): void }) {
  const t = useText(startStrings);
  const queue = useRef<HTMLButtonElement>(null);
  const worktree = useWorktreeChoice();
  const one = sessions.length === 1;
  // Enter anywhere but on another button queues it (the safe default).
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Enter' || (e.target as HTMLElement).closest('button')) return;
    e.preventDefault();
    answer('queue');
  };
  return (
    <Dialog title={busyTitle(sessions)} testId="busy-dialog" tone="accent" onCancel={() => answer('cancel')} initialFocus={queue} onKeyDown={onKeyDown}>
      <ul className="busy-sessions" aria-label={t.runningSessions}>
        {sessions.map((s) => (
          <li key={s.sessionId} data-testid="busy-session" data-session-id={s.sessionId} title={s.task}>
            <span className="tone-text tone-busy" aria-hidden>
              ✦{' '}
            </span>
            {taskLine(s.task)}
          </li>
        ))}
      </ul>
      <p data-testid="busy-what">
        {t.busyWhatBefore} {what ? <b>{taskLine(what, 80)}</b> : t.theNewSession}
        {t.busyWhatAfter(one)}
      </p>
      <div className="busy-choices" role="group" aria-label={t.choices}>
        <div className="busy-choice">
          <button ref={queue} type="button" className="ag-button primary" onClick={() => answer('queue')} data-testid="busy-queue">
            {t.queueIt}
          </button>
          <span className="busy-choice-text">{t.queueItText(one)}</span>
        </div>
        <div className="busy-choice">
          <button type="button" className="ag-button" onClick={() => answer('parallel')} data-testid="busy-parallel">
            {t.runAnyway}
          </button>
          <span className="busy-choice-text">
            {t.runAnywayBefore(one)}
            <b>{t.onTheSameFiles}</b>
            {t.runAnywayAfter}
          </span>
        </div>
        <div className="busy-choice">
          <button type="button" className="ag-button" disabled={!worktree.available} onClick={() => answer('worktree')} data-testid="busy-worktree" title={worktree.reason ?? undefined}>
            {t.runInAWorktree}
          </button>
          <span className="busy-choice-text" data-testid="busy-worktree-text">
            {worktree.available ? (
              <>
                {t.worktreeTextBefore}
                <b>{WORKTREE_BRANCHES}</b>
                {t.worktreeTextAfter}
              </>
            ) : (
              worktree.reason
            )}
          </span>
        </div>
      </div>
      <DialogActions>
        <button type="button" className="ag-button" onClick={() => answer('cancel')} data-testid="busy-cancel">
          {t.cancel}
        </button>
        <span className="dialog-dim">{t.busyKeys}</span>
      </DialogActions>
    </Dialog>
  );
}
