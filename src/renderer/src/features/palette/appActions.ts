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
import { REVIEW_KEYS } from '../review/useReviewKeys';
import { paletteStore } from './paletteStore';

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
  category: string;
  title: string;
  keys?: readonly string[];
  /** The keys are handled there, not by the dispatcher (listed only). */
  keysWhere?: string;
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

function currentSession() {
  const { currentSessionId, sessions } = useSessionStore.getState();
  return currentSessionId ? (sessions.find((s) => s.sessionId === currentSessionId) ?? null) : null;
}
const sessionDetail = () => currentSession()?.task ?? null;

async function sessionCall(what: string, call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
  } catch (err) {
    pushToast({ tone: 'bad', title: `Could not ${what} the session`, detail: message(err) });
  }
}

const VIEWS: { view: SidebarView; title: string; keys?: string[] }[] = [
  { view: 'files', title: 'Show Files', keys: ['Mod+Shift+E'] },
  { view: 'search', title: 'Search in Files', keys: ['Mod+Shift+F'] },
  { view: 'agent', title: 'Show Agent' },
  { view: 'changes', title: 'Show Changes', keys: ['Mod+Shift+G'] },
  { view: 'timeline', title: 'Show Timeline' },
  { view: 'review', title: 'Show Review' },
  { view: 'specs', title: 'Show Specs' },
];

export const APP_ACTIONS: readonly AppAction[] = [
  // The palette itself.
  { id: 'palette.quickOpen', category: 'Go', title: 'Go to File…', keys: ['Mod+P'], run: () => paletteStore().show('files') },
  { id: 'palette.commands', category: 'Go', title: 'Show All Commands', keys: ['Mod+Shift+P', 'F1'], hidden: true, anywhere: true, run: () => paletteStore().show('commands') },
  { id: 'palette.shortcuts', category: 'Help', title: 'Keyboard Shortcuts', anywhere: true, run: () => paletteStore().showShortcuts() },

  // Views and layout.
  ...VIEWS.map(
    ({ view, title, keys }): AppAction => ({
      id: `view.${view}`,
      category: 'View',
      title,
      keys,
      run: () => (view === 'search' ? showSearch() : showView(view)),
    }),
  ),
  { id: 'layout.sidebar', category: 'View', title: 'Toggle Sidebar', keys: ['Mod+B'], run: () => ui().setSidebarVisible(!ui().sidebarVisible) },
  { id: 'terminal.toggle', category: 'Terminal', title: 'Toggle Terminal', keys: ['Ctrl+`'], run: () => toggleTerminal() },
  {
    id: 'terminal.new',
    category: 'Terminal',
    title: 'New Terminal',
    keys: ['Ctrl+Shift+`'],
    run: async ({ client }) => {
      toggleTerminal(true);
      try {
        await createTerminal(client, terminals().lastSize ?? undefined, true);
      } catch (err) {
        pushToast({ tone: 'bad', title: 'Could not start a terminal', detail: message(err) });
      }
    },
  },
  { id: 'settings.open', category: 'Preferences', title: 'Open Settings', keys: ['Mod+,'], anywhere: true, run: () => toggleSettings() },
  { id: 'folder.open', category: 'File', title: 'Open Folder…', keys: ['Mod+O'], keysInBrowserOnly: true, anywhere: true, run: () => useFolderDialog.getState().show() },

  // The editor.
  {
    id: 'editor.save',
    category: 'File',
    title: 'Save',
    keys: ['Mod+S'],
    enabled: () => editorShown() && ui().editor?.kind === 'file',
    run: ({ client, queryClient }) => {
      const editor = ui().editor;
      if (editor?.kind === 'file') return saveFile({ client, queryClient }, editor.path);
    },
  },
  { id: 'editor.close', category: 'File', title: 'Close Editor', keys: ['Mod+W'], notInTerminal: true, enabled: () => editorShown() && !!ui().editor, run: () => closeActiveTab() },
  { id: 'editor.reopen', category: 'File', title: 'Reopen Closed Editor', keys: ['Mod+Shift+T'], notInTerminal: true, enabled: editorShown, run: () => reopenClosedTab() },
  { id: 'editor.goToLine', category: 'Go', title: 'Go to Line…', keys: ['Mod+G'], keysWhere: 'in the editor', run: () => paletteStore().show('files', ':') },
  { id: 'editor.find', category: 'Editor', title: 'Find in the File', keys: ['Mod+F'], keysWhere: 'in the editor', hidden: true },

  // The session shown in the Agent view.
  {
    id: 'session.pause',
    category: 'Session',
    title: 'Pause the Session',
    enabled: () => !!currentSession() && canPause(currentSession()!.status),
    detail: sessionDetail,
    run: ({ client }) => sessionCall('pause', () => client.invoke('agent.pause', { sessionId: currentSession()!.sessionId })),
  },
  {
    id: 'session.resume',
    category: 'Session',
    title: 'Resume the Session',
    enabled: () => !!currentSession() && canResume(currentSession()!.status),
    detail: sessionDetail,
    // Shown first: a project's own model server asks for trust there (the session header's Resume).
    run: ({ client }) => {
      showView('agent');
      return sessionCall('resume', () => client.invoke('agent.resume', { sessionId: currentSession()!.sessionId }));
    },
  },
  {
    id: 'session.stop',
    category: 'Session',
    title: 'Stop the Session…',
    enabled: () => !!currentSession() && canStop(currentSession()!.status) && currentSession()!.status !== 'queued',
    detail: sessionDetail,
    run: () => paletteStore().askStop(currentSession()!.sessionId),
  },

  // Checkpoints.
  {
    id: 'checkpoint.now',
    category: 'Checkpoints',
    title: 'Checkpoint Now',
    run: async ({ client }) => {
      const note = await checkpointNow(client);
      if (note) pushToast({ tone: note.tone === 'ok' ? 'ok' : 'bad', title: note.text, testId: 'checkpoint-now-toast' }, 5000);
    },
  },
  { id: 'checkpoint.restore', category: 'Checkpoints', title: 'Restore a Checkpoint… (Timeline)', run: () => showView('timeline') },

  // The Search view's and the Review view's own keys, listed for the Shortcuts page.
  ...SEARCH_TOGGLES.map(
    ({ field, title, key }): AppAction => ({ id: `search.${field}`, category: 'Search', title: title.replace(/\s*\(.*\)$/, ''), keys: [`Alt+${key.toUpperCase()}`], keysWhere: 'in the Search view', hidden: true }),
  ),
  ...REVIEW_KEYS.map(
    ({ action, keys, title }): AppAction => ({ id: `review.${action}`, category: 'Review', title, keys, keysWhere: 'in the Review view', hidden: true }),
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
