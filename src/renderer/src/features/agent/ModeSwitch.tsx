import { useQuery } from '@tanstack/react-query';
import { useClient } from '../../client/ClientContext';
import { useText } from '../../i18n';
import { agentStrings } from './agentStrings';
import { modesQuery } from './agentQueries';
import { modeText } from './modeText';

/**
 * The session header's mode (issue 25): a running or paused session switches to another mode here (agent.setMode);
 * the change is logged as `mode_changed` and the header follows the log. A mode the list no longer has (a custom
 * mode file removed) stays shown by its id.
 */
export function ModeSwitch({ sessionId, mode, disabled, onSwitch }: { sessionId: string; mode: string; disabled: boolean; onSwitch(mode: string): void }) {
  const t = useText(agentStrings);
  const client = useClient();
  const modes = useQuery({ ...modesQuery(client), staleTime: 60_000 });
  const list = modes.data?.modes ?? [];
  const options = list.some((m) => m.id === mode) ? list : [{ id: mode, name: mode, description: '', builtIn: false }, ...list];
  const current = options.find((m) => m.id === mode);
  return (
    <select
      className="session-mode"
      key={sessionId}
      value={mode}
      disabled={disabled}
      onChange={(e) => e.target.value !== mode && onSwitch(e.target.value)}
      data-testid="session-mode"
      aria-label={t.sessionMode}
      title={`${t.switchModeTitle}${current ? `\n${modeText(current).description}` : ''}`}
    >
      {options.map((m) => (
        <option key={m.id} value={m.id}>
          {modeText(m).name}
        </option>
      ))}
    </select>
  );
}
