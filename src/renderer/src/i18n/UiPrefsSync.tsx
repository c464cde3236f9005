import { useCallback, useEffect } from 'react';
import { useClient, useEvent } from '../client/ClientContext';
import { useReconnected } from '../client/useReconnected';
import { usePrefsStore } from './prefsStore';

/**
 * Keeps the window's language and theme in step with the saved prefs (`ui.getPrefs`, `ui.onPrefsChanged`) and with
 * the system (`languagechange`, `prefers-color-scheme`), and puts them on the document: `<html lang>` (screen
 * readers, CJK line breaking), `data-theme` (theme.css) and `color-scheme` (scrollbars, form controls).
 */
export function UiPrefsSync() {
  const client = useClient();
  const setPrefs = usePrefsStore((s) => s.setPrefs);
  const setSystem = usePrefsStore((s) => s.setSystem);
  const language = usePrefsStore((s) => s.language);
  const theme = usePrefsStore((s) => s.theme);

  const load = useCallback(() => {
    client.invoke('ui.getPrefs').then(setPrefs, () => undefined);
  }, [client, setPrefs]);
  useEffect(load, [load]);
  useReconnected(load);
  useEvent('ui.onPrefsChanged', setPrefs);

  useEffect(() => {
    const dark = globalThis.matchMedia?.('(prefers-color-scheme: dark)');
    const onScheme = () => setSystem({ dark: dark?.matches ?? true });
    const onLanguages = () => setSystem({ languages: navigator.languages ?? [navigator.language] });
    dark?.addEventListener('change', onScheme);
    window.addEventListener('languagechange', onLanguages);
    return () => {
      dark?.removeEventListener('change', onScheme);
      window.removeEventListener('languagechange', onLanguages);
    };
  }, [setSystem]);

  useEffect(() => {
    const root = document.documentElement;
    root.lang = language;
    root.dataset.theme = theme;
    root.style.colorScheme = theme;
  }, [language, theme]);

  return null;
}
