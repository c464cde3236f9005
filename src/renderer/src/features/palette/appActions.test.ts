import { afterEach, describe, expect, it } from 'vitest';
import type { SidebarView } from '../../appState/uiStore';
import { useUiStore } from '../../appState/uiStore';
import type { AgentSessionSummary, AgentStatus } from '../../../../shared/contract';
import { useSessionStore } from '../agent/sessionStore';
import { APP_ACTIONS, canRun, type AppAction } from './appActions';
import { shortcutRows } from './ShortcutsDialog';
import { formatCombo, parseCombo } from '../../ui/keyCombos';
import { actionForKey } from './useShortcutKeys';
import { usePrefsStore } from '../../i18n';
import { commandItems } from './commandItems';

const press = (key: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}, code?: string) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  code,
  ...mods,
});
const anywhere = { inTerminal: false, paletteOpen: false, settingsOpen: false, workspace: true, face: 'browser' };
const initial = useUiStore.getState();
const initialSessions = useSessionStore.getState();
const initialPrefs = usePrefsStore.getState();
afterEach(() => {
  usePrefsStore.setState(initialPrefs, true);
  useUiStore.setState(initial, true);
  useSessionStore.setState(initialSessions, true);
});

/** The Agent view shows a session in this state. */
function showSession(status: AgentStatus) {
  const session = { sessionId: 's1', task: 'Add a test', status } as AgentSessionSummary;
  useSessionStore.setState({ sessions: [session], currentSessionId: 's1' });
}

describe('the action registry', () => {
  it('has unique ids and keys that parse', () => {
    const ids = APP_ACTIONS.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const a of APP_ACTIONS) for (const k of a.keys ?? []) expect(() => parseCombo(k), `${a.id}: ${k}`).not.toThrow();
  });

  it('gives a key to one dispatched action only', () => {
    const owner = new Map<string, string>();
    for (const a of APP_ACTIONS.filter((x) => !x.keysWhere)) {
      for (const k of a.keys ?? []) {
        const combo = JSON.stringify(parseCombo(k));
        expect(owner.get(combo), `${k}: ${a.id} and ${owner.get(combo)}`).toBeUndefined();
        owner.set(combo, a.id);
      }
    }
  });

  it('shows every view, and lists what the issue asks for in the palette', () => {
    const views: SidebarView[] = ['files', 'search', 'agent', 'changes', 'timeline', 'review', 'specs'];
    for (const v of views) expect(APP_ACTIONS.some((a) => a.id === `view.${v}` && a.run)).toBe(true);
    const listed = APP_ACTIONS.filter((a) => !a.hidden && a.run).map((a) => a.id);
    for (const id of ['palette.quickOpen', 'palette.shortcuts', 'terminal.toggle', 'terminal.new', 'layout.sidebar', 'settings.open', 'session.pause', 'session.resume', 'session.stop', 'checkpoint.now', 'checkpoint.restore', 'folder.open']) {
      expect(listed).toContain(id);
    }
  });

  it('offers only what can run: a folder needed, the session’s state, the open file', () => {
    const byId = (id: string) => APP_ACTIONS.find((a) => a.id === id)!;
    expect(canRun(byId('terminal.toggle'), { workspace: false })).toBe(false);
    expect(canRun(byId('settings.open'), { workspace: false })).toBe(true);
    expect(canRun(byId('session.pause'), { workspace: true })).toBe(false); // no session shown
    expect(canRun(byId('editor.save'), { workspace: true })).toBe(false); // no file open
    useUiStore.getState().openFile('src/a.ts');
    expect(canRun(byId('editor.save'), { workspace: true })).toBe(true);
    useUiStore.getState().setSidebar('agent'); // the editor is not shown
    expect(canRun(byId('editor.save'), { workspace: true })).toBe(false);
    expect(canRun(byId('review.next'), { workspace: true })).toBe(false); // listed, not run
  });

  it('offers the session controls the shown session’s state allows, with its task', () => {
    const byId = (id: string) => APP_ACTIONS.find((a) => a.id === id)!;
    const offered = () => ['session.pause', 'session.resume', 'session.stop'].filter((id) => canRun(byId(id), { workspace: true }));
    showSession('running');
    expect(offered()).toEqual(['session.pause', 'session.stop']);
    expect(byId('session.pause').detail?.()).toBe('Add a test');
    showSession('paused');
    expect(offered()).toEqual(['session.resume', 'session.stop']);
    showSession('queued'); // cancelled from its queue panel
    expect(offered()).toEqual([]);
    showSession('completed');
    expect(offered()).toEqual([]);
  });
});

