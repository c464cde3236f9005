import { BrowserWindow } from 'electron';

export interface MainWindowOptions {
  preload: string;
  url: string;
  title: string;
  /** Developer Tools can be opened (development builds, or AKIRA_DEVTOOLS=1). */
  devTools: boolean;
  /** The window's icon (Linux and Windows; a PNG of resources/icons/). */
  icon?: string;
}

/**
 * The one Akira window: isolated, sandboxed, no Node. No navigation and no popups: main.ts guards
 * every webContents (security.ts, guardAllWebContents) before this window exists.
 */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    width: 1400,
    height: 900,
    minWidth: 720,
    minHeight: 420,
    show: false,
    title: options.title,
    ...(options.icon ? { icon: options.icon } : {}),
    backgroundColor: '#1e1e1e',
    webPreferences: {
      preload: options.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      devTools: options.devTools,
    },
  });
  // The main process owns the title (folder — Akira).
  win.on('page-title-updated', (event) => event.preventDefault());
  win.once('ready-to-show', () => win.show());
  void win.loadURL(options.url);
  return win;
}
