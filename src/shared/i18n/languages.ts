/**
 * The languages of Akira's UI, CLI and messages (issue 14): English and Simplified Chinese. `ui.language` in the
 * global settings.json holds one of these; absent means the system's language (the browser's or the OS's locale).
 */
export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'zh-CN': '简体中文' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language to show: the user's choice, else the first system locale we have a catalog for (any Chinese
 * locale gets Simplified Chinese, the only Chinese catalog), else English. Locales may be BCP 47 (`zh-CN`, `en-US`)
 * or POSIX (`zh_CN.UTF-8` from LANG).
 */
export function pickLanguage(choice: Language | null | undefined, systemLocales: readonly (string | undefined)[]): Language {
  if (choice && isLanguage(choice)) return choice;
  for (const locale of systemLocales) {
    const tag = (locale ?? '').trim().toLowerCase().replace(/_/g, '-').split('.')[0];
    if (!tag || tag === 'c' || tag === 'posix') continue;
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-CN';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return 'en';
}
