import { homedir } from 'node:os';
import { join } from 'node:path';
import { app, BrowserWindow, dialog, Menu, Notification, safeStorage, session, shell, type WebContents } from 'electron';
import packageJson from '../../../package.json';
import type { AgentSessionDetail, WorkspaceSummaryT } from '../../shared/contract';
import { createCore, type Core } from '../core/createCore';
import { toContractError } from '../core/errors';
import { defaultDataDir } from '../core/settings/dataDir';
import { readUiPrefs } from '../core/settings/uiPrefs';
import { pickLanguage, textIn, type Language } from '../../shared/i18n';
import { errorText } from '../../shared/errors';
import { desktopStrings, type DesktopWords } from './desktopStrings';
import { APP_ORIGIN, registerAppScheme, serveAppProtocol } from './appProtocol';
import { confirmationOf, confirmDialog, createExternalOpener } from './externalLinks';
import { registerIpcTransport } from './ipcTransport';
import { buildMenu } from './menu';
import { devToolsAllowed } from './menuTemplate';
import { createAppUrlCheck } from './navigation';
import { createSafeStorageSecretStore } from './safeStorageSecrets';
import { watchSpecSessions } from './specNotifications';
import { watchSessionEnds } from './sessionNotifications';
import { guardAllWebContents, hardenSession } from './security';
import { folderArgs, pickStartupFolder } from './startupFolder';
import { createMainWindow } from './window';

// The desktop face: one window around the core, the IPC transport, menus and dialogs.
// Everything that is not Electron-specific lives in src/main/core and is shared with `akira serve`.

const devServerUrl = !app.isPackaged ? (process.env.ELECTRON_RENDERER_URL ?? null) : null;
const rendererUrl = devServerUrl ?? `${APP_ORIGIN}/index.html`;
const isAppUrl = createAppUrlCheck(devServerUrl);
const devTools = devToolsAllowed(app.isPackaged);
/** Set once the core (and its settings) exists; links clicked before that are dropped. */
let openLink: ((url: string, contents: WebContents) => Promise<unknown>) | null = null;

/** The desktop's words in ui.language, else the system's language (updated when the user changes it). */
let language: Language = 'en';
const words = (): DesktopWords => textIn(desktopStrings, language);

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
  // The in-app Open Folder… dialog browses the home folder; the File menu's native dialog opens anything.
  const core: Core = await createCore({ workspaceRoot: null, dataDir, face: 'desktop', version: packageJson.version, secrets, browseRoots: [homedir()] });
  language = pickLanguage(readUiPrefs(await core.settings.get()).language, [app.getLocale()]);
  let win: BrowserWindow | null = null;
  openLink = createExternalOpener<WebContents>({
    settings: core.settings,
    confirm: async (target, contents) => {
      const parent = BrowserWindow.fromWebContents(contents);
      const options = confirmDialog(target, words());
      const { response } = parent ? await dialog.showMessageBox(parent, options) : await dialog.showMessageBox(options);
      return confirmationOf(response);
    },
    open: (url) => shell.openExternal(url),
  });

  async function openFolder(folder: string): Promise<void> {
    try {
      await core.openWorkspace(folder);
    } catch (err) {
      dialog.showErrorBox(words().cannotOpenFolder, errorText(toContractError(err), language));
    }
  }

  async function refreshMenu(): Promise<void> {
    const { recentFolders } = await core.settings.get();
    const openFolderDialog = async () => {
      const options = { title: words().openFolderTitle, properties: ['openDirectory' as const, 'createDirectory' as const] };
      const picked = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
      if (!picked.canceled && picked.filePaths[0]) await openFolder(picked.filePaths[0]);
    };
    const actions = {
      recentFolders,
      openRecent: (folder: string) => void openFolder(folder),
      openFolder: () => void openFolderDialog(),
      closeFolder: core.current() ? () => void core.closeWorkspace() : null,
    };
    Menu.setApplicationMenu(buildMenu(actions, { devTools, words: words() }));
  }

  function showWindow(): BrowserWindow {
    if (win && !win.isDestroyed()) return win;
    win = createMainWindow({
      preload: join(__dirname, '..', 'preload', 'index.cjs'),
      url: rendererUrl,
      title: windowTitle(core.current()),
      devTools,
      // resources/icons/ (scripts/makeIcons.mjs); macOS takes the app bundle's icon instead.
      icon: join(app.getAppPath(), 'resources', 'icons', 'icon-512.png'),
    });
    win.on('closed', () => (win = null));
    return win;
  }

  function showNotification(title: string, body: string): void {
    if (!Notification.isSupported()) return;
    const notification = new Notification({ title, body });
    notification.on('click', () => {
      const w = showWindow();
      if (w.isMinimized()) w.restore();
      w.focus();
    });
    notification.show();
  }

  const removeIpc = registerIpcTransport({ core, window: () => win, isAppUrl });
  // A spec session completed, failed or paused: a system notification (a click brings the window forward).
  const stopSpecNotifications = watchSpecSessions({
    subscribe: (listener) => core.bus.on('agent.onEvent', listener),
    specOf: async (sessionId) => {
      const answer = await core.router.handle('agent.get', { sessionId }, { face: 'desktop' });
      return 'result' in answer ? ((answer.result as AgentSessionDetail).spec ?? null) : null;
    },
    words,
    notify: ({ title, body }) => showNotification(title, body),
  });
  // A typed task completed or failed while the window was not in front: a system notification (a click shows it).
  const stopSessionNotifications = watchSessionEnds({
    subscribe: (listener) => core.bus.on('agent.onEvent', listener),
    sessionOf: async (sessionId) => {
      const answer = await core.router.handle('agent.get', { sessionId }, { face: 'desktop' });
      return 'result' in answer ? (answer.result as AgentSessionDetail) : null;
    },
    windowInFront: () => !!win && !win.isDestroyed() && win.isVisible() && !win.isMinimized() && win.isFocused(),
    words,
    language: () => language,
    notify: ({ title, body }) => showNotification(title, body),
  });
  core.bus.on('ui.onPrefsChanged', (prefs) => {
    language = pickLanguage(prefs.language, [app.getLocale()]);
    void refreshMenu();
  });
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
    stopSpecNotifications();
    stopSessionNotifications();
    void core.dispose().finally(() => {
      disposed = true;
      app.quit();
    });
  });
}

registerAppScheme();
// Every webContents, from the first: no navigation away from the app, no popups, no <webview>.
guardAllWebContents(app, {
  isAppUrl,
  openExternal: (url, contents) => void openLink?.(url, contents).catch(() => undefined),
});
app.setPath('userData', defaultDataDir());
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  start().catch((err: unknown) => {
    dialog.showErrorBox(words().couldNotStart, (err as Error)?.stack ?? String(err));
    app.exit(1);
  });
}
