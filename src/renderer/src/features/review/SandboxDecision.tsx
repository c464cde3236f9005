import { useState } from 'react';
import { useClient } from '../../client/ClientContext';
import { sandboxCardStrings } from './sandboxCardStrings';
import { useText } from '../../i18n';
import { blockedConnectionReason, type SandboxAnswer, type SandboxBlockData, type SandboxGrantData } from '../../../../shared/agent/sandboxBlocks';
import type { AgentApproval } from '../../../../shared/contract';

/*
 * The parts of a sandbox card (issue 26) that the activity's card (activity/SandboxCard.tsx) and the Review pane
 * (ApprovalCard.tsx) share: what was blocked, what allowing lets through, and the user's choices.
 */

/** What the OS sandbox refused while a command ran (issue 26), one line each, as a warning. */
export function SandboxBlocked({ blocked }: { blocked: readonly SandboxBlockData[] }) {
  const t = useText(sandboxCardStrings);
  return (
    <div className="ac-sandbox-blocked" data-testid="sandbox-blocked">
      <span className="ac-sandbox-blocked-title">{t.blockedBySandbox}</span>
      <ul>
        {blocked.map((b, i) => (
          <li key={i} data-kind={b.kind}>
            {b.kind === 'network' ? t.blockedConnection(b.host, b.port, blockedConnectionReason(b)) : b.kind === 'write' ? t.blockedWrite(b.path) : t.blockedRead(b.path)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What allowing would let through, one entry each. */
export function GrantList({ grant }: { grant: SandboxGrantData }) {
  const t = useText(sandboxCardStrings);
  const entries = [...grant.network.map((h) => t.host(h)), ...grant.allowWrite.map((p) => t.write(p)), ...grant.allowRead.map((p) => t.read(p))];
  if (!entries.length) return <div className="ac-note">{t.nothingToAllow}</div>;
  return (
    <div className="ac-sandbox-grant" data-testid="sandbox-grant">
      <span>{t.lets}</span>
      <ul>
        {entries.map((e) => (
          <li key={e}>{e}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The user's answer to a sandbox card: allow what was blocked for the session, the workspace or everywhere (the
 * command runs again), run it once outside the sandbox, or keep it blocked (the agent is told and goes on).
 */
export function SandboxChoices({ sessionId, approval, onError }: { sessionId: string; approval: AgentApproval; onError(message: string): void }) {
  const t = useText(sandboxCardStrings);
  const client = useClient();
  const [busy, setBusy] = useState(false);
  const grant = approval.sandbox?.grant;
  const grantable = !!grant && grant.network.length + grant.allowWrite.length + grant.allowRead.length > 0;
  const act = (fn: () => Promise<unknown>) => {
    setBusy(true);
    fn()
      .catch((err) => onError(err instanceof Error ? err.message : String(err)))
      .finally(() => setBusy(false));
  };
  const allow = (answer: SandboxAnswer) => act(() => client.invoke('agent.approve', { sessionId, changeId: approval.changeId, sandbox: answer }));
  const button = (answer: SandboxAnswer, label: string, title: string, tone = '') => (
    <button className={`ag-button ${tone}`} disabled={busy} title={title} onClick={() => allow(answer)} data-testid={`sandbox-${answer}`}>
      {label}
    </button>
  );
  return (
    <div className="ac-actions" role="group" aria-label={t.title}>
      {grantable && button('session', t.allowSession, t.allowSessionTitle, 'primary')}
      {grantable && button('workspace', t.allowWorkspace, t.allowWorkspaceTitle)}
      {grantable && button('global', t.allowGlobal, t.allowGlobalTitle)}
      {button('outside', t.outside, t.outsideTitle, 'danger')}
      <button
        className="ag-button"
        disabled={busy}
        onClick={() => act(() => client.invoke('agent.reject', { sessionId, changeId: approval.changeId, reason: t.keepReason }))}
        data-testid="sandbox-keep"
      >
        {t.keep}
      </button>
    </div>
  );
}

