import { secretKindsIn } from '../../../common/redact';
import { sessionReasons, wordsReason, type ErrorWords } from '../../../../shared/errors';

/**
 * A task or message that holds something shaped like a secret (a bearer token, an API key, a key in a URL) is
 * redacted by the session store before the model or the logs see it (common/redact.ts); this says so to the person
 * who typed it: a `warning` notice `{message, messageWords}` (`reason.secretRedacted`), shown by the UI and `akira run`.
 * Null when the text holds none.
 */
export function secretWarning(text: string, where: 'task' | 'message'): { message: string; messageWords: ErrorWords } | null {
  const kinds = secretKindsIn(text);
  if (!kinds.length) return null;
  const { reason, reasonWords } = wordsReason(sessionReasons.secretRedacted(kinds.join(','), where));
  return { message: reason, messageWords: reasonWords };
}
