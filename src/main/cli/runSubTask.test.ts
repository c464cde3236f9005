import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reply } from '../../testing/openaiTestServer';
import { useAkiraRunKit } from '../../testing/akiraRunKit';

// The real built `akira run --yes` (issue 25): a sub-task's (new_task) change is approved like the parent's, so the run
// ends; its events are in the run's output.

const kit = useAkiraRunKit();
const { workspace, akiraRun, finished } = kit;
const plan = (id: string) => reply.toolCall('todo_write', { todos: [{ id, description: `Do ${id}`, expectedResult: `${id} is done` }] });
const verdict = (todoId: string) => reply.toolCall('verify_todo', { todoId, approved: true, feedback: 'looks right', confidence: 0.9 });

describe('akira run with a sub-task (built)', () => {
  it('--yes approves the sub-task\'s change: exit 0, the child wrote its file, its events are in the output', { timeout: 60_000 }, async () => {
    const ws = await workspace({ 'README.md': '# f\n' }, {});
    kit.server.enqueue(
      plan('p1'),
      reply.toolCall('new_task', { task: 'write child.txt' }),
      plan('c1'),
      reply.toolCall('write_file', { path: 'child.txt', content: 'from the child\n' }),
      reply.toolCall('update_todo', { id: 'c1', status: 'done', result: 'child.txt written' }),
      verdict('c1'),
      verdict('task'),
      reply.toolCall('update_todo', { id: 'p1', status: 'done', result: 'delegated' }),
      verdict('p1'),
      verdict('task'),
    );
    const run = akiraRun(ws, ['--task', 'delegate a part', '--yes', '--json']);
    const code = await finished(run);
    expect(code, run.stderr()).toBe(0);
    expect(await readFile(join(ws.root, 'child.txt'), 'utf8')).toBe('from the child\n');
    const started = run.events().find((e) => e.type === 'subtask_started') as { sessionId: string; childId: string } | undefined;
    expect(started).toBeTruthy();
    expect(run.events().some((e) => e.sessionId === started!.childId && e.type === 'change_decided')).toBe(true);
  });
});
