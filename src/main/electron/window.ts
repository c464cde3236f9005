import { BrowserWindow } from 'electron';
import { hardenContents } from './security';

export interface MainWindowOptions {
  preload: string;
  url: string;
  title: string;
}

/** The one Akira window: isolated, sandboxed, no Node, no navigation, no popups. */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    width: 1400,
    height: 900,
    minWidth: 720,
    minHeight: 420,
    show: false,
    title: options.title,
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
    },
  });
  // The main process owns the title (folder — Akira).
  win.on('page-title-updated', (event) => event.preventDefault());
  win.once('ready-to-show', () => win.show());
  hardenContents(win.webContents);
  void win.loadURL(options.url);
  return win;
}
