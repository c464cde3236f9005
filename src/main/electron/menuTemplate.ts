import type { MenuItemConstructorOptions } from 'electron';
import { desktopStrings, type DesktopWords } from './desktopStrings';

export interface MenuActions {
  recentFolders: readonly string[];
  openFolder(): void;
  openRecent(folder: string): void;
  /** Closes the open folder (back to the Welcome screen); null or absent when none is open. */
  closeFolder?: (() => void) | null;
}

export interface MenuOptions {
  platform?: NodeJS.Platform;
  /** Toggle Developer Tools in View: development builds, or AKIRA_DEVTOOLS=1 (see devToolsAllowed). */
  devTools: boolean;
  /** The words in the UI's language (ui.language, else the system's); English when absent. */
  words?: DesktopWords;
}

/** DevTools only when the app is not packaged, or when AKIRA_DEVTOOLS=1 asks for them. */
export function devToolsAllowed(isPackaged: boolean, env: NodeJS.ProcessEnv = process.env): boolean {
  return !isPackaged || env.AKIRA_DEVTOOLS === '1';
}

/** File (Open Folder…, Open Recent, Close Folder, Quit), Edit (roles), View (reload, devtools in development, zoom). */
export function menuTemplate(actions: MenuActions, options: MenuOptions): MenuItemConstructorOptions[] {
  const mac = (options.platform ?? process.platform) === 'darwin';
  const t = options.words ?? desktopStrings.en;
  const recent: MenuItemConstructorOptions[] = actions.recentFolders.length
    ? actions.recentFolders.map((folder) => ({ label: folder, click: () => actions.openRecent(folder) }))
    : [{ label: t.noRecent, enabled: false }];
  return [
    ...(mac ? [{ role: 'appMenu' as const }] : []),
    {
      label: t.file,
      submenu: [
        { label: t.openFolder, accelerator: 'CmdOrCtrl+O', click: () => actions.openFolder() },
        { label: t.openRecent, submenu: recent },
        { label: t.closeFolder, enabled: !!actions.closeFolder, click: () => actions.closeFolder?.() },
        { type: 'separator' },
        mac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    {
      label: t.edit,
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
      label: t.view,
      submenu: [
        { role: 'reload' },
        ...(options.devTools ? [{ role: 'toggleDevTools' as const }] : []),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
  ];
}
