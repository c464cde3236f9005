import type { AgentStatus } from '../../../../shared/contract';
import { RESTORE_MODES, restorePlan, type RestoreMode } from './agentTimeline';

interface Props {
  mode: RestoreMode;
  onMode(mode: RestoreMode): void;
  /** The session's task and status, when known. */
  session: { task: string; status: AgentStatus } | undefined;
  files: number;
  disabled: boolean;
}

/** For an agent checkpoint: restore the files, rewind the session's conversation, or both. */
export function RestoreModes({ mode, onMode, session, files, disabled }: Props) {
  const plan = restorePlan(mode, files, session?.status);
  return (
    <>
      <fieldset className="restore-modes" role="radiogroup" aria-label="What to restore" data-testid="restore-modes" disabled={disabled}>
        <div className="restore-modes-title">
          Taken by the agent{session ? ` in “${session.task.length > 80 ? `${session.task.slice(0, 79)}…` : session.task}” (${session.status.replace(/_/g, ' ')})` : ''}. Restore:
        </div>
        {RESTORE_MODES.map((m) => (
          <label key={m.mode} className="restore-mode" title={m.hint}>
            <input type="radio" name="restore-mode" value={m.mode} checked={mode === m.mode} onChange={() => onMode(m.mode)} data-testid={`restore-mode-${m.mode}`} />
            <span>{m.label}</span>
            <span className="restore-mode-hint">{m.hint}</span>
          </label>
        ))}
      </fieldset>
      {plan.note && (
        <div className="restore-note" role="status" data-testid="restore-pause-note">
          {plan.note}
        </div>
      )}
    </>
  );
}
