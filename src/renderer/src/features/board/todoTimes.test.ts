import { afterEach, describe, expect, it } from 'vitest';
import { usePrefsStore } from '../../i18n';
import { todoTimesText } from './todoTimes';

// A TODO card's times (issue 25), in the UI's language and formats.
describe('todoTimesText', () => {
  const before = usePrefsStore.getState().prefs;
  afterEach(() => usePrefsStore.getState().setPrefs(before));
  const created = new Date(2026, 0, 2, 14, 2, 10);
  const ended = new Date(2026, 0, 2, 14, 5, 40);

  it('says when an open TODO was created, and when an ended one ended and how long it took', () => {
    usePrefsStore.getState().setPrefs({ ...before, language: 'en' });
    expect(todoTimesText({ createdAt: created.toISOString(), completedAt: null })?.text).toBe('Created 14:02:10');
    const done = todoTimesText({ createdAt: created.toISOString(), completedAt: ended.toISOString() })!;
    expect(done.text).toMatch(/^Ended 14:05:40 \(took 3.*30.*\)$/);
    expect(done.title).toMatch(/^Created .*2026.*, ended .*2026/);
  });

  it('in Chinese', () => {
    usePrefsStore.getState().setPrefs({ ...before, language: 'zh-CN' });
    expect(todoTimesText({ createdAt: created.toISOString(), completedAt: null })?.text).toBe('创建于 14:02:10');
    expect(todoTimesText({ createdAt: created.toISOString(), completedAt: ended.toISOString() })?.text).toMatch(/^结束于 14:05:40（用时 3.*）$/);
  });

  it('shows nothing for an older core that sends no times', () => {
    expect(todoTimesText({})).toBeNull();
    expect(todoTimesText({ createdAt: null, completedAt: null })).toBeNull();
  });
});
