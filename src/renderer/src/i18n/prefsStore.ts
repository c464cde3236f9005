import { create } from 'zustand';
import type { UiPrefsT } from '../../../shared/contract';
import { isLanguage, pickLanguage, type Language } from '../../../shared/i18n';

/**
 * The UI's language and theme as the window shows them (issue 14): the saved choice (`ui.getPrefs`, kept in sync by
 * UiPrefsSync) resolved against the system's (the browser's languages, `prefers-color-scheme`). The last resolved
 * values are remembered in localStorage so that a reload paints in the right language and theme before the core
 * answers.
 */
export type ResolvedTheme = 'dark' | 'light';

interface PrefsState {
  prefs: UiPrefsT;
  systemLanguages: readonly string[];
  systemDark: boolean;
  language: Language;
  theme: ResolvedTheme;
  setPrefs(prefs: UiPrefsT): void;
  setSystem(system: { languages?: readonly string[]; dark?: boolean }): void;
}

const REMEMBERED = 'akira.uiPrefs';

function remembered(): { language: Language; theme: ResolvedTheme } | null {
  try {
    const value = JSON.parse(globalThis.localStorage?.getItem(REMEMBERED) ?? 'null') as { language?: unknown; theme?: unknown } | null;
    if (value && isLanguage(value.language) && (value.theme === 'dark' || value.theme === 'light')) return { language: value.language, theme: value.theme };
  } catch {
    // Nothing usable remembered.
  }
  return null;
}

function resolve(prefs: UiPrefsT, systemLanguages: readonly string[], systemDark: boolean): { language: Language; theme: ResolvedTheme } {
  const theme: ResolvedTheme = prefs.theme === 'system' ? (systemDark ? 'dark' : 'light') : prefs.theme;
  return { language: pickLanguage(prefs.language, systemLanguages), theme };
}

const systemLanguages = (): readonly string[] => (typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));
const systemDark = (): boolean => globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ?? true;

const initialSystem = { languages: systemLanguages(), dark: systemDark() };
const initialPrefs: UiPrefsT = { language: null, theme: 'system' };
const initial = remembered() ?? resolve(initialPrefs, initialSystem.languages, initialSystem.dark);

export const usePrefsStore = create<PrefsState>((set, get) => ({
  prefs: initialPrefs,
  systemLanguages: initialSystem.languages,
  systemDark: initialSystem.dark,
  ...initial,
  setPrefs: (prefs) => {
    const s = get();
    set({ prefs, ...resolve(prefs, s.systemLanguages, s.systemDark) });
  },
  setSystem: (system) => {
    const s = get();
    const languages = system.languages ?? s.systemLanguages;
    const dark = system.dark ?? s.systemDark;
    set({ systemLanguages: languages, systemDark: dark, ...resolve(s.prefs, languages, dark) });
  },
}));

usePrefsStore.subscribe(({ language, theme }) => {
  try {
    globalThis.localStorage?.setItem(REMEMBERED, JSON.stringify({ language, theme }));
  } catch {
    // Private mode or no storage: the next load waits for the core instead.
  }
});

export const useLanguage = (): Language => usePrefsStore((s) => s.language);
export const useResolvedTheme = (): ResolvedTheme => usePrefsStore((s) => s.theme);
