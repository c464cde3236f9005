import { useGitRefresh } from '../features/git/useGitRefresh';
import { useGitStatus } from '../features/git/useGitStatus';
import { BranchMenu } from '../features/git/BranchMenu';
import { SessionStatusItem } from '../features/agent/SessionStatusItem';
import { SettingsButton } from '../features/settings/SettingsButton';
import { useAppInfo } from '../appState/useWorkspace';
import { useFolderDialog } from '../features/folders/folderDialogStore';
import { useConnectionState } from './useConnectionState';
import { appStrings } from './appStrings';
import { useText } from '../i18n';


export function StatusBar() {
  const t = useText(appStrings);
  const stateLabel = { connected: t.connected, connecting: t.connectionConnecting, disconnected: t.disconnected };
  const info = useAppInfo();
  const connection = useConnectionState();
  useGitRefresh();
  const workspace = info.data?.workspace ?? null;
  const git = useGitStatus(!!workspace);
  const branch = git.data?.isRepo ? (git.data.branch ?? t.detachedHead) : git.data?.gitMissing ? t.gitMissing : git.data ? t.notARepo : '';
  return (
    <footer className="statusbar" data-testid="statusbar">
      <button
        className="statusbar-item statusbar-folder"
        title={workspace ? t.openAnotherFolder(workspace.root) : t.openAFolder}
        data-testid="status-folder"
        onClick={() => useFolderDialog.getState().show()}
      >
        {workspace ? workspace.name : t.noFolderOpen}
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
