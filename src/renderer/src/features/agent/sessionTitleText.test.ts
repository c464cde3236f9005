import { describe, expect, it } from 'vitest';
import { textIn } from '../../../../shared/i18n';
import { agentStrings } from './agentStrings';
import { sessionTitle } from './sessionTitleText';

describe('session titles in the UI (issue 27 defect 11)', () => {
  it('names a spec session by its spec and tasks, in the UI language; a typed task stays as it is', () => {
    const prompt = 'Run the spec .akira/specs/greet/tasks.md: tasks 1, 2, in order. Each task is judged first (already done → ticked), else done, verified and ticked in tasks.md.';
    expect(sessionTitle(prompt, textIn(agentStrings, 'en'))).toBe('Spec greet · tasks 1, 2');
    expect(sessionTitle('Run the spec .akira/specs/greet/tasks.md: task 3, in order. …', textIn(agentStrings, 'en'))).toBe('Spec greet · task 3');
    expect(sessionTitle(prompt, textIn(agentStrings, 'zh-CN'))).toBe('规格 greet · 任务 1, 2');
    expect(sessionTitle('Fix the greeting', textIn(agentStrings, 'en'))).toBe('Fix the greeting');
  });
});
