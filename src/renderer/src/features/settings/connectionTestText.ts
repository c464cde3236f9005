import type { ConnectionTestResultT } from '../../../../shared/contract';
import { wordsText } from '../../../../shared/errors';
import type { Language } from '../../../../shared/i18n';

/**
 * "Test connection"'s result in `language` (issue 14): what passed (`messageWords`), or the error and the hint as two
 * sentences (`errorWords`, `hintWords`; the server's models are shown from `models`, as data). The English `message`
 * when the core sent no words (an older core, an error the model client has no words for) or this build does not
 * know them.
 */
export function connectionTestText(result: ConnectionTestResultT, language: Language): { text: string; hint: string | null } {
  const passed = result.messageWords && wordsText(result.messageWords, language);
  if (passed) return { text: passed, hint: null };
  const error = result.errorWords && wordsText(result.errorWords, language);
  const hint = result.hintWords ? wordsText(result.hintWords, language) : null;
  if (error && (hint || !result.hintWords)) return { text: error, hint };
  return { text: result.message, hint: null };
}
