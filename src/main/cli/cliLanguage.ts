import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pickLanguage, type Language } from '../../shared/i18n';
import { defaultDataDir } from '../core/settings/dataDir';
import { readUiPrefs } from '../core/settings/uiPrefs';

/**
 * The CLI's language (issue 14): `ui.language` of the global settings.json when the user chose one (the same
 * choice as the app's), else the locale of the environment as POSIX reads it (LC_ALL, then LC_MESSAGES, then
 * LANG: the first one set wins, so `LC_ALL=C` means English whatever LANG says).
 */
export async function cliLanguage(env: NodeJS.ProcessEnv): Promise<Language> {
  let choice: Language | null = null;
  try {
    choice = readUiPrefs(JSON.parse(await readFile(join(defaultDataDir(env), 'settings.json'), 'utf8')) as Record<string, unknown>).language;
  } catch {
    // No settings file, or one that is not JSON (the commands that read it say so): the environment decides.
  }
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return pickLanguage(choice, [locale]);
}
