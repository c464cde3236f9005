import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';
import { defineCommand, defineEvent, noInput } from './define';

/**
 * The UI's language and theme (issue 14), kept in the global settings.json as `ui.language` (`en`, `zh-CN`;
 * absent: the system's language) and `ui.theme` (`dark`, `light`, `system`; absent: `system`). Every window and
 * face follows a change at once (`ui.onPrefsChanged`); the CLI reads the same language.
 */
export const UI_THEMES = ['dark', 'light', 'system'] as const;
export type UiTheme = (typeof UI_THEMES)[number];

export const uiPrefs = z.object({
  /** Null: follow the system's language. */
  language: z.enum(LANGUAGES).nullable(),
  theme: z.enum(UI_THEMES),
  /**
   * `ui.editorContext` (issue 25): false, a task started from the app does not offer the editor's context (the
   * active file, the selection, the open tabs) as chips. Absent: it does.
   */
  editorContext: z.boolean().optional(),
});
export type UiPrefsT = z.infer<typeof uiPrefs>;

export const uiCommands = {
  'ui.getPrefs': defineCommand(noInput, uiPrefs, "The UI's language (null: the system's) and theme from the global settings."),
  'ui.setPrefs': defineCommand(
    z
      .object({
        /** `en`, `zh-CN`, or null to follow the system's language; absent leaves it. */
        language: z.enum(LANGUAGES).nullable().optional(),
        theme: z.enum(UI_THEMES).optional(),
        /** false: no editor-context chips under the task box; true: them again. */
        editorContext: z.boolean().optional(),
      })
      .strict(),
    uiPrefs,
    'Change the UI language and/or theme (saved in the global settings.json; every window follows).',
  ),
};

export const uiEvents = {
  'ui.onPrefsChanged': defineEvent(uiPrefs, 'The UI language or theme changed (in any window, or in settings.json by hand and read again).'),
};
