import type { QueryClient } from '@tanstack/react-query';
import { useUiStore, type SidebarView } from '../../appState/uiStore';
import type { AkiraClient } from '../../client/client';
import { pushToast } from '../../ui/toastStore';
import { canPause, canResume, canStop, message } from '../agent/sessionFormat';
import { useSessionStore } from '../agent/sessionStore';
import { saveFile } from '../editor/fileDisk';
import { closeActiveTab, reopenClosedTab } from '../editor/tabActions';
import { useFolderDialog } from '../folders/folderDialogStore';
import { useSearchStore } from '../search/searchStore';
import { SEARCH_TOGGLES } from '../search/SearchView';
import { useSettingsStore } from '../settings/settingsStore';
import { createTerminal } from '../terminal/terminalActions';
import { useTerminalStore } from '../terminal/terminalStore';
import { checkpointNow } from '../timeline/checkpointNow';
import { useRestoreStore } from '../timeline/restoreStore';
import { REVIEW_KEYS } from '../review/useReviewKeys';
import { formatCombo } from '../../ui/keyCombos';
import { paletteStore } from './paletteStore';
import { textOf, usePrefsStore } from '../../i18n';
import { setUiPrefs } from '../settings/uiPrefs';
import type { UiPrefsT } from '../../../../shared/contract';
import { actionStrings } from './actionStrings';
import { focusView } from './focusView';
import { approvePlanNow } from './approvePlanKey';

/**
 * Every action of the app, in one registry: the command palette lists the ones that can run now, the shortcut
 * dispatcher (useShortcutKeys.ts) runs them by their keys, and the Keyboard Shortcuts page lists every key. A feature
 * with a new action or key adds it here, not a keydown listener of its own.
 *
 * `keys` are written as shortcuts.ts reads them (`Mod+Shift+P`; the first is the one shown). Keys the dispatcher does
 * not take are listed with `keysWhere`: Monaco's own (go to line, find) and the Review view's single letters, which
 * that view handles while it is shown (features/review/useReviewKeys.ts, whose table they come from).
 */

export interface ActionContext {
  client: AkiraClient;
  queryClient: QueryClient;
  /** A folder is open (most actions need one; the Welcome screen has only the `anywhere` ones). */
  workspace: boolean;
  /** app.describe's face: the browser's keys differ where the desktop's menu owns one. */
  face: string | null;
}

export interface AppAction {
  /** Stable: the palette's recently used list keeps it. */
  id: string;
  /** In the UI's language (read when used: actionStrings.ts). */
  readonly category: string;
  readonly title: string;
  keys?: readonly string[];
  /** The keys are handled there, not by the dispatcher (listed only); in the UI's language. */
  readonly keysWhere?: string;
  /** The keys are left to a focused terminal (Ctrl+W deletes a word there). */
  notInTerminal?: boolean;
  /** The keys work in the browser only: the desktop app's menu owns them (Ctrl+O opens its native dialog). */
  keysInBrowserOnly?: boolean;
  /** Left out of the palette (a key for the Shortcuts page only, or the palette itself). */
  hidden?: boolean;
  /** Runs without an open folder too. */
  anywhere?: boolean;
  /** Whether it can run now; the palette lists it and its keys work only then. */
  enabled?(): boolean;
  /** A line under the title in the palette (the session it acts on). */
  detail?(): string | null;
  run?(ctx: ActionContext): void | Promise<unknown>;
}

const ui = () => useUiStore.getState();
const terminals = () => useTerminalStore.getState();

/** The views whose main area is the editor (the others show their own page there; see app/App.tsx). */
const EDITOR_VIEWS: readonly SidebarView[] = ['files', 'search', 'changes', 'timeline'];
export const editorShown = () => EDITOR_VIEWS.includes(ui().sidebar);

/** Shows a view (the sidebar too, if it was hidden), over the settings page if that was open. */
export function showView(view: SidebarView): void {
  useSettingsStore.getState().closeSettings();
  ui().setSidebar(view);
}

