import { useGitRefresh } from '../features/git/useGitRefresh';
import { useGitStatus } from '../features/git/useGitStatus';
import { BranchMenu } from '../features/git/BranchMenu';
import { SessionStatusItem } from '../features/agent/SessionStatusItem';
import { SettingsButton } from '../features/settings/SettingsButton';
import { useAppInfo } from '../appState/useWorkspace';
import { useFolderDialog } from '../features/folders/folderDialogStore';
import { useConnectionState } from './useConnectionState';

const stateLabel = { connected: 'Connected', connecting: 'Connecting…', disconnected: 'Disconnected — retrying' };

export function StatusBar() {
  const info = useAppInfo();
  const connection = useConnectionState();
  useGitRefresh();
  const workspace = info.data?.workspace ?? null;
  const git = useGitStatus(!!workspace);
  const branch = git.data?.isRepo ? (git.data.branch ?? 'detached HEAD') : git.data ? 'not a git repository' : '';
  return (
    <footer className="statusbar" data-testid="statusbar">
      <button
        className="statusbar-item statusbar-folder"
        title={workspace ? `${workspace.root}\nOpen another folder…` : 'Open a folder…'}
        data-testid="status-folder"
        onClick={() => useFolderDialog.getState().show()}
      >
        {workspace ? workspace.name : 'No folder open'}
      </button>
      {git.data?.isRepo ? (
        <BranchMenu label={branch} />
      ) : (
        branch && (
          <span className="statusbar-item" data-testid="status-branch">
            ⎇ {branch}
          </span>
        )
      )}
      <SessionStatusItem />
      <span className="statusbar-spacer" />
      <span className={`statusbar-item connection connection-${connection}`} data-testid="status-connection">
        ● {stateLabel[connection]}
      </span>
      {info.data && <span className="statusbar-item">Akira {info.data.version}</span>}
      <SettingsButton />
    </footer>
  );
}
