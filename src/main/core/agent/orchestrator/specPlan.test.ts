import { describe, expect, it } from 'vitest';
import { parseTasks } from '../../specs/tasksParser';
import { specOptionsOf, specSessionTask, specTaskPrompt, titleOfTodo, todoOfTask } from './specPlan';

const { tasks } = parseTasks(['- [ ] 2. Parent', '  - [ ] 2.1 Create `src/a.ts`', '    - Export `a`', '    - _Requirements: 1.2, 3_', ''].join('\n'));
const leaf = tasks.find((t) => t.id === '2.1')!;
const requirements = '### Requirement 1\nSign in works.\n\n### Requirement 2\nNot cited.\n\n### Requirement 3\nAudit.\n';

describe('specPlan', () => {
  it('a task as a TODO: its number as id, the title first (what the tick matches), details and requirements', () => {
    const todo = todoOfTask(leaf);
    expect(todo).toMatchObject({ id: '2.1', status: 'pending', result: null });
    expect(todo.description).toBe('Create `src/a.ts`\n- Export `a`\nRequirements: 1.2, 3');
    expect(titleOfTodo(todo)).toBe('Create `src/a.ts`');
    expect(todo.expectedResult).toBe('Task 2.1 ("Create `src/a.ts`") is done as the spec describes it: Export `a`; it meets requirements 1.2, 3 of requirements.md.');
  });

  it('the task prompt holds the task, the requirements it cites and design.md, within its budget', () => {
    const prompt = specTaskPrompt({ tasksPath: 'tasks.md', task: leaf, requirements, design: '# Design\nUse zod.\n', maxChars: 4000 });
    expect(prompt).toContain('Spec tasks.md, task 2.1: Create `src/a.ts`');
    expect(prompt).toContain('Sign in works.');
    expect(prompt).toContain('Audit.');
    expect(prompt).not.toContain('Not cited.');
    expect(prompt).toContain('## Design (design.md)\n# Design\nUse zod.');
    const big = specTaskPrompt({ tasksPath: 'tasks.md', task: leaf, requirements, design: 'x'.repeat(100_000), maxChars: 3000 });
    expect(big.length).toBeLessThan(3200);
    expect(big).toContain('Sign in works.');
  });

  it('reads its options back from a session, and none from a typed task', () => {
    expect(specOptionsOf({ spec: { tasksPath: 'a/tasks.md', dir: 'a' } })).toEqual({ tasksPath: 'a/tasks.md', dir: 'a', only: null, from: null });
    expect(specOptionsOf({ jsonMode: false })).toBeNull();
    expect(specSessionTask('t.md', ['1', '2'])).toMatch(/^Run the spec t\.md: tasks 1, 2, in order\./);
  });
});
