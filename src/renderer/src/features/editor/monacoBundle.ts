/**
 * Everything Monaco: this module is only ever reached through `loadMonaco()`'s dynamic import, so
 * the editor, its CSS, grammars and worker wrappers live in a lazily loaded chunk of their own.
 *
 * monaco-editor 0.57 exposes its ESM tree through package "exports" (`monaco-editor/<path under
 * esm/vs>`). We take the editor API, every editor contribution, the Monarch grammars (each loaded on
 * first use) and the JSON language (its tokenizer lives with its language service). The TypeScript,
 * CSS and HTML language services are left out on purpose: the editor has no project to check against, and a project-less
 * TS service would only paint false errors; their Monarch grammars still colour those files.
 */
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/features/register.all';
import 'monaco-editor/languages/definitions/register.all';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';
import { usePrefsStore } from '../../i18n/prefsStore';
import { MONACO_THEMES, monacoThemeData } from './monacoTheme';

export type MonacoApi = typeof monaco;

declare global {
  interface Window {
    MonacoEnvironment?: monaco.Environment;
  }
}

export function setupMonaco(): MonacoApi {
  self.MonacoEnvironment = {
    // The editor worker computes diffs (and links, word ranges); 'json' serves the JSON language.
    getWorker: (_moduleId: string, label: string) => (label === 'json' ? new JsonWorker() : new EditorWorker()),
  };
  // Read-only viewing: no squiggles for comments or trailing commas in tsconfig-style files.
  jsonDefaults.setDiagnosticsOptions({ validate: false, allowComments: true, trailingCommas: 'ignore' });
  // Monaco's theme is global: every editor and diff editor follows the window's theme, live.
  monaco.editor.defineTheme(MONACO_THEMES.dark, monacoThemeData.dark);
  monaco.editor.defineTheme(MONACO_THEMES.light, monacoThemeData.light);
  monaco.editor.setTheme(MONACO_THEMES[usePrefsStore.getState().theme]);
  usePrefsStore.subscribe((state, previous) => {
    if (state.theme !== previous.theme) monaco.editor.setTheme(MONACO_THEMES[state.theme]);
  });
  return monaco;
}