/** Opens a file in the editor (a preview tab, as a single click in the tree does) with the focus, at `line` if given. */
export function openFileAt(path: string, line?: number, column?: number): void {
  useSettingsStore.getState().closeSettings();
  if (!editorShown()) ui().setSidebar('files');
  ui().openFile(path, { line, column, focus: true });
}

export function toggleTerminal(show = !ui().terminalVisible): void {
  ui().setTerminalVisible(show);
  const active = terminals().activeId;
  if (show && active) terminals().activate(active, true);
  else if (!show && document.activeElement instanceof HTMLElement && document.activeElement.closest('.panel')) document.activeElement.blur();
}

type Words = (typeof actionStrings)['en'];
type WordKey = { [K in keyof Words]: Words[K] extends string ? K : never }[keyof Words];
const words = (): Words => textOf(actionStrings);

/** An action whose category, title and keysWhere are catalog keys (or a title read elsewhere): read in the UI's language each time. */
type Def = Omit<AppAction, 'category' | 'title' | 'keysWhere'> & { category: WordKey; title: WordKey | (() => string); keysWhere?: WordKey };
function action({ category, title, keysWhere, ...rest }: Def): AppAction {
  const read = (key: WordKey | undefined) => (key === undefined ? undefined : words()[key]);
  return Object.defineProperties(rest, {
    category: { enumerable: true, get: () => read(category) },
    title: { enumerable: true, get: () => (typeof title === 'function' ? title() : read(title)) },
    keysWhere: { enumerable: keysWhere !== undefined, get: () => read(keysWhere) },
  }) as AppAction;
}

/** The palette's Preferences: a language or theme switch, offered when it changes something. */
function prefsAction(id: string, title: WordKey, change: Partial<UiPrefsT>): AppAction {
  const prefs = () => usePrefsStore.getState().prefs;
  return action({
    id,
    category: 'catPreferences',
    title,
    anywhere: true,
    enabled: () => Object.entries(change).some(([k, v]) => prefs()[k as keyof UiPrefsT] !== v),
    run: ({ client }) =>
      setUiPrefs(client, change).catch((err: unknown) => pushToast({ tone: 'bad', title: words().couldNotChangePrefs, detail: message(err) })),
  });
}

function currentSession() {
  const { currentSessionId, sessions } = useSessionStore.getState();
  return currentSessionId ? (sessions.find((s) => s.sessionId === currentSessionId) ?? null) : null;
}
const sessionDetail = () => currentSession()?.task ?? null;

async function sessionCall(failed: 'couldNotPause' | 'couldNotResume', call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
  } catch (err) {
    pushToast({ tone: 'bad', title: words()[failed], detail: message(err) });
  }
}

/**
 * The views' keys: VS Code's Ctrl+Shift+letter shows a view, so the agent views take letters VS Code gives to views
 * Akira does not have (D: Run and Debug, M: Problems) or that Monaco, xterm and the browser leave free (H: history,
 * S: specs). Not A, I, K, L, O, R or Z (Monaco's on Linux), not C or V (a terminal's copy and paste), not N, T or W
 * (the browser keeps them), not U (the Linux input method's Unicode entry).
 */
const VIEWS: { view: SidebarView; title: WordKey; keys?: string[] }[] = [
  { view: 'files', title: 'showFiles', keys: ['Mod+Shift+E'] },
  { view: 'search', title: 'searchInFiles', keys: ['Mod+Shift+F'] },
  { view: 'agent', title: 'showAgent', keys: ['Mod+Shift+D'] },
  { view: 'changes', title: 'showChanges', keys: ['Mod+Shift+G'] },
  { view: 'timeline', title: 'showTimeline', keys: ['Mod+Shift+H'] },
  { view: 'review', title: 'showReview', keys: ['Mod+Shift+M'] },
  { view: 'specs', title: 'showSpecs', keys: ['Mod+Shift+S'] },
];

/** A view's keys (the activity bar's tooltips name them). */
export const viewKeys = (view: SidebarView): readonly string[] => VIEWS.find((v) => v.view === view)?.keys ?? [];