describe('actionForKey', () => {
  const id = (a: AppAction | null) => a?.id ?? null;
  it('finds the palette, the panels and the views by their keys', () => {
    expect(id(actionForKey(press('p', { ctrlKey: true }), anywhere))).toBe('palette.quickOpen');
    expect(id(actionForKey(press('P', { metaKey: true, shiftKey: true }), anywhere))).toBe('palette.commands');
    expect(id(actionForKey(press('F1'), anywhere))).toBe('palette.commands');
    expect(id(actionForKey(press('`', { ctrlKey: true }, 'Backquote'), anywhere))).toBe('terminal.toggle');
    expect(id(actionForKey(press('b', { ctrlKey: true }), anywhere))).toBe('layout.sidebar');
    expect(id(actionForKey(press(',', { ctrlKey: true }), anywhere))).toBe('settings.open');
    expect(id(actionForKey(press('b'), anywhere))).toBeNull();
  });
  it('leaves Ctrl+W to a terminal, only the palette’s keys while it is open, and what needs a folder without one', () => {
    useUiStore.getState().openFile('src/a.ts');
    expect(id(actionForKey(press('w', { ctrlKey: true }), anywhere))).toBe('editor.close');
    expect(id(actionForKey(press('w', { ctrlKey: true }), { ...anywhere, inTerminal: true }))).toBeNull();
    expect(id(actionForKey(press('`', { ctrlKey: true }), { ...anywhere, inTerminal: true }))).toBe('terminal.toggle');
    expect(id(actionForKey(press('b', { ctrlKey: true }), { ...anywhere, paletteOpen: true }))).toBeNull();
    expect(id(actionForKey(press('F1'), { ...anywhere, paletteOpen: true }))).toBe('palette.commands');
    // The Settings page saves with its own Ctrl+S; Ctrl+, closes it.
    expect(id(actionForKey(press('s', { ctrlKey: true }), { ...anywhere, settingsOpen: true }))).toBeNull();
    expect(id(actionForKey(press(',', { ctrlKey: true }), { ...anywhere, settingsOpen: true }))).toBe('settings.open');
    expect(id(actionForKey(press('p', { ctrlKey: true }), { ...anywhere, settingsOpen: true }))).toBe('palette.quickOpen');
    expect(id(actionForKey(press('b', { ctrlKey: true }), { ...anywhere, workspace: false }))).toBeNull();
    expect(id(actionForKey(press('F1'), { ...anywhere, workspace: false }))).toBe('palette.commands');
  });
  it('takes Ctrl+O in the browser only (the desktop’s File menu owns it), with or without a folder', () => {
    expect(id(actionForKey(press('o', { ctrlKey: true }), { ...anywhere, workspace: false }))).toBe('folder.open');
    expect(id(actionForKey(press('o', { ctrlKey: true }), { ...anywhere, face: 'desktop' }))).toBeNull();
  });
  it('never takes the keys a view handles itself (Monaco’s go to line, the Review view’s letters)', () => {
    expect(actionForKey(press('g', { ctrlKey: true }), anywhere)).toBeNull();
    expect(actionForKey(press('j'), anywhere)).toBeNull();
  });
});

describe('the Keyboard Shortcuts page', () => {
  it('lists every action with keys, once, grouped by category', () => {
    const rows = shortcutRows();
    const listed = rows.flatMap((g) => g.actions.map((a) => a.id));
    expect(listed.sort()).toEqual(APP_ACTIONS.filter((a) => a.keys?.length).map((a) => a.id).sort());
    const keys = rows.flatMap((g) => g.actions.flatMap((a) => a.keys!.map((k) => formatCombo(k, false))));
    for (const k of ['Ctrl+P', 'Ctrl+Shift+P', 'F1', 'Ctrl+`', 'Ctrl+B', 'Ctrl+S', 'Ctrl+W', 'Ctrl+Shift+T', 'Ctrl+,', 'j', 'Shift+A']) expect(keys).toContain(k);
  });
});

describe('the registry in the UI language', () => {
  const byId = (id: string) => APP_ACTIONS.find((a) => a.id === id)!;
  it('reads its titles, categories and where keys work in the language shown, and the palette matches them', () => {
    usePrefsStore.getState().setPrefs({ language: 'en', theme: 'dark' });
    expect([byId('terminal.new').category, byId('terminal.new').title]).toEqual(['Terminal', 'New Terminal']);
    usePrefsStore.getState().setPrefs({ language: 'zh-CN', theme: 'dark' });
    expect([byId('terminal.new').category, byId('terminal.new').title]).toEqual(['终端', '新建终端']);
    expect(byId('editor.goToLine').keysWhere).toBe('在编辑器中');
    expect(byId('review.next').title).toBe('下一处更改');
    expect(commandItems(APP_ACTIONS.filter((a) => !a.hidden), '新建终端', [])[0].action.id).toBe('terminal.new');
    expect(shortcutRows().map((g) => g.category)).toContain('视图');
  });

  it('offers the language and theme switches that change something', () => {
    const offered = () => APP_ACTIONS.filter((a) => a.id.startsWith('prefs.') && canRun(a, { workspace: false })).map((a) => a.id);
    usePrefsStore.getState().setPrefs({ language: null, theme: 'dark' });
    expect(offered()).toEqual(['prefs.theme.light', 'prefs.theme.system', 'prefs.language.en', 'prefs.language.zh-CN']);
    usePrefsStore.getState().setPrefs({ language: 'zh-CN', theme: 'system' });
    expect(offered()).toEqual(['prefs.theme.dark', 'prefs.theme.light', 'prefs.language.en', 'prefs.language.system']);
  });
});
