import type { AgentStatus } from '../../../../shared/contract';
import { useText } from '../../i18n';
import { restoreModes, restorePlan, type RestoreMode } from './agentTimeline';
import { restoreStrings } from './restoreStrings';
import { sessionStatusStrings } from '../../../../shared/agent/statusStrings';

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
  const t = useText(restoreStrings);
  const statusWord = useText(sessionStatusStrings);
  const plan = restorePlan(mode, files, session?.status);
  const task = session && (session.task.length > 80 ? `${session.task.slice(0, 79)}…` : session.task);
  return (
    <>
      <fieldset className="restore-modes" role="radiogroup" aria-label={t.whatToRestore} data-testid="restore-modes" disabled={disabled}>
        <div className="restore-modes-title">{session && task !== undefined ? t.takenByAgentIn(task, statusWord[session.status]) : t.takenByAgent}</div>
        {restoreModes().map((m) => (
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