/** An activity bar button's tooltip: the view's name and its key (`Agent (Ctrl+Shift+D)`). */
export function viewTooltip(view: SidebarView, name: string): string {
  const key = viewKeys(view)[0];
  return key ? `${name} (${formatCombo(key)})` : name;
}

/** The titles of the Search and Review views' keys in the UI's language (their own English title if the catalog lacks one). */
const ownTitle = (key: string, english: string) => () => (words() as unknown as Record<string, string | undefined>)[key] ?? english;

export const APP_ACTIONS: readonly AppAction[] = [
  // The palette itself.
  action({ id: 'palette.quickOpen', category: 'catGo', title: 'goToFile', keys: ['Mod+P'], run: () => paletteStore().show('files') }),
  action({ id: 'palette.commands', category: 'catGo', title: 'showAllCommands', keys: ['Mod+Shift+P', 'F1'], hidden: true, anywhere: true, run: () => paletteStore().show('commands') }),
  action({ id: 'palette.shortcuts', category: 'catHelp', title: 'keyboardShortcuts', anywhere: true, run: () => paletteStore().showShortcuts() }),

  // Views and layout.
  ...VIEWS.map(({ view, title, keys }) =>
    action({
      id: `view.${view}`,
      category: 'catView',
      title,
      keys,
      run: () => {
        if (view === 'search') return showSearch();
        showView(view);
        focusView(view);
      },
    }),
  ),
  action({ id: 'layout.sidebar', category: 'catView', title: 'toggleSidebar', keys: ['Mod+B'], run: () => ui().setSidebarVisible(!ui().sidebarVisible) }),
  action({ id: 'terminal.toggle', category: 'catTerminal', title: 'toggleTerminal', keys: ['Ctrl+`'], run: () => toggleTerminal() }),
  action({
    id: 'terminal.new',
    category: 'catTerminal',
    title: 'newTerminal',
    keys: ['Ctrl+Shift+`'],
    run: async ({ client }) => {
      toggleTerminal(true);
      try {
        await createTerminal(client, terminals().lastSize ?? undefined, true);
      } catch (err) {
        pushToast({ tone: 'bad', title: words().couldNotStartTerminal, detail: message(err) });
      }
    },
  }),
  action({ id: 'settings.open', category: 'catPreferences', title: 'openSettings', keys: ['Mod+,'], anywhere: true, run: () => toggleSettings() }),
  prefsAction('prefs.theme.dark', 'themeDark', { theme: 'dark' }),
  prefsAction('prefs.theme.light', 'themeLight', { theme: 'light' }),
  prefsAction('prefs.theme.system', 'themeSystem', { theme: 'system' }),
  prefsAction('prefs.language.en', 'languageEnglish', { language: 'en' }),
  prefsAction('prefs.language.zh-CN', 'languageChinese', { language: 'zh-CN' }),
  prefsAction('prefs.language.system', 'languageSystem', { language: null }),
  action({ id: 'folder.open', category: 'catFile', title: 'openFolder', keys: ['Mod+O'], keysInBrowserOnly: true, anywhere: true, run: () => useFolderDialog.getState().show() }),

  // The editor.
  action({
    id: 'editor.save',
    category: 'catFile',
    title: 'save',
    keys: ['Mod+S'],
    enabled: () => editorShown() && ui().editor?.kind === 'file',
    run: ({ client, queryClient }) => {
      const editor = ui().editor;
      if (editor?.kind === 'file') return saveFile({ client, queryClient }, editor.path);
    },
  }),
  action({ id: 'editor.close', category: 'catFile', title: 'closeEditor', keys: ['Mod+W'], notInTerminal: true, enabled: () => editorShown() && !!ui().editor, run: () => closeActiveTab() }),
  action({ id: 'editor.reopen', category: 'catFile', title: 'reopenClosedEditor', keys: ['Mod+Shift+T'], notInTerminal: true, enabled: editorShown, run: () => reopenClosedTab() }),
  action({ id: 'editor.goToLine', category: 'catGo', title: 'goToLine', keys: ['Mod+G'], keysWhere: 'inTheEditor', run: () => paletteStore().show('files', ':') }),
  action({ id: 'editor.find', category: 'catEditor', title: 'findInFile', keys: ['Mod+F'], keysWhere: 'inTheEditor', hidden: true }),

  // The session shown in the Agent view.
  action({
    id: 'session.pause',
    category: 'catSession',
    title: 'pauseSession',
    enabled: () => !!currentSession() && canPause(currentSession()!.status),
    detail: sessionDetail,
    run: ({ client }) => sessionCall('couldNotPause', () => client.invoke('agent.pause', { sessionId: currentSession()!.sessionId })),
  }),
  action({
    id: 'session.resume',
    category: 'catSession',
    title: 'resumeSession',
    enabled: () => !!currentSession() && canResume(currentSession()!.status),
    detail: sessionDetail,
    // Shown first: a project's own model server asks for trust there (the session header's Resume).
    run: ({ client }) => {
      showView('agent');
      return sessionCall('couldNotResume', () => client.invoke('agent.resume', { sessionId: currentSession()!.sessionId }));
    },
  }),
  action({
    id: 'session.approvePlan',
    category: 'catSession',
    title: 'approvePlan',
    // Mod+Shift+Enter: Monaco's "insert line above", so not while the editor is shown.
    keys: ['Mod+Shift+Enter'],
    enabled: () => currentSession()?.status === 'awaiting_plan_approval' && !editorShown(),
    detail: sessionDetail,
    run: () => approvePlanNow(),
  }),
  action({
    id: 'session.stop',
    category: 'catSession',
    title: 'stopSession',
    enabled: () => !!currentSession() && canStop(currentSession()!.status) && currentSession()!.status !== 'queued',
    detail: sessionDetail,
    run: () => paletteStore().askStop(currentSession()!.sessionId),
  }),

  // Checkpoints.
  action({
    id: 'checkpoint.now',
    category: 'catCheckpoints',
    title: 'checkpointNow',
    run: async ({ client }) => {
      const note = await checkpointNow(client);
      if (note) pushToast({ tone: note.tone === 'ok' ? 'ok' : 'bad', title: note.text, testId: 'checkpoint-now-toast' }, 5000);
    },
  }),
  action({
    id: 'checkpoint.restore',
    category: 'catCheckpoints',
    title: 'restoreCheckpoint',
    run: () => {
      showView('timeline');
      focusView('timeline');
    },
  }),
  // The restore banner's Undo, for the keyboard (the banner is past the terminal in the Tab order).
  action({
    id: 'checkpoint.undoRestore',
    category: 'catCheckpoints',
    title: 'undoRestore',
    enabled: () => {
      const toast = useRestoreStore.getState().toast;
      return !!toast && toast.kind === 'restored' && (!!toast.undoId || !!toast.undoRewind);
    },
    run: () => document.querySelector<HTMLButtonElement>('[data-testid="undo-restore"]:not([disabled])')?.click(),
  }),

  // The Search view's and the Review view's own keys, listed for the Shortcuts page.
  ...SEARCH_TOGGLES.map(({ field, title, key }) =>
    action({
      id: `search.${field}`,
      category: 'catSearch',
      title: ownTitle(`search_${field}`, title.replace(/\s*\(.*\)$/, '')),
      keys: [`Alt+${key.toUpperCase()}`],
      keysWhere: 'inTheSearchView',
      hidden: true,
    }),
  ),
  ...REVIEW_KEYS.map(({ action: name, keys, title }) =>
    action({ id: `review.${name}`, category: 'catReview', title: ownTitle(`review_${name}`, title), keys, keysWhere: 'inTheReviewView', hidden: true }),
  ),
];

function showSearch(): void {
  showView('search');
  useSearchStore.getState().requestFocus();
}

function toggleSettings(): void {
  const s = useSettingsStore.getState();
  if (s.open) s.closeSettings();
  else s.openSettings();
}

export const actionById = (id: string): AppAction | undefined => APP_ACTIONS.find((a) => a.id === id);
export const canRun = (a: AppAction, ctx: Pick<ActionContext, 'workspace'>): boolean => !!a.run && (ctx.workspace || !!a.anywhere) && (a.enabled?.() ?? true);
