import { useState } from 'react';
import type { ActivityItem } from './activityItems';
import { Card, TodoChip } from './CardParts';
import { sandboxCardStrings } from '../review/sandboxCardStrings';
import { GrantList, SandboxBlocked, SandboxChoices } from '../review/SandboxDecision';
import { useText } from '../../i18n';

type ApprovalItem = Extract<ActivityItem, { kind: 'approval' }>;

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
