import { useEffect, useRef } from 'react';
import { APP_ACTIONS, canRun, type ActionContext, type AppAction } from './appActions';
import { useSettingsStore } from '../settings/settingsStore';
import { usePaletteStore } from './paletteStore';
import { matchesKey, type KeyLike } from '../../ui/keyCombos';

/**
 * The app's one keydown listener for the registry's keys (appActions.ts): on the window in the capture phase, so it
 * comes before Monaco (F1 is Akira's palette, not Monaco's), xterm and the browser (Ctrl+P is not Print). A key is
 * taken only when its action can run now; nothing is taken while another dialog is open (`.dialog-backdrop`), only
 * the palette's own keys while the palette or the Settings page is (and Ctrl+, there), the keys marked `notInTerminal` are left to a focused terminal, and
 * those the desktop's menu owns (`keysInBrowserOnly`) are taken in the browser only.
 */

export interface KeyPlace {
  inTerminal: boolean;
  paletteOpen: boolean;
  /** The Settings page is over the app (a modal with its own Ctrl+S): the palette's keys and Ctrl+, only. */
  settingsOpen: boolean;
  workspace: boolean;
  face: string | null;
}

/** Over the palette or the Settings page only the palette's keys run, and Ctrl+, that closes Settings. */
const overModal = (a: AppAction, place: KeyPlace) =>
  (!place.paletteOpen && !place.settingsOpen) || a.id.startsWith('palette.') || (place.settingsOpen && a.id === 'settings.open');

/** The action a keydown runs (pure but for the actions' `enabled`), or null. */
export function actionForKey(e: KeyLike, place: KeyPlace, actions: readonly AppAction[] = APP_ACTIONS): AppAction | null {
  for (const action of actions) {
    if (!action.keys || action.keysWhere || !action.keys.some((k) => matchesKey(e, k))) continue;
    if (!overModal(action, place)) continue;
    if (place.inTerminal && action.notInTerminal) continue;
    if (action.keysInBrowserOnly && place.face !== 'browser') continue;
    if (canRun(action, place)) return action;
  }
  return null;
}

export function useShortcutKeys(ctx: ActionContext): void {
  const ref = useRef(ctx);
  ref.current = ctx;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.isComposing || document.querySelector('.dialog-backdrop')) return;
      const palette = usePaletteStore.getState();
      const inTerminal = e.target instanceof Element && !!e.target.closest('.xterm');
      const { workspace, face } = ref.current;
      const settingsOpen = useSettingsStore.getState().open;
      const action = actionForKey(e, { inTerminal, paletteOpen: palette.mode !== null || palette.shortcuts, settingsOpen, workspace, face });
      if (!action) return;
      e.preventDefault();
      e.stopPropagation();
      void action.run!(ref.current);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}
