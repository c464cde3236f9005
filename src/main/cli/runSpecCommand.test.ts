import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reply, type RecordedRequest } from '../../testing/openaiTestServer';
import { useAkiraRunKit } from '../../testing/akiraRunKit';
import { waitFor } from '../../testing/waitFor';

// `akira run --tasks FILE` through the real built CLI and the scripted model server: a spec's open tasks
// judged (quick checks, assess_task), run, verified and ticked in tasks.md byte for byte.

const kit = useAkiraRunKit();
const { workspace, akiraRun, finished, sessionDir } = kit;

const TASKS = [
  '# Tasks',
  '',
  '- [ ] 1. Write `one.txt`',
  '  - It holds the number 1',
  '- [ ] 2. Write `two.txt`',
  '  - [ ] 2.1 Write `two.txt` holding 2',
  '  - [ ] 2.2 Write `three.txt` holding 3',
  '',
].join('\n');
const PATH = '.akira/specs/nums/tasks.md';
const settings = (spec: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  agent: { mode: 'autonomous', policy: { autoApprove: { command: true }, ...extra }, spec },
});
const assess = (taskId: string, detected: boolean, confidence = 0.9) => reply.toolCall('assess_task', { taskId, detected, confidence, reasoning: detected ? 'the file is there with the right content' : 'missing' });
const verdict = (todoId: string, approved: boolean) => reply.toolCall('verify_todo', { todoId, approved, feedback: approved ? 'ok' : 'wrong content', confidence: 0.9 });
const write = (path: string, content: string) => reply.toolCall('write_file', { path, content });
const done = (id: string) => reply.toolCall('update_todo', { id, status: 'done' });
const forced = (r: RecordedRequest) => (r.body.tool_choice as { function?: { name: string } } | undefined)?.function?.name;
const tasksText = (root: string) => readFile(join(root, PATH), 'utf8');

