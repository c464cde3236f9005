import { useMutation, useQuery } from '@tanstack/react-query';
import { useClient } from '../client/ClientContext';
import { useAppInfo } from '../appState/useWorkspace';
import { baseName } from '../features/folders/folderCrumbs';
import { useFolderDialog } from '../features/folders/folderDialogStore';
import '../features/folders/folders.css';
import { appStrings } from './appStrings';
import { useText } from '../i18n';

/** Shown when no folder is open: Open Folder… and the recent folders, each opened with one click. */
export function Welcome() {
  const t = useText(appStrings);
  const client = useClient();
  const face = useAppInfo().data?.face;
  const recent = useQuery({ queryKey: ['workspace.recent'], queryFn: () => client.invoke('workspace.recent') });
  const open = useMutation({ mutationFn: (path: string) => client.invoke('workspace.open', { path }) });
  const shortcut = navigator.platform.startsWith('Mac') ? '⌘O' : 'Ctrl+O';
  return (
    <div className="welcome" data-testid="welcome">
      <h1>Akira</h1>
      <p>{t.welcomeLead}</p>
      <div className="welcome-actions">
        <button className="fo-button primary" onClick={() => useFolderDialog.getState().show()} data-testid="welcome-open-folder">
          {t.openFolder}
        </button>
        <span className="welcome-hint">{face === 'desktop' ? t.orFileMenu(shortcut) : shortcut}</span>
      </div>
      {!!recent.data?.folders.length && (
        <>
          <h2>{t.recent}</h2>
          <ul className="recent-list" data-testid="welcome-recent">
            {recent.data.folders.map((folder) => (
              <li key={folder}>
                <button className="link" onClick={() => open.mutate(folder)} disabled={open.isPending} title={t.openPath(folder)}>
                  {baseName(folder)}
                </button>
                <span className="recent-path" title={folder}>
                  {folder}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {open.error && (
        <p className="error-text" role="alert">
          {open.error.message}
        </p>
      )}
    </div>
  );
}
