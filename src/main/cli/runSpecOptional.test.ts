import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reply } from '../../testing/openaiTestServer';
import { useAkiraRunKit } from '../../testing/akiraRunKit';

// Issue 24: `akira run --tasks` through the real built CLI and the scripted model server on a Kiro plan as Kiro
// writes it: task 2's sub-tasks are all optional (`- [ ]* 2.1`, at the same indentation as task 2). Task 2 is work
// of its own: it is judged, runs, is verified, and only its own checkbox changes. Naming its optional sub-task
// runs that one alone.

const kit = useAkiraRunKit();
const { workspace, akiraRun, finished } = kit;

const PATH = '.kiro/specs/store/tasks.md';
const TASKS = [
  '# Implementation Plan',
  '',
  '- [x] 1. Set up the project',
  '  - _Requirements: 1.1_',
  '',
  '- [ ] 2. Implement the store in `store.txt`',
  '  - It holds one line per key: `key=value`',
  '  - _Requirements: 1.1, 1.2_',
  '',
  '- [ ]* 2.1 Write property tests for the store',
  '  - **Validates: Requirements 1.1**',
  '',
  '- [ ]* 2.2 Write unit tests for the store',
  '  - _Requirements: 1.2_',
  '',
].join('\n');
const REQUIREMENTS = [
  '# Requirements Document',
  '',
  '### Requirement 1',
  '',
  '**User Story:** As a tool author, I want to keep values by key.',
  '',
  '#### Acceptance Criteria',
  '',
  '1. WHEN a value is put THEN it SHALL be kept in `store.txt`',
  '2. WHEN a key is missing THEN the store SHALL say so',
  '',
].join('\n');
const settings = { agent: { mode: 'autonomous', policy: { autoApprove: { command: true } } } };
const verdict = (todoId: string) => reply.toolCall('verify_todo', { todoId, approved: true, feedback: 'ok', confidence: 0.9 });
const tasksText = (root: string) => readFile(join(root, PATH), 'utf8');

describe('akira run --tasks on a task whose sub-tasks are all optional (built)', () => {
  it('task 2 runs (judged by the quick checks: store.txt is missing), is verified, and only its checkbox changes', async () => {
    const ws = await workspace({ [PATH]: TASKS, '.kiro/specs/store/requirements.md': REQUIREMENTS }, settings);
    kit.server.enqueue(
      (req) => {
        // The task's prompt: its title whole, and the requirement section it cites.
        const text = JSON.stringify(req.body.messages);
        expect(text).toContain('task 2: Implement the store in `store.txt`');
        expect(text).toContain('### Requirement 1');
        return reply.toolCall('write_file', { path: 'store.txt', content: 'a=1\n' });
      },
      reply.toolCall('update_todo', { id: '2', status: 'done' }),
      verdict('2'),
      verdict('task'),
    );
    const run = akiraRun(ws, ['--tasks', PATH, '--yes', '--json']);
    expect(await finished(run)).toBe(0);
    const events = run.events();
    expect(events.find((e) => e.type === 'plan_proposed')?.todos.map((t: { id: string }) => t.id)).toEqual(['2']);
    expect(events.filter((e) => e.type === 'task_assessed').map((e) => [e.todoId, e.judgedDone])).toEqual([['2', false]]);
    expect(events.filter((e) => e.type === 'spec_ticked').map((e) => [e.todoId, e.ok, e.parents])).toEqual([['2', true, []]]);
    expect(await tasksText(ws.root)).toBe(TASKS.replace('- [ ] 2. ', '- [x] 2. '));
    expect(await readFile(join(ws.root, 'store.txt'), 'utf8')).toBe('a=1\n');
    kit.server.assertDone();
  });

  it('--only 2.1,2.2 runs the optional sub-tasks alone; task 2 stays open (it is ticked only by itself)', async () => {
    const ws = await workspace({ [PATH]: TASKS }, settings);
    const step = (id: string, file: string) => [
      reply.toolCall('assess_task', { taskId: id, detected: false, confidence: 0.9, reasoning: 'no tests yet' }),
      reply.toolCall('write_file', { path: file, content: 'tests\n' }),
      reply.toolCall('update_todo', { id, status: 'done' }),
      verdict(id),
    ];
    kit.server.enqueue(...step('2.1', 'store.prop.txt'), ...step('2.2', 'store.unit.txt'), verdict('task'));
    const run = akiraRun(ws, ['--tasks', PATH, '--only', '2.1,2.2', '--yes']);
    expect(await finished(run)).toBe(0);
    expect(run.stdout()).toContain('ticked 2.1 in tasks.md');
    expect(run.stdout()).toContain('ticked 2.2 in tasks.md');
    expect(await tasksText(ws.root)).toBe(TASKS.replace('- [ ]* 2.1', '- [x]* 2.1').replace('- [ ]* 2.2', '- [x]* 2.2'));
  });
});
