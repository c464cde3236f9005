import { useQuery } from '@tanstack/react-query';
import { useClient } from '../client/ClientContext';
import { useGitRefresh } from '../features/git/useGitRefresh';
import { useAppInfo } from './useWorkspace';
import { useConnectionState } from './useConnectionState';

const stateLabel = { connected: 'Connected', connecting: 'Connecting…', disconnected: 'Disconnected — retrying' };

export function StatusBar() {
  const client = useClient();
  const info = useAppInfo();
  const connection = useConnectionState();
  useGitRefresh();
  const workspace = info.data?.workspace ?? null;
  const git = useQuery({
    queryKey: ['git.status'],
    queryFn: () => client.invoke('git.status'),
    enabled: !!workspace,
  });
  const branch = git.data?.isRepo ? (git.data.branch ?? 'detached HEAD') : git.data ? 'not a git repository' : '';
  return (
    <footer className="statusbar" data-testid="statusbar">
      <span className="statusbar-item" title={workspace?.root}>
        {workspace ? workspace.name : 'No folder open'}
      </span>
      {branch && (
        <span className="statusbar-item" data-testid="status-branch">
          ⎇ {branch}
        </span>
      )}
      <span className="statusbar-spacer" />
      <span className={`statusbar-item connection connection-${connection}`} data-testid="status-connection">
        ● {stateLabel[connection]}
      </span>
      {info.data && <span className="statusbar-item">Akira {info.data.version}</span>}
    </footer>
  );
}
