import { useState } from 'react';
import { UI_THEMES, type UiPrefsT } from '../../../../shared/contract';
import { LANGUAGE_NAMES, LANGUAGES, pickLanguage } from '../../../../shared/i18n';
import { useClient } from '../../client/ClientContext';
import { usePrefsStore, useText } from '../../i18n';
import { Field } from './Field';
import { settingsStrings } from './settingsStrings';
import { setUiPrefs } from './uiPrefs';

const SYSTEM = 'system';
const NO_ERRORS = {};

/**
 * The UI's language and theme (ui.language, ui.theme in the global settings.json), and whether a new task offers the
 * editor's context (ui.editorContext, issue 25): they act at once, for every window
 * and whichever scope the page edits (no Save), as the palette's Preferences actions do.
 */
export function AppearanceSection() {
  const t = useText(settingsStrings);
  const client = useClient();
  const prefs = usePrefsStore((s) => s.prefs);
  const systemLanguage = usePrefsStore((s) => pickLanguage(null, s.systemLanguages));
  const systemDark = usePrefsStore((s) => s.systemDark);
  const [error, setError] = useState<string | null>(null);
  const change = (next: Partial<UiPrefsT>) => {
    setError(null);
    setUiPrefs(client, next).catch((err: Error) => setError(t.couldNotChange(err.message)));
  };
  const themeName = { dark: t.themeDark, light: t.themeLight, system: t.themeSystem(systemDark ? t.themeDark : t.themeLight) };
  return (
    <section className="st-section" aria-labelledby="st-appearance-title" data-testid="settings-appearance">
      <h3 id="st-appearance-title">{t.appearance}</h3>
      <p className="st-note">{t.appearanceNote}</p>
      <div className="st-grid">
        <Field id="st-language" label={t.language} path="ui.language" errors={NO_ERRORS}>
          <select
            id="st-language"
            className="tl-input"
            value={prefs.language ?? SYSTEM}
            data-testid="settings-language"
            onChange={(e) => change({ language: e.target.value === SYSTEM ? null : (e.target.value as UiPrefsT['language']) })}
          >
            <option value={SYSTEM}>{t.languageSystem(LANGUAGE_NAMES[systemLanguage])}</option>
            {LANGUAGES.map((l) => (
              <option key={l} value={l} lang={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </Field>
        <Field id="st-theme" label={t.theme} path="ui.theme" errors={NO_ERRORS}>
          <select id="st-theme" className="tl-input" value={prefs.theme} data-testid="settings-theme" onChange={(e) => change({ theme: e.target.value as UiPrefsT['theme'] })}>
            {UI_THEMES.map((theme) => (
              <option key={theme} value={theme}>
                {themeName[theme]}
              </option>
            ))}
          </select>
        </Field>
        <Field id="st-editor-context" label={t.editorContext} path="ui.editorContext" errors={NO_ERRORS} hint={t.editorContextHint}>
          <label className="st-switch">
            <input id="st-editor-context" type="checkbox" role="switch" checked={prefs.editorContext !== false} data-testid="settings-editor-context" onChange={(e) => change({ editorContext: e.target.checked })} />
            <span>{t.editorContextSwitch}</span>
          </label>
        </Field>
      </div>
      {error && (
        <div className="st-error" role="alert" data-testid="settings-appearance-error">
          {error}
        </div>
      )}
    </section>
  );
}
