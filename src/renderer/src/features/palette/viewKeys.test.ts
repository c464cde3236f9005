import { afterEach, describe, expect, it } from 'vitest';
import { useUiStore } from '../../appState/uiStore';
import type { AgentSessionSummary, AgentStatus } from '../../../../shared/contract';
import { useSessionStore } from '../agent/sessionStore';
import { APP_ACTIONS, viewTooltip } from './appActions';
import { actionForKey } from './useShortcutKeys';
import { parseCombo } from '../../ui/keyCombos';

// Issue 27, defect 5: keys for the Agent, Review, Timeline and Specs views and for "Approve Plan", none of them a key
// Monaco (its Linux bindings), a terminal (copy, paste) or the browser (new window, reopen, close) keeps.

const anywhere = { inTerminal: false, paletteOpen: false, settingsOpen: false, workspace: true, face: 'browser' };
const ctrlShift = (key: string) => ({ key, ctrlKey: true, metaKey: false, shiftKey: true, altKey: false });
const initial = useUiStore.getState();
const initialSessions = useSessionStore.getState();
afterEach(() => {
  useUiStore.setState(initial, true);
  useSessionStore.setState(initialSessions, true);
});

/** Ctrl+Shift+letter keys that Monaco (on Linux), xterm, the browser or the Linux input method own. */
const TAKEN = ['a', 'i', 'k', 'l', 'o', 'r', 'z', 'c', 'v', 'n', 't', 'w', 'q', 'u', 'j'];

describe('the agent views and plan approval have keys', () => {
  it.each([
    ['view.agent', 'D'],
    ['view.review', 'M'],
    ['view.timeline', 'H'],
    ['view.specs', 'S'],
  ])('%s runs on Ctrl+Shift+%s', (id, key) => {
    expect(actionForKey(ctrlShift(key), anywhere)?.id).toBe(id);
  });

  it('takes none of the keys Monaco, a terminal or the browser keep, and no key twice', () => {
    const keys = APP_ACTIONS.filter((a) => !a.keysWhere).flatMap((a) => (a.keys ?? []).map((k) => ({ id: a.id, combo: parseCombo(k) })));
    const ours = keys.filter((k) => k.id.startsWith('view.') || k.id === 'session.approvePlan');
    for (const { id, combo } of ours) if (combo.mod && combo.shift && !combo.alt) expect(TAKEN, id).not.toContain(combo.key);
    const written = keys.map(({ combo }) => JSON.stringify(combo));
    expect(new Set(written).size).toBe(written.length);
  });

  it('approves a plan with Ctrl+Shift+Enter while one waits and the editor is not shown (Monaco inserts a line above there)', () => {
    const enter = ctrlShift('Enter');
    const show = (status: AgentStatus) =>
      useSessionStore.setState({ sessions: [{ sessionId: 's1', task: 'Add a test', status } as AgentSessionSummary], currentSessionId: 's1' });
    useUiStore.getState().setSidebar('agent');
    show('running');
    expect(actionForKey(enter, anywhere)).toBeNull();
    show('awaiting_plan_approval');
    expect(actionForKey(enter, anywhere)?.id).toBe('session.approvePlan');
    useUiStore.getState().setSidebar('files');
    expect(actionForKey(enter, anywhere)).toBeNull();
  });

  it('names the key in the activity bar tooltip', () => {
    expect(viewTooltip('agent', 'Agent')).toMatch(/^Agent \((Ctrl\+Shift\+D|⇧⌘D)\)$/);
    expect(viewTooltip('search', 'Search')).toMatch(/^Search \((Ctrl\+Shift\+F|⇧⌘F)\)$/);
  });
});
