import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../shared/contract';
import { modelErrors, sessionReasons, plainWords } from '../../../../shared/errors';
import { usePrefsStore } from '../../i18n/prefsStore';
import { applyActivityBatch, emptyActivity } from './activityReducer';
import { noticeText } from './noticeText';

// Issue 27, defect 3: retry, warning and model-error cards are kept as what the event said (words and values), and
// say it in the language of the moment they are drawn: a switch of language after they arrived redraws them.
describe('notice cards after a switch of language', () => {
  it('hold no text of the language they arrived in', () => {
    usePrefsStore.getState().setPrefs({ language: 'zh-CN', theme: 'dark' });
    const ev = (event: Record<string, unknown>, n: number) => ({ n, kind: 'agent' as const, event: { sessionId: 's', ...event } as unknown as AgentEvent });
    const busy = modelErrors.serverAnswered('http://127.0.0.1:9', 503, 'busy');
    const stopped = sessionReasons.stoppedByUser;
    const s = applyActivityBatch(emptyActivity('s'), [
      ev({ type: 'model_retry', attempt: 2, delayMs: 1500, reason: busy.en, reasonWords: plainWords(busy) }, 1),
      ev({ type: 'model_call', seq: 1, outcome: 'failed', status: 429, error: null }, 2),
      ev({ type: 'warning', message: stopped.en, messageWords: plainWords(stopped) }, 3),
    ]);
    usePrefsStore.getState().setPrefs({ language: 'en', theme: 'dark' });
    const notices = s.items.flatMap((i) => (i.kind === 'notice' ? [i] : []));
    expect(notices.map((n) => ('text' in n ? n.text : null))).toEqual([null, null, null]);
    expect(notices.map((n) => noticeText(n, 'en'))).toEqual([
      'The model call is retried (attempt 2) in 1.5 s: The model server at http://127.0.0.1:9 answered 503: busy',
      'Model call failed (HTTP 429): no answer',
      'Stopped by the user.',
    ]);
    expect(noticeText(notices[1], 'zh-CN')).toBe('模型调用失败（HTTP 429）：没有回答');
  });
});
