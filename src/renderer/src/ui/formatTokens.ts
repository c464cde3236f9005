import { formatCompact } from '../../../shared/i18n';
import { usePrefsStore } from '../i18n/prefsStore';

/**
 * A token count for people (the session header, cards, the context chips): 950, 12.3k, 4.5M in English, 1.2万 in
 * Chinese. The language is the UI's at render time (components that show words re-render when it changes).
 */
export function formatTokens(n: number): string {
  return formatCompact(usePrefsStore.getState().language, n);
}
