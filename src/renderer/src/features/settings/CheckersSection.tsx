import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { CheckerInfo, SettingsSnapshotT } from '../../../../shared/contract';
import { useClient } from '../../client/ClientContext';
import { Dialog, DialogActions } from '../../ui/Dialog';
import { useText } from '../../i18n';
import { checkerStrings } from './checkerStrings';
import './mcp.css';

/**
 * "Diagnostics checkers" in the settings page (issue 26): the open workspace's checkers that run a program it chose,
 * each approved or waiting, with Approve (after a confirmation showing the exact command, as for an MCP server the
 * project proposes) or Withdraw approval. Mirrors the MCP servers' approval; acts at once, no Save.
 */
export function CheckersSection({ snapshot }: { snapshot: SettingsSnapshotT }) {
  const t = useText(checkerStrings);
  const client = useClient();
  const queryClient = useQueryClient();
  const root = snapshot.workspace?.root ?? null;
  const query = useQuery({ queryKey: ['context.checkers', root ?? ''], queryFn: () => client.invoke('context.checkers'), enabled: root !== null });
  const refetch = () => void queryClient.invalidateQueries({ queryKey: ['context.checkers'] });
  const [asking, setAsking] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!root) return null;
  const checkers = (query.data?.checkers ?? []).filter((c) => c.needsApproval);
  const run = async (call: () => Promise<unknown>) => {
    setError(null);
    try {
      await call();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      refetch();
    }
  };
  const shown = checkers.find((c) => c.id === asking) ?? null;

  return (
    <section className="st-section" aria-labelledby="st-checkers-title" data-testid="checkers-section">
      <h3 id="st-checkers-title">{t.title}</h3>
      <p className="st-note">{t.note}</p>
      {query.isPending && <p className="st-note">{t.loading}</p>}
      {query.isError && (
        <div className="st-error" role="alert">
          {t.cannotList(query.error.message)}
        </div>
      )}
      {error && (
        <div className="st-error" role="alert" data-testid="checker-error">
          {error}
        </div>
      )}
      {query.data && checkers.length === 0 && <p className="st-note" data-testid="checkers-none">{t.none}</p>}
      {checkers.length > 0 && (
        <ul className="st-mcp-list" aria-label={t.title} data-testid="checkers">
          {checkers.map((c) => (
            <li key={c.id} className="st-mcp-server" data-testid="checker" data-id={c.id} data-approved={c.approved}>
              <div className="st-mcp-top">
                <h4 className="st-mcp-name">{c.label}</h4>
                <span className={`st-mcp-badge ${c.approved ? 'ok' : 'warn'}`} data-testid="checker-state">
                  {c.approved ? t.approved : t.awaiting}
                </span>
                {c.disabledBy && <span className="st-hint">{t.disabledBy(c.disabledBy)}</span>}
                <span className="st-mcp-actions">
                  {c.approved ? (
                    <button type="button" className="tl-button" onClick={() => void run(() => client.invoke('context.revokeChecker', { id: c.id }))} data-testid="checker-withdraw">
                      {t.withdraw}
                    </button>
                  ) : (
                    <button type="button" className="tl-button primary" onClick={() => setAsking(c.id)} data-testid="checker-approve">
                      {t.approve}
                    </button>
                  )}
                </span>
              </div>
              <pre className="st-mcp-pre">{c.command}</pre>
            </li>
          ))}
        </ul>
      )}
      {shown && (
        <CheckerApproveDialog
          checker={shown}
          onCancel={() => setAsking(null)}
          onApprove={(fingerprint) => {
            setAsking(null);
            void run(() => client.invoke('context.approveChecker', { id: shown.id, fingerprint }));
          }}
        />
      )}
    </section>
  );
}

/** The command exactly as it will run; a command that changed while open is shown and must be confirmed again. */
function CheckerApproveDialog({ checker, onApprove, onCancel }: { checker: CheckerInfo; onApprove(fingerprint: string): void; onCancel(): void }) {
  const t = useText(checkerStrings);
  const cancel = useRef<HTMLButtonElement>(null);
  const [seen, setSeen] = useState(checker.fingerprint);
  const changed = seen !== checker.fingerprint;
  return (
    <Dialog title={t.confirmTitle(checker.id)} testId="checker-approve-dialog" tone="warn" onCancel={onCancel} initialFocus={cancel}>
      <p>{t.confirmIntro}</p>
      <pre className="st-mcp-pre st-mcp-dialog-target" data-testid="checker-approve-command">
        {checker.command}
      </pre>
      {changed && (
        <p className="error-text" role="alert">
          {t.changedWhileReading}
        </p>
      )}
      <p className="dialog-dim">{t.confirmWarning}</p>
      <DialogActions>
        <button type="button" className="tl-button primary" onClick={() => (changed ? setSeen(checker.fingerprint) : onApprove(seen))} data-testid="checker-approve-confirm">
          {t.confirm}
        </button>
        <button ref={cancel} type="button" className="tl-button" onClick={onCancel} data-testid="checker-approve-cancel">
          {t.cancel}
        </button>
      </DialogActions>
    </Dialog>
  );
}
