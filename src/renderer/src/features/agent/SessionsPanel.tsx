import { AskChooser } from './AskChooser';
import { SessionList } from './SessionList';
import { StartSessionForm } from './StartSessionForm';
import { useSessionStore } from './sessionStore';
import { agentStrings } from './agentStrings';
import { useText } from '../../i18n';
import './agent.css';

/** The Agent sidebar: start a session, and the sessions of the workspace. */
export function SessionsPanel() {
  const t = useText(agentStrings);
  const open = (sessionId: string) => useSessionStore.getState().open(sessionId);
  return (
    <div className="sessions-panel" data-testid="sessions-panel">
      <AskChooser />
      <StartSessionForm />
      <div className="sessions-heading">{t.sessions}</div>
      <SessionList onOpen={open} />
    </div>
  );
}
