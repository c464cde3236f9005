import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import type { AgentStatus } from '../../../../shared/contract';
import type { SessionWorktreeT } from '../../../../shared/agent/agentShapes';
import { useClient } from '../../client/ClientContext';
import { Dialog, DialogActions } from '../../ui/Dialog';
import { useTerminalStore } from '../terminal/terminalStore';
import { message } from './sessionFormat';
import { useSessionStore } from './sessionStore';
import { worktreeStrings } from './worktreeStrings';
import { useText } from '../../i18n';
import { mergeOutcome, mergeTarget, shortCommit, worktreeActionBlocked, worktreeDiffKey, worktreeGone, type MergeOutcome } from './worktreeWords';

/**
 * A worktree session's tree in its view (issue 10): the branch and where it came from, and what can be done with
 * it — Diff against base (the session view shows the diff instead of the board while it is on), Merge into the
 * base branch (asked first; all or nothing: on a refusal the reason and the files, one per line), Open a
 * terminal there (a Terminal tab in the worktree, brought to the front), Discard (asked first: its work is lost
 * unless merged). Merge and Discard are off, with the reason, while the session runs. The tree's state follows
 * the session's worktree_merged / worktree_discarded events (sessionStore).
 */
export function WorktreePanel({ sessionId, status, worktree, diffOpen, onDiff }: { sessionId: string; status: AgentStatus; worktree: SessionWorktreeT; diffOpen: boolean; onDiff(open: boolean): void }) {
  const t = useText(worktreeStrings);
  const client = useClient();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<'merge' | 'discard' | null>(null);
  const [busy, setBusy] = useState<'merge' | 'discard' | 'terminal' | null>(null);
  const [outcome, setOutcome] = useState<MergeOutcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const into = mergeTarget(worktree);
  const blocked = worktreeActionBlocked(status, worktree);
  const gone = worktreeGone(worktree);
  // Merged (on record, or just now here before the event comes back; issue 27 defect 10): nothing is left to merge,
  // and what is left to do with the tree is to remove it, which loses nothing.
  const merged = worktree.state === 'merged' || outcome?.ok === true;
  const mergeOff = blocked ?? (merged ? t.nothingToMerge(into) : null);

  async function act(what: 'merge' | 'discard' | 'terminal', fn: () => Promise<void>) {
    setAsking(null);
    setBusy(what);
    setError(null);
    try {
      await fn();
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(null);
    }
  }

  const merge = () =>
    act('merge', async () => {
      setOutcome(null);
      const r = await client.invoke('agent.merge', { sessionId });
      setOutcome(mergeOutcome(r, into));
      // The diff against the base is stale once merged (what it listed is in the base now): back to the board.
      void queryClient.invalidateQueries({ queryKey: worktreeDiffKey(sessionId) });
      if (r.merged) onDiff(false);
      // The event updates the list; the list is asked again too, in case this window missed it.
      if (r.merged) useSessionStore.setState({ needsRefresh: true });
    });
  const discard = () =>
    act('discard', async () => {
      await client.invoke('agent.discard', { sessionId });
      setOutcome(null);
      onDiff(false);
      queryClient.removeQueries({ queryKey: worktreeDiffKey(sessionId) });
      useSessionStore.setState({ needsRefresh: true });
    });
  const terminal = () =>
    act('terminal', async () => {
      const size = useTerminalStore.getState().lastSize;
      const t = await client.invoke('agent.openTerminal', { sessionId, ...(size ?? {}) });
      // terminal.onCreated adds the tab too (without focus): this one is brought to the front, focused.
      useTerminalStore.getState().add({ terminalId: t.terminalId, title: t.title, exited: false, exitCode: null }, true);
    });

  const stateText =
    merged
      ? t.stateMerged(into, worktree.mergeCommit ? shortCommit(worktree.mergeCommit) : null)
      : worktree.state === 'discarded'
        ? t.stateDiscarded
        : t.stateActive(into);

  return (
    <section className={`worktree-panel wt-${worktree.state}`} data-testid="worktree-panel" data-state={worktree.state} aria-labelledby="worktree-panel-title">
      <div className="worktree-panel-text">
        <div className="worktree-panel-title" id="worktree-panel-title">
          <span aria-hidden>⎇ </span>
          {t.worktree} <code data-testid="worktree-branch">{worktree.branch}</code>{' '}
          <span className="worktree-panel-state" data-testid="worktree-state">
            {stateText}
          </span>
        </div>
        {worktree.state !== 'discarded' && (
          <div className="worktree-panel-path" title={worktree.path}>
            {worktree.path}
          </div>
        )}
      </div>
      <div className="worktree-panel-buttons">
        <button type="button" className="ag-button" aria-pressed={diffOpen} disabled={!!gone} title={gone ?? (diffOpen ? t.backToBoardHint : t.diffHint(into))} onClick={() => onDiff(!diffOpen)} data-testid="worktree-diff-toggle">
          {diffOpen ? t.backToBoard : t.diffAgainstBase}
        </button>
        <button type="button" className={`ag-button ${merged ? '' : 'primary'}`} disabled={!!mergeOff || !!busy} title={mergeOff ?? t.mergeHint(worktree.branch, into)} onClick={() => setAsking('merge')} data-testid="worktree-merge">
          {busy === 'merge' ? t.merging : t.mergeInto(into)}
        </button>
        <button type="button" className="ag-button" disabled={!!gone || !!busy} title={gone ?? t.terminalHint} onClick={() => void terminal()} data-testid="worktree-terminal">
          {t.openTerminal}
        </button>
        <button type="button" className={`ag-button ${merged ? '' : 'danger'}`} disabled={!!blocked || !!busy} title={blocked ?? (merged ? t.removeHint(into) : t.discardHint)} onClick={() => setAsking('discard')} data-testid="worktree-discard" data-merged={merged || undefined}>
          {busy === 'discard' ? (merged ? t.removing : t.discarding) : merged ? t.removeWorktree : t.discard}
        </button>
      </div>
      {blocked && !gone && (
        <div className="worktree-panel-note" data-testid="worktree-blocked">
          {t.blocked(blocked)}
        </div>
      )}
      {outcome && <MergeOutcomeView outcome={outcome} onClose={() => setOutcome(null)} />}
      {error && (
        <div className="worktree-panel-note error-text" role="alert" data-testid="worktree-error">
          {error}
        </div>
      )}
      {asking === 'merge' && (
        <ConfirmDialog
          title={t.mergeAsk(worktree.branch, into)}
          testId="worktree-merge-dialog"
          tone="accent"
          confirm={t.mergeInto(into)}
          onConfirm={() => void merge()}
          onCancel={() => setAsking(null)}
        >
          <p>
            {t.mergeExplainBefore} <b>{into}</b>
            {t.mergeExplainAfter}
          </p>
        </ConfirmDialog>
      )}
      {asking === 'discard' && merged && (
        <ConfirmDialog title={t.removeAsk(worktree.branch)} testId="worktree-discard-dialog" tone="accent" confirm={t.removeWorktree} onConfirm={() => void discard()} onCancel={() => setAsking(null)}>
          <p>{t.removeExplain(worktree.branch, into)}</p>
        </ConfirmDialog>
      )}
      {asking === 'discard' && !merged && (
        <ConfirmDialog title={t.discardAsk(worktree.branch)} testId="worktree-discard-dialog" tone="warn" danger confirm={t.discard} onConfirm={() => void discard()} onCancel={() => setAsking(null)}>
          <p>
            {t.discardExplainBefore} <b>{worktree.branch}</b> {t.discardExplainRemoved} <b>{t.workLost}</b>
            {t.discardExplainAfter(worktree.state === 'merged' ? into : null)}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}

function MergeOutcomeView({ outcome, onClose }: { outcome: MergeOutcome; onClose(): void }) {
  const t = useText(worktreeStrings);
  return (
    <div className={`merge-outcome ${outcome.ok ? 'ok' : 'bad'}`} role={outcome.ok ? 'status' : 'alert'} data-testid="merge-outcome" data-merged={outcome.ok}>
      <div className="merge-outcome-head">
        <span className="merge-outcome-title" data-testid="merge-outcome-title">
          {outcome.ok ? '✓ ' : '✕ '}
          {outcome.title}
        </span>
        <button type="button" className="icon-button" title={t.dismiss} aria-label={t.dismiss} onClick={onClose}>
          ×
        </button>
      </div>
      {outcome.groups.map((g) => (
        <div key={g.heading} className="merge-outcome-group">
          <div>{g.heading}</div>
          <ul data-testid="merge-outcome-files">
            {g.files.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </div>
      ))}
      {outcome.note && (
        <div className="merge-outcome-note" data-testid="merge-outcome-note">
          {outcome.note}
        </div>
      )}
    </div>
  );
}

function ConfirmDialog({
  title,
  testId,
  tone,
  danger,
  confirm,
  onConfirm,
  onCancel,
  children,
}: {
  title: string;
  testId: string;
  tone: 'warn' | 'accent';
  danger?: boolean;
  confirm: string;
  onConfirm(): void;
  onCancel(): void;
  children: ReactNode;
}) {
  // The safe button has the focus: Enter does not discard by accident.
  const t = useText(worktreeStrings);
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog title={title} testId={testId} tone={tone} onCancel={onCancel} initialFocus={danger ? cancel : undefined}>
      {children}
      <DialogActions>
        <button type="button" className={`ag-button ${danger ? 'danger' : 'primary'}`} onClick={onConfirm} data-testid={`${testId}-confirm`}>
          {confirm}
        </button>
        <button ref={cancel} type="button" className="ag-button" onClick={onCancel} data-testid={`${testId}-cancel`}>
          {t.cancel}
        </button>
      </DialogActions>
    </Dialog>
  );
}
