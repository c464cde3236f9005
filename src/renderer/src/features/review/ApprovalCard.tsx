import { useState } from 'react';
import { itemLabel, type PendingItem } from './reviewStore';
import { SandboxBlocked, SandboxChoices } from './SandboxDecision';
import { reviewNoticeStrings } from './reviewNoticeStrings';
import { useReasonText, useText } from '../../i18n';
import { useModeName } from '../../ui/useModeName';

/** A command, a read or a mode switch waiting for approval: what would run, where, and why it asks. */
export function ApprovalCard({ item }: { item: PendingItem }) {
  const t = useText(reviewNoticeStrings);
  const reasonText = useReasonText();
  const modeName = useModeName();
  const [error, setError] = useState<string | null>(null);
  if (item.sandbox) {
    const sb = item.sandbox;
    const approval = { changeId: item.changeId, kind: item.kind, todoId: item.todoId, sandbox: sb };
    return (
      <div className="review-card" data-testid="review-sandbox">
        <div className="review-card-label">{t.sandboxBlocked}</div>
        <pre className="review-command-line">$ {sb.command}</pre>
        <SandboxBlocked blocked={sb.blocked} />
        <SandboxChoices sessionId={item.sessionId} approval={approval} onError={setError} />
        {error && <div className="review-warning">{error}</div>}
      </div>
    );
  }
  if (item.mode) {
    return (
      <div className="review-card" data-testid="review-mode">
        <div className="review-card-label">{t.wantsModeSwitch}</div>
        <pre className="review-command-line">{itemLabel(item, modeName)}</pre>
        {item.mode.reason && <div className="review-mode-reason">{item.mode.reason}</div>}
        <div className="review-dim">{reasonText(item.reason, item.reasonWords) ?? t.modeNeedsApproval}</div>
      </div>
    );
  }
  if (item.command) {
    const c = item.command;
    return (
      <div className="review-card" data-testid="review-command" data-destructive={c.destructive}>
        <div className="review-card-label">{t.wantsToRun}</div>
        <pre className="review-command-line">$ {c.command}</pre>
        <dl className="review-facts">
          <dt>{t.runsIn}</dt>
          <dd>{c.cwd ? c.cwd : t.workspaceFolder}</dd>
          <dt>{t.asksBecause}</dt>
          <dd>{reasonText(item.reason, item.reasonWords) ?? c.reason}</dd>
        </dl>
        {c.destructive && (
          <div className="review-warning" role="alert" data-testid="review-destructive">
            {t.destructive}
          </div>
        )}
        <div className="review-dim">{t.runsInTerminal}</div>
      </div>
    );
  }
  if (item.tool) {
    return (
      <div className="review-card" data-testid={item.kind === 'mcp' ? 'review-mcp' : 'review-read'}>
        <div className="review-card-label">{item.kind === 'mcp' ? t.wantsMcp : t.wantsRead}</div>
        <pre className="review-command-line">
          {item.tool.name} {item.tool.input}
        </pre>
        <div className="review-dim">{reasonText(item.reason, item.reasonWords) ?? (item.kind === 'mcp' ? t.mcpNeedsApproval : t.readsNeedApproval)}</div>
      </div>
    );
  }
  return <div className="review-card review-dim">{t.waitingForApproval(item.changeId)}</div>;
}
