import { describe, expect, it } from 'vitest';
import { shortSessionTitle, specRunOf } from './sessionTitle';

describe('session titles (issue 27 defects 11 and 18)', () => {
  it('names a spec session by its spec and tasks, not by the generated prompt', () => {
    const prompt = 'Run the spec .akira/specs/greet/tasks.md: tasks 1, 2, in order. Each task is judged first (already done → ticked), else done, verified and ticked in tasks.md.';
    expect(specRunOf(prompt)).toEqual({ name: 'greet', tasks: ['1', '2'], total: 2 });
    expect(shortSessionTitle(prompt)).toBe('greet 1, 2');
    expect(specRunOf('Run the spec .kiro/specs/auth-flow/tasks.md: task 2.1, in order. …')).toEqual({ name: 'auth-flow', tasks: ['2.1'], total: 1 });
    expect(specRunOf('Run the spec plan.md: tasks 1, 2 … (40 in all), in order. …')).toEqual({ name: 'plan', tasks: ['1', '2'], total: 40 });
    expect(shortSessionTitle('Run the spec plan.md: tasks 1, 2 … (40 in all), in order. …')).toBe('plan 1, 2 …');
  });

  it('cuts a typed task to its first line and a few words', () => {
    expect(specRunOf('Fix the greeting')).toBeNull();
    expect(shortSessionTitle('Fix the greeting\nand the tests')).toBe('Fix the greeting');
    expect(shortSessionTitle('Make the parser accept trailing commas in every list it reads', 20)).toBe('Make the parser acc…');
  });
});
