import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../client/ClientContext';
import { SANDBOX_KEY, useSandboxStatus } from './sandboxQueries';
import { sandboxStrings } from './sandboxStrings';
import { useText } from '../../i18n';

type Kind = 'network' | 'allowWrite' | 'allowRead';

/**
 * What the user allowed for the open workspace on sandbox cards (issue 26): kept in Akira's data folder, not in the
 * workspace's settings file (a workspace may only tighten the sandbox). Each entry can be taken back here.
 */
export function SandboxGrants() {
  const t = useText(sandboxStrings);
  const client = useClient();
  const queryClient = useQueryClient();
  const status = useSandboxStatus();
  const [error, setError] = useState<string | null>(null);
  // A sandbox card may have added one since the status was last read (that is no settings change): read it afresh.
  const { refetch } = status;
  useEffect(() => void refetch(), [refetch]);
  const grants = status.data?.grants;
  if (!grants) return null;
  const entries: { kind: Kind; value: string; label: string }[] = [
    ...grants.network.map((value) => ({ kind: 'network' as const, value, label: t.grantHost(value) })),
    ...grants.allowWrite.map((value) => ({ kind: 'allowWrite' as const, value, label: t.grantWrite(value) })),
    ...grants.allowRead.map((value) => ({ kind: 'allowRead' as const, value, label: t.grantRead(value) })),
  ];
  if (!entries.length) return null;
  const revoke = (kind: Kind, value: string) =>
    client
      .invoke('agent.revokeSandboxGrant', { kind, value })
      .then(() => setError(null))
      .catch((err: Error) => setError(err.message))
      .finally(() => void queryClient.invalidateQueries({ queryKey: SANDBOX_KEY }));
  return (
    <div className="st-sandbox-grants" data-testid="sandbox-grants">
      <div className="st-label">{t.grantsTitle}</div>
      <p className="st-hint">{t.grantsHint}</p>
      <ul>
        {entries.map((e) => (
          <li key={`${e.kind}:${e.value}`} data-kind={e.kind}>
            <code>{e.label}</code>
            <button type="button" className="link" onClick={() => void revoke(e.kind, e.value)} aria-label={t.grantRevokeLabel(e.label)} data-testid="sandbox-grant-revoke">
              {t.grantRevoke}
            </button>
          </li>
        ))}
      </ul>
      {error && <p className="st-note warn">{error}</p>}
    </div>
  );
}
