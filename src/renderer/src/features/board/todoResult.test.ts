import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePrefsStore } from '../../i18n';
import { todoResultText } from './todoResult';

// A TODO's result on its card (issue 14): a spec task judged done before it ran is said from its judgement.
describe('todoResultText', () => {
  const before = usePrefsStore.getState().prefs;
  beforeEach(() => usePrefsStore.getState().setPrefs({ ...before, language: 'zh-CN' }));
  afterEach(() => usePrefsStore.getState().setPrefs(before));

  const reasoning = 'Quick checks only (agent.spec.assess "heuristic"): file src/greet.js: exists.';
  const judged = {
    status: 'done' as const,
    result: `Judged done without running (heuristic, confidence 1.00): ${reasoning}`,
    assessment: { detected: true, confidence: 1, reasoning, provider: 'heuristic' as const, judgedDone: true, threshold: 0.8, checks: [] },
  };

  it("says a judged-done result in Chinese, with Akira's reasoning from its words", () => {
    const words = { key: 'assess.checksOnly', values: ['assess.checkFileExists', 1, 'src/greet.js'] };
    expect(todoResultText({ ...judged, assessment: { ...judged.assessment, reasoningWords: words } })).toBe(
      '未运行即判定为已完成（快速检查，置信度 1.00）：仅快速检查（agent.spec.assess "heuristic"）：文件 src/greet.js：存在。',
    );
    // A model's reasoning (or an old log's) as it was written.
    expect(todoResultText(judged)).toBe(`未运行即判定为已完成（快速检查，置信度 1.00）：${reasoning}`);
  });

  it("shows any other result as the agent wrote it", () => {
    expect(todoResultText({ status: 'done', result: 'Wrote greet.js', assessment: { ...judged.assessment, judgedDone: false } })).toBe('Wrote greet.js');
    expect(todoResultText({ status: 'verifying', result: 'Wrote it', assessment: null })).toBe('Wrote it');
    expect(todoResultText({ status: 'pending', result: null, assessment: judged.assessment })).toBeNull();
  });

  it('in English, the same words the core wrote', () => {
    usePrefsStore.getState().setPrefs({ ...before, language: 'en' });
    expect(todoResultText(judged)).toBe(judged.result);
  });
});
