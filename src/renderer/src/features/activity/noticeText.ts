import { reasonIn, type ErrorWords } from '../../../../shared/errors';
import { formatDuration, textIn, type Language } from '../../../../shared/i18n';
import { activityStrings } from './activityStrings';

/**
 * A notice card's content as data (issue 27, defect 3): what the event said and its words, never a sentence built
 * when the event arrived, so the card speaks the UI's language at the time it is drawn (a switch of language redraws
 * the retries, warnings and model errors already on screen).
 */
export type NoticeSays =
  | { level: 'retry'; attempt: number | null; delayMs: number | null; reason: string | null; reasonWords?: ErrorWords }
  | { level: 'warning'; message: string; messageWords?: ErrorWords }
  | { level: 'model_error'; status: number | null; error: string | null; errorWords?: ErrorWords };

/** The notice in `language`. */
export function noticeText(notice: NoticeSays, language: Language): string {
  const t = textIn(activityStrings, language);
  switch (notice.level) {
    case 'retry':
      return t.retried(notice.attempt, notice.delayMs ? formatDuration(language, notice.delayMs) : null, notice.reason ? reasonIn(notice.reason, notice.reasonWords, language) : null);
    case 'warning':
      return reasonIn(notice.message, notice.messageWords, language);
    case 'model_error':
      return t.modelCallFailed(notice.status, reasonIn(notice.error, notice.errorWords, language));
  }
}
