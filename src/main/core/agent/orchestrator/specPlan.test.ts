import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../../testing/tempTree';
import { parseTasks } from '../../specs/tasksParser';
import { specOptionsOf, specSessionTask, specTaskPrompt, titleOfTodo, todoOfTask } from './specPlan';
import { planSpecSession } from './specStart';

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

describe('planSpecSession on the layouts corpus (issue 24)', () => {
  it('plans an OpenSpec change, and a Kiro plan whose task 2 has only optional sub-tasks (task 2 runs)', async () => {
    const ws = await tempDir('akira-spec-plan-');
    try {
      await cp(join(__dirname, '../../specs/corpus/layouts'), ws.dir, { recursive: true });
      const rate = await planSpecSession(ws.dir, { tasksPath: 'openspec/changes/add-rate-limits/tasks.md' }, 50);
      expect(rate.todos.map((t) => t.id)).toEqual(['1.1', '1.2', '1.3', '2.1', '2.2', '3.1']);
      expect(rate.options.tasksPath).toBe('openspec/changes/add-rate-limits/tasks.md');
      const kv = await planSpecSession(ws.dir, { tasksPath: '.kiro/specs/kv-store/tasks.md' }, 50);
      expect(kv.todos.map((t) => t.id)).toEqual(['2', '3.1', '3.2', '4']);
      expect(titleOfTodo(kv.todos[0])).toBe('Implement the store');
      const named = await planSpecSession(ws.dir, { tasksPath: '.kiro/specs/kv-store/tasks.md', only: ['2.1', '3'] }, 50);
      expect(named.todos.map((t) => t.id)).toEqual(['2.1', '3.1', '3.2', '3.3']);
    } finally {
      await ws.cleanup();
    }
  });

  it('the prompt of an OpenSpec task holds its proposal.md; FR ids pick their sections', () => {
    const [task] = parseTasks('- [ ] 1. Invoices\n  - _Requirements: FR1, All_\n').tasks;
    const prompt = specTaskPrompt({
      tasksPath: 'openspec/changes/x/tasks.md',
      task,
      requirements: '## FR1: Invoices\nOne a month.\n\n## FR2: Taxes\nPer rate.\n',
      design: null,
      proposal: '## Why\nCustomers ask for invoices.\n',
      maxChars: 4000,
    });
    expect(prompt).toContain('## FR1: Invoices\nOne a month.');
    expect(prompt).not.toContain('FR2');
    expect(prompt).toContain('"All" is cited as a requirement but is not a requirement id');
    expect(prompt).toContain('## Proposal (proposal.md)\n## Why\nCustomers ask for invoices.');
  });
});
