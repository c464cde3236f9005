import { UI_THEMES, type UiPrefsT, type UiTheme } from '../../../shared/contract';
import { isLanguage } from '../../../shared/i18n';
import type { DomainHandlers } from '../router';
import type { Emit } from '../eventBus';
import type { SettingsStore } from './settingsStore';

/**
 * `ui.language`, `ui.theme` and `ui.editorContext` (issue 25) of the global settings.json (issue 14). A value that is not one Akira knows is
 * read as absent (the system's language, the system theme), so a typo by hand never breaks the window.
 */
export function readUiPrefs(settings: Record<string, unknown>): UiPrefsT {
  const ui = typeof settings.ui === 'object' && settings.ui !== null ? (settings.ui as Record<string, unknown>) : {};
  const theme = (UI_THEMES as readonly unknown[]).includes(ui.theme) ? (ui.theme as UiTheme) : 'system';
  return { language: isLanguage(ui.language) ? ui.language : null, theme, ...(ui.editorContext === false ? { editorContext: false } : {}) };
}

export function uiHandlers(store: SettingsStore, emit: Emit): DomainHandlers<'ui'> {
  return {
    'ui.getPrefs': async () => readUiPrefs(await store.get()),
    'ui.setPrefs': async (p) => {
      let next: UiPrefsT = { language: null, theme: 'system' };
      await store.update((s) => {
        const ui = { ...(typeof s.ui === 'object' && s.ui !== null ? (s.ui as Record<string, unknown>) : {}) };
        if (p.language !== undefined) {
          if (p.language === null) delete ui.language;
          else ui.language = p.language;
        }
        if (p.theme !== undefined) {
          if (p.theme === 'system') delete ui.theme;
          else ui.theme = p.theme;
        }
        if (p.editorContext === true) delete ui.editorContext;
        else if (p.editorContext === false) ui.editorContext = false;
        const changed = { ...s, ui };
        if (Object.keys(ui).length === 0) delete (changed as Record<string, unknown>).ui;
        next = readUiPrefs(changed);
        return changed;
      });
      emit('ui.onPrefsChanged', next);
      return next;
    },
  };
}