describe('akira run --tasks (built)', () => {
  it('every task already done: all judged done, nothing written but the ticks, exit 0', async () => {
    const ws = await workspace({ [PATH]: TASKS, 'one.txt': '1\n', 'two.txt': '2\n', 'three.txt': '3\n' }, settings());
    kit.server.enqueue(assess('1', true), assess('2.1', true), assess('2.2', true, 0.95));
    const run = akiraRun(ws, ['--tasks', PATH, '--yes', '--json']);
    expect(await finished(run)).toBe(0);
    expect(run.events().filter((e) => e.type === 'task_assessed').map((e) => [e.todoId, e.judgedDone])).toEqual([
      ['1', true],
      ['2.1', true],
      ['2.2', true],
    ]);
    expect(run.events().some((e) => e.type === 'change_applied' || e.type === 'verification')).toBe(false);
    expect(await tasksText(ws.root)).toBe(TASKS.replace(/- \[ \]/g, '- [x]'));
    expect(await readFile(join(ws.root, 'one.txt'), 'utf8')).toBe('1\n');
  });

  it('one task open: the quick checks see its file is missing, it runs, is verified and ticked (readable output)', async () => {
    const ws = await workspace({ [PATH]: TASKS, 'one.txt': '1\n', 'three.txt': '3\n' }, settings());
    kit.server.enqueue(
      assess('1', true),
      // 2.1 names two.txt, which is missing: no assess call for it.
      (req) => {
        expect(forced(req)).toBeUndefined();
        return write('two.txt', '2\n');
      },
      done('2.1'),
      verdict('2.1', true),
      assess('2.2', true),
      verdict('task', true),
    );
    const run = akiraRun(ws, ['--tasks', PATH, '--yes']);
    expect(await finished(run)).toBe(0);
    const out = run.stdout();
    expect(out).toContain('Task 1 judged by the model: already done — ticked, not run (confidence 0.90)');
    expect(out).toContain('Task 2.1 judged by the quick checks: not done — runs');
    expect(out).toContain('ticked 2.1 in tasks.md');
    expect(out).toContain('ticked 2.2 and 2 in tasks.md');
    expect(await readFile(join(ws.root, 'two.txt'), 'utf8')).toBe('2\n');
    expect(await tasksText(ws.root)).toBe(TASKS.replace(/- \[ \]/g, '- [x]'));
  });

  it('--only runs just those tasks (a path relative to the current folder works too)', async () => {
    const ws = await workspace({ [PATH]: TASKS }, settings());
    kit.server.enqueue(write('three.txt', '3\n'), done('2.2'), verdict('2.2', true), verdict('task', true));
    const run = akiraRun(ws, ['--tasks', `./${PATH}`, '--only', '2.2', '--yes', '--json']);
    expect(await finished(run)).toBe(0);
    expect(run.events().find((e) => e.type === 'plan_proposed')?.todos.map((t: { id: string }) => t.id)).toEqual(['2.2']);
    expect(await tasksText(ws.root)).toBe(TASKS.replace('- [ ] 2.2', '- [x] 2.2'));
    expect(existsSync(join(ws.root, 'one.txt'))).toBe(false);
  });

  it('onFailure rollback: the failed task\'s files are restored, the next task runs, exit 1', async () => {
    const ws = await workspace({ [PATH]: TASKS, 'one.txt': 'original\n' }, settings({ onFailure: 'rollback' }, { limits: { maxRetriesPerTodo: 0 } }));
    kit.server.enqueue(
      assess('1', false),
      write('one.txt', 'one\n'),
      done('1'),
      verdict('1', false),
      write('two.txt', '2\n'),
      done('2.1'),
      verdict('2.1', true),
      write('three.txt', '3\n'),
      done('2.2'),
      verdict('2.2', true),
    );
    const run = akiraRun(ws, ['--tasks', PATH, '--yes', '--json']);
    expect(await finished(run)).toBe(1);
    expect(await readFile(join(ws.root, 'one.txt'), 'utf8')).toBe('original\n');
    expect(await tasksText(ws.root)).toBe(TASKS.replace('- [ ] 2.', '- [x] 2.').replace(/- \[ \] 2\./g, '- [x] 2.'));
    const { dir } = await sessionDir(ws.root);
    expect(await readFile(join(dir, 'rollbacks.md'), 'utf8')).toContain('`one.txt`');
    expect(run.events().find((e) => e.type === 'session_failed')?.reason).toContain('1 (rolled back)');
  });

  it('a crash mid-spec (kill -9) and --resume finish the spec without judging or running task 1 again', async () => {
    const ws = await workspace({ [PATH]: TASKS }, settings({ assess: 'heuristic' }));
    kit.server.enqueue(
      write('one.txt', '1\n'),
      done('1'),
      verdict('1', true),
      reply.toolCall('run_command', { command: 'sleep 30', timeoutSeconds: 60 }),
    );
    const first = akiraRun(ws, ['--tasks', PATH, '--yes', '--json']);
    await waitFor(() => first.events().some((e) => e.type === 'tool_call_started' && e.tool === 'run_command'), `the command of task 2.1 (stderr: ${first.stderr()})`, 30_000);
    const { id, dir } = await sessionDir(ws.root);
    await waitFor(async () => /status: running/.test(await readFile(join(dir, 'session.md'), 'utf8')), 'session.md to say running', 30_000);
    first.child.kill('SIGKILL');
    await first.exited;
    await kit.holdersGone(ws.root);
    expect(await tasksText(ws.root)).toBe(TASKS.replace('- [ ] 1.', '- [x] 1.'));

    kit.server.enqueue(write('two.txt', '2\n'), done('2.1'), verdict('2.1', true), write('three.txt', '3\n'), done('2.2'), verdict('2.2', true), verdict('task', true));
    const second = akiraRun(ws, ['--resume', id, '--yes', '--json']);
    expect(await finished(second)).toBe(0);
    expect(second.events().filter((e) => e.type === 'task_assessed').map((e) => e.todoId)).toEqual(['2.2']);
    expect(await tasksText(ws.root)).toBe(TASKS.replace(/- \[ \]/g, '- [x]'));
  });

  it('bad input: an unknown task number and a file outside the workspace exit 2; nothing left to run exits 0', async () => {
    const ws = await workspace({ [PATH]: TASKS, 'done.md': '- [x] 1. Done\n' }, settings());
    const unknown = akiraRun(ws, ['--tasks', PATH, '--only', '7']);
    expect(await finished(unknown)).toBe(2);
    expect(unknown.stderr()).toContain('No task "7"');
    const outside = akiraRun(ws, ['--tasks', join(ws.outside, '..', 'data', 'settings.json')]);
    expect(await finished(outside)).toBe(2);
    expect(outside.stderr()).toContain('not inside the workspace');
    const mixed = akiraRun(ws, ['--tasks', PATH, '--task', 'x']);
    expect(await finished(mixed)).toBe(2);
    const nothing = akiraRun(ws, ['--tasks', 'done.md', '--json']);
    expect(await finished(nothing)).toBe(0);
    expect(nothing.stderr()).toContain('Nothing to run');
    expect(JSON.parse(nothing.stdout().trim())).toEqual({ result: { nothingToRun: { tasksPath: 'done.md', done: 1 } } });
  });
});
