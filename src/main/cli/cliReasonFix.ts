import type { ErrorWords } from '../../shared/errors';
import { textIn, type Language } from '../../shared/i18n';
import { cliReasonFixStrings } from './reasonFixStrings';

/**
 * How to fix a pause on the command line (issue 27, defect 4): " <how to fix it>" for a reason the CLI knows a fix
 * for (its flags and environment variables, as the app shows its Open Settings button), else ''.
 */
export function cliReasonFix(words: ErrorWords | undefined, language: Language): string {
  const t = textIn(cliReasonFixStrings, language);
  if (words?.key === 'reason.modelKeyRefused') return ` ${t.keyRefused}`;
  if (words?.key === 'reason.modelAccessDenied') return ` ${t.accessDenied}`;
  return '';
}
