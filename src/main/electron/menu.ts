import { Menu, type MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  recentFolders: readonly string[];
  openFolder(): void;
  openRecent(folder: string): void;
}

/** File (Open Folder…, Open Recent, Quit), Edit (roles), View (reload, devtools, zoom). */
export function buildMenu(actions: MenuActions, platform = process.platform): Menu {
  const mac = platform === 'darwin';
  const recent: MenuItemConstructorOptions[] = actions.recentFolders.length
    ? actions.recentFolders.map((folder) => ({ label: folder, click: () => actions.openRecent(folder) }))
    : [{ label: 'No recent folders', enabled: false }];
  const template: MenuItemConstructorOptions[] = [
    ...(mac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'Open Folder…', accelerator: 'CmdOrCtrl+O', click: () => actions.openFolder() },
        { label: 'Open Recent', submenu: recent },
        { type: 'separator' },
        mac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    {
      label: 'Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    {
      label: 'View',
      submenu: [
        { role: 'reload' },
        { role: 'toggleDevTools' },
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
  ];
  return Menu.buildFromTemplate(template);
}
