import { join } from 'node:path';
import { app, BrowserWindow, dialog, Menu, safeStorage, session } from 'electron';
import packageJson from '../../../package.json';
import type { WorkspaceSummaryT } from '../../shared/contract';
import { createCore, type Core } from '../core/createCore';
import { toContractError } from '../core/errors';
import { defaultDataDir } from '../core/settings/dataDir';
import { APP_ORIGIN, registerAppScheme, serveAppProtocol } from './appProtocol';
import { registerIpcTransport } from './ipcTransport';
import { buildMenu } from './menu';
import { createSafeStorageSecretStore } from './safeStorageSecrets';
import { hardenSession } from './security';
import { folderArgs, pickStartupFolder } from './startupFolder';
import { createMainWindow } from './window';

// The desktop face: one window around the core, the IPC transport, menus and dialogs.
// Everything that is not Electron-specific lives in src/main/core and is shared with `akira serve`.

const devServerUrl = !app.isPackaged ? (process.env.ELECTRON_RENDERER_URL ?? null) : null;
const rendererUrl = devServerUrl ?? `${APP_ORIGIN}/index.html`;

function isAppUrl(url: string): boolean {
  if (url.startsWith(`${APP_ORIGIN}/`)) return true;
  if (!devServerUrl) return false;
  try {
    return new URL(url).origin === new URL(devServerUrl).origin;
  } catch {
    return false;
  }
}

function windowTitle(workspace: WorkspaceSummaryT | null): string {
  return workspace ? `${workspace.name} — Akira` : 'Akira';
}

async function start(): Promise<void> {
  await app.whenReady();
  serveAppProtocol(join(__dirname, '..', 'renderer'));
  hardenSession(session.defaultSession, { isAppUrl, devServerOrigin: devServerUrl });

  const dataDir = defaultDataDir();
  // The API key saved in Settings: encrypted with the system keychain (safeStorage), never in the workspace.
  const secrets = createSafeStorageSecretStore(dataDir, safeStorage);
  const core: Core = await createCore({ workspaceRoot: null, dataDir, face: 'desktop', version: packageJson.version, secrets });
  let win: BrowserWindow | null = null;

  async function openFolder(folder: string): Promise<void> {
    try {
      await core.openWorkspace(folder);
    } catch (err) {
      dialog.showErrorBox('Cannot open folder', toContractError(err).message);
    }
  }

  async function refreshMenu(): Promise<void> {
    const { recentFolders } = await core.settings.get();
    Menu.setApplicationMenu(
      buildMenu({
        recentFolders,
        openRecent: (folder) => void openFolder(folder),
        openFolder: async () => {
          const options = { title: 'Open Folder', properties: ['openDirectory' as const, 'createDirectory' as const] };
          const picked = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
          if (!picked.canceled && picked.filePaths[0]) await openFolder(picked.filePaths[0]);
        },
      }),
    );
  }

  function showWindow(): BrowserWindow {
    if (win && !win.isDestroyed()) return win;
    win = createMainWindow({ preload: join(__dirname, '..', 'preload', 'index.cjs'), url: rendererUrl, title: windowTitle(core.current()) });
    win.on('closed', () => (win = null));
    return win;
  }

  const removeIpc = registerIpcTransport({ core, window: () => win, isAppUrl });
  core.bus.on('app.onWorkspaceOpened', ({ workspace }) => {
    win?.setTitle(windowTitle(workspace));
    void refreshMenu();
  });

  const startFolder = await pickStartupFolder(folderArgs(process.argv, app.isPackaged), (await core.settings.get()).recentFolders, process.cwd());
  if (startFolder) await openFolder(startFolder);
  await refreshMenu();
  showWindow();

  app.on('second-instance', (_event, argv, workingDirectory) => {
    const [folder] = folderArgs(argv, app.isPackaged);
    if (folder) void pickStartupFolder([folder], [], workingDirectory).then((f) => (f ? openFolder(f) : undefined));
    const w = showWindow();
    if (w.isMinimized()) w.restore();
    w.focus();
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) showWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  let disposed = false;
  app.on('will-quit', (event) => {
    if (disposed) return;
    event.preventDefault();
    removeIpc();
    void core.dispose().finally(() => {
      disposed = true;
      app.quit();
    });
  });
}

registerAppScheme();
app.setPath('userData', defaultDataDir());
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  start().catch((err: unknown) => {
    dialog.showErrorBox('Akira could not start', (err as Error)?.stack ?? String(err));
    app.exit(1);
  });
}
