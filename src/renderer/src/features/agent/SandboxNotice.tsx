import { useSandboxStatus } from '../settings/sandboxQueries';
import { openSettings } from '../settings/settingsStore';
import { agentStrings } from './agentStrings';
import { useReasonText, useText } from '../../i18n';

/**
 * In the session header, once: the workspace's agent commands run without the OS sandbox (issue 26). "Sandbox off"
 * when the settings turned it off, else "No sandbox: <why>"; the whole reason with how to install one is its tooltip,
 * and it opens Settings (the Sandbox section). Nothing while commands run in the sandbox.
 */
export function SandboxNotice() {
  const t = useText(agentStrings);
  const reasonText = useReasonText();
  const status = useSandboxStatus().data;
  if (!status || status.available) return null;
  const off = status.mode === 'off';
  const kind = status.reasonWords?.key === 'sandbox.unavailable' ? String(status.reasonWords.values[0] ?? '') : '';
  const why = off ? '' : t.noSandboxWhy(kind);
  const reason = reasonText(status.reason ?? '', status.reasonWords) ?? '';
  return (
    <button
      type="button"
      className="status-chip tone-wait sandbox-notice"
      data-testid="session-no-sandbox"
      data-mode={status.mode}
      title={`${reason}\n${t.sandboxNoticeMore}`}
      aria-label={reason}
      onClick={openSettings}
    >
      {off ? t.sandboxOff : t.noSandbox}
      {why && <span className="sandbox-notice-why">{why}</span>}
    </button>
  );
}
