import { afterEach, describe, expect, it } from 'vitest';
import { usePrefsStore } from '../../i18n';
import { modeText } from './modeText';

// Built-in modes are shown in the UI's language; custom ones (and built-ins a project redefined) as they are written.
describe('mode names and descriptions', () => {
  const before = usePrefsStore.getState().prefs;
  afterEach(() => usePrefsStore.getState().setPrefs(before));
  const autonomous = { id: 'autonomous', name: 'Autonomous', description: 'Plan, execute and verify…', builtIn: true };
  const custom = { id: 'docs', name: 'Docs', description: 'Write the docs.', builtIn: false };
  const redefined = { id: 'learn', name: 'Learn (ours)', description: 'Our way.', builtIn: false };

  it('in Chinese for the built-in ones only', () => {
    usePrefsStore.getState().setPrefs({ ...before, language: 'zh-CN' });
    expect(modeText(autonomous)).toEqual({ name: '自主', description: '端到端地规划、执行并验证一个大型任务；更改会被应用并创建检查点。' });
    expect(modeText(custom)).toEqual({ name: 'Docs', description: 'Write the docs.' });
    expect(modeText(redefined)).toEqual({ name: 'Learn (ours)', description: 'Our way.' });
    expect(modeText({ ...autonomous, id: 'future-mode' })).toEqual({ name: 'Autonomous', description: 'Plan, execute and verify…' });
  });

  it('in English as the core words them', () => {
    usePrefsStore.getState().setPrefs({ ...before, language: 'en' });
    expect(modeText(autonomous).name).toBe('Autonomous');
    expect(modeText({ ...autonomous, id: 'bug-fix' }).description).toBe('Reproduce the bug, find the root cause, fix it and add a regression test.');
  });
});
