import { useMutation, useQuery } from '@tanstack/react-query';
import { useClient } from '../client/ClientContext';

/** Shown when no folder is open (desktop start without a folder). */
export function Welcome() {
  const client = useClient();
  const recent = useQuery({ queryKey: ['workspace.recent'], queryFn: () => client.invoke('workspace.recent') });
  const open = useMutation({ mutationFn: (path: string) => client.invoke('workspace.open', { path }) });
  return (
    <div className="welcome">
      <h1>Akira</h1>
      <p>Open a project folder with File → Open Folder… ({navigator.platform.startsWith('Mac') ? '⌘O' : 'Ctrl+O'}).</p>
      {!!recent.data?.folders.length && (
        <>
          <h2>Recent</h2>
          <ul className="recent-list">
            {recent.data.folders.map((folder) => (
              <li key={folder}>
                <button className="link" onClick={() => open.mutate(folder)}>
                  {folder}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {open.error && <p className="error-text">{open.error.message}</p>}
    </div>
  );
}
