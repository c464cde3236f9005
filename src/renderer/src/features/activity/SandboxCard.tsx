import { useState } from 'react';
import { useClient } from '../../client/ClientContext';
import { message } from '../agent/sessionFormat';
import type { ActivityItem } from './activityItems';
import { Card, TodoChip } from './CardParts';
import { sandboxCardStrings } from './sandboxCardStrings';
import { toolCardStrings } from './toolCardStrings';
import { useText } from '../../i18n';
import { blockedConnectionReason, type SandboxAnswer, type SandboxBlockData, type SandboxGrantData } from '../../../../shared/agent/sandboxBlocks';
import type { AgentApproval } from '../../../../shared/contract';

type ApprovalItem = Extract<ActivityItem, { kind: 'approval' }>;

/** What the OS sandbox refused while a command ran (issue 26), one line each, as a warning. */
export function SandboxBlocked({ blocked }: { blocked: readonly SandboxBlockData[] }) {
  const t = useText(toolCardStrings);
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
function GrantList({ grant }: { grant: SandboxGrantData }) {
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
      .catch((err) => onError(message(err)))
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

/** The activity's sandbox card: the command, what the sandbox blocked, what allowing lets through, and the choices. */
export function SandboxApprovalCard({ item, sessionId, open, state }: { item: ApprovalItem; sessionId: string; open: boolean; state: string | null }) {
  const t = useText(sandboxCardStrings);
  const [error, setError] = useState<string | null>(null);
  const sb = item.approval.sandbox;
  const answered = item.resolved ? t.answered(item.resolved === 'rejected' ? 'rejected' : (item.sandboxAnswer ?? 'session')) : null;
  return (
    <Card
      kind="sandbox"
      tone={item.resolved ? (item.resolved === 'rejected' ? 'bad' : 'ok') : open ? 'wait' : 'dim'}
      icon="!"
      title={
        <>
          {t.title} <TodoChip todoId={item.approval.todoId} />
        </>
      }
      meta={answered || state ? <span className="ac-state" data-testid="sandbox-state">{answered ?? state}</span> : null}
    >
      <pre className="ac-pre ac-command">$ {sb?.command ?? ''}</pre>
      {sb && sb.blocked.length > 0 && <SandboxBlocked blocked={sb.blocked} />}
      {sb && open && <GrantList grant={sb.grant} />}
      {open && <SandboxChoices sessionId={sessionId} approval={item.approval} onError={setError} />}
      {error && <div className="ac-note error-text">{error}</div>}
    </Card>
  );
}
