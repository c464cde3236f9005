import { useCallback } from 'react';
import { reasonIn, type ErrorWords } from '../../../shared/errors';
import { useLanguage, usePrefsStore } from './prefsStore';

/**
 * A session event's reason in the UI's language (issue 14): its `reasonWords` said through the shared `session`
 * catalog, else the English `reason` as the core wrote it (old logs, reasons without words, unknown keys). The same
 * for an error string an event carries with its words (`error` + `errorWords`: search.onResults, MCP server states,
 * a failed tool call).
 */
export type ReasonText = <R extends string | null | undefined>(reason: R, words: ErrorWords | null | undefined) => R | string;

/** In a component: `const reasonText = useReasonText(); reasonText(board.statusReason, board.statusReasonWords)`. */
export function useReasonText(): ReasonText {
  const language = useLanguage();
  return useCallback(((reason, words) => reasonIn(reason, words, language)) as ReasonText, [language]);
}

/** The same outside React: the language at the time of the call. */
export const reasonTextOf: ReasonText = (reason, words) => reasonIn(reason, words, usePrefsStore.getState().language);
