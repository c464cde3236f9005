/**
 * The editor's tabs as a pure state (issue 13, VS Code's habits), reduced by the functions below; uiStore.ts holds it.
 *
 * - A single click opens a *preview* tab (shown in italics): the next preview replaces it in place. A double click, an
 *   edit (`setDirty`) or `pin` keeps it. Opening what is already open only activates it (and pins it when asked).
 * - New tabs go right of the active one. Closing activates the tab used most recently before it (`recent`).
 * - Closed tabs (a replaced preview too) are remembered, newest last, for `reopenClosed` (Ctrl+Shift+T), which
 *   skips what is open again and reopens pinned.
 * - `dirty` is the editor's news (unsaved edits); these functions never ask anything: closing a dirty tab is
 *   the caller's question (features/editor/tabActions.ts).
 *
 *   let s = emptyTabs; s = openTab(s, {kind: 'file', path: 'a.ts'}, {preview: true}); s = setDirty(s, tabIdOf(…), true);
 */

/** What a tab shows: a file (editable), a file's diff against HEAD, or a file between two checkpoints. */
export type TabTarget =
  | { kind: 'file'; path: string }
  | { kind: 'diff'; path: string }
  | { kind: 'checkpointDiff'; path: string; from: string | null; to: string };

export interface EditorTab {
  id: string;
  target: TabTarget;
  preview: boolean;
  dirty: boolean;
}

export interface TabsState {
  tabs: EditorTab[];
  activeId: string | null;
  /** Open tabs' ids, most recently active first. */
  recent: string[];
  /** Closed tabs' targets, the last closed last (at most CLOSED_KEPT). */
  closed: TabTarget[];
}

export const CLOSED_KEPT = 20;
export const emptyTabs: TabsState = { tabs: [], activeId: null, recent: [], closed: [] };

/** One tab per target: a file's editor, its git diff, and each checkpoint comparison are different tabs. */
export function tabIdOf(target: TabTarget): string {
  if (target.kind === 'checkpointDiff') return `checkpointDiff:${target.path}:${target.from ?? ''}:${target.to}`;
  return `${target.kind}:${target.path}`;
}

export function activeTab(state: TabsState): EditorTab | null {
  return state.tabs.find((t) => t.id === state.activeId) ?? null;
}

function activate(state: TabsState, id: string | null): TabsState {
  return { ...state, activeId: id, recent: id ? [id, ...state.recent.filter((r) => r !== id)] : state.recent };
}

function remember(closed: TabTarget[], targets: TabTarget[]): TabTarget[] {
  return [...closed, ...targets].slice(-CLOSED_KEPT);
}

/** Opens `target` (a preview unless `preview` is false) and makes it active. */
export function openTab(state: TabsState, target: TabTarget, { preview }: { preview: boolean }): TabsState {
  const id = tabIdOf(target);
  const open = state.tabs.find((t) => t.id === id);
  if (open) {
    const tabs = !preview && open.preview ? state.tabs.map((t) => (t.id === id ? { ...t, preview: false } : t)) : state.tabs;
    return activate({ ...state, tabs }, id);
  }
  const tab: EditorTab = { id, target, preview, dirty: false };
  const replaced = preview ? state.tabs.find((t) => t.preview && !t.dirty) : undefined;
  if (replaced) {
    const tabs = state.tabs.map((t) => (t.id === replaced.id ? tab : t));
    const recent = state.recent.filter((r) => r !== replaced.id);
    return activate({ ...state, tabs, recent, closed: remember(state.closed, [replaced.target]) }, id);
  }
  const at = state.activeId ? state.tabs.findIndex((t) => t.id === state.activeId) + 1 : state.tabs.length;
  const tabs = [...state.tabs.slice(0, at), tab, ...state.tabs.slice(at)];
  return activate({ ...state, tabs }, id);
}

export function activateTab(state: TabsState, id: string): TabsState {
  return state.tabs.some((t) => t.id === id) ? activate(state, id) : state;
}

/** Keeps a preview tab (a double click on it, or in the tree). */
export function pinTab(state: TabsState, id: string): TabsState {
  if (!state.tabs.some((t) => t.id === id && t.preview)) return state;
  return { ...state, tabs: state.tabs.map((t) => (t.id === id ? { ...t, preview: false } : t)) };
}

/** Unsaved edits or none; an edited tab is pinned. */
export function setDirty(state: TabsState, id: string, dirty: boolean): TabsState {
  const tab = state.tabs.find((t) => t.id === id);
  if (!tab || (tab.dirty === dirty && (!dirty || !tab.preview))) return state;
  return { ...state, tabs: state.tabs.map((t) => (t.id === id ? { ...t, dirty, preview: dirty ? false : t.preview } : t)) };
}

/** Closes the tabs `ids` (whatever they hold: ask first); the most recently used remaining one becomes active. */
export function closeTabs(state: TabsState, ids: readonly string[]): TabsState {
  const gone = state.tabs.filter((t) => ids.includes(t.id));
  if (!gone.length) return state;
  const tabs = state.tabs.filter((t) => !ids.includes(t.id));
  const recent = state.recent.filter((r) => !ids.includes(r));
  const closed = remember(state.closed, gone.map((t) => t.target));
  const activeId = state.activeId && !ids.includes(state.activeId) ? state.activeId : (recent[0] ?? null);
  return { tabs, activeId, recent, closed };
}

export function closeTab(state: TabsState, id: string): TabsState {
  return closeTabs(state, [id]);
}

/** The ids "Close others" of `id` closes. */
export function otherTabIds(state: TabsState, id: string): string[] {
  return state.tabs.filter((t) => t.id !== id).map((t) => t.id);
}

/** Reopens the last closed tab that is not open again (pinned, active); when each one is open, activates the last. */
export function reopenClosed(state: TabsState): TabsState {
  const closed = [...state.closed];
  let target: TabTarget | undefined;
  while ((target = closed.pop())) {
    const id = tabIdOf(target);
    if (!state.tabs.some((t) => t.id === id)) return openTab({ ...state, closed }, target, { preview: false });
    if (!closed.length) return activate({ ...state, closed }, id);
  }
  return state;
}

