import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, type RecordedRequest } from '../../../../testing/openaiTestServer';
import { startAgentKit, type AgentKit } from '../../../../testing/agentKit';
import { wordsText } from '../../../../shared/errors';

// Spec sessions through a real core and the scripted model server: the open tasks of a tasks.md are the
// TODOs (no todo_write), each judged before it runs (quick checks, then assess_task), ticked in place
// when verified or judged done, with a start and an end checkpoint per task; failures by the policy.

let kit: AgentKit | null = null;
afterEach(async () => {
  await kit?.close();
  kit = null;
});

const TASKS = [
  '# Implementation Plan',
  '',
  '- [ ] 1. Add the greeting module',
  '  - Create `src/greet.js` exporting `greet`',
  '  - _Requirements: 1.1_',
  '',
  '- [ ] 2. Add the farewell module',
  '  - [ ] 2.1 Create `src/bye.js` exporting `bye`',
  '    - _Requirements: 1.2_',
  '',
].join('\r\n');

const REQUIREMENTS = ['# Requirements', '', '### Requirement 1', '', '1. WHEN greeted THEN say hello', '2. WHEN leaving THEN say bye', '', '### Requirement 2', '', 'Unrelated.', ''].join('\n');

const files = (extra: Record<string, string> = {}) => ({
  '.akira/specs/hello/tasks.md': TASKS,
  '.akira/specs/hello/requirements.md': REQUIREMENTS,
  '.akira/specs/hello/design.md': '# Design\n\nModules are CommonJS.\n',
  ...extra,
});
const settings = (spec: Record<string, unknown> = {}, policy: Record<string, unknown> = {}) => ({
  agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: true }, ...policy }, spec },
});
const assess = (taskId: string, detected: boolean, confidence: number, reasoning = detected ? 'it is there' : 'missing') =>
  reply.toolCall('assess_task', { taskId, detected, confidence, reasoning });
const verdict = (todoId: string, approved: boolean) => reply.toolCall('verify_todo', { todoId, approved, feedback: approved ? 'ok' : 'not done', confidence: 0.9 });
const tools = (r: RecordedRequest) => (r.body.tools ?? []).map((t: { function: { name: string } }) => t.function.name);
const sent = (r: RecordedRequest) => JSON.stringify(r.body.messages);
const tasksPath = '.akira/specs/hello/tasks.md';

describe('spec sessions', () => {
  it('judges a done task done without running it, runs the open one, and ticks both in place (CRLF kept, nothing else changed)', async () => {
    kit = await startAgentKit({ files: files({ 'src/greet.js': 'exports.greet = () => "hello";\n' }), settings: settings() });
    kit.server.enqueue(
      (req) => {
        expect(tools(req)).toEqual(['assess_task']);
        expect(req.body.tool_choice).toMatchObject({ function: { name: 'assess_task' } });
        // The evidence: the task, the requirement it cites, the checks and the file's contents.
        expect(sent(req)).toContain('WHEN greeted THEN say hello');
        expect(sent(req)).toContain('exports.greet');
        expect(sent(req)).toContain('file src/greet.js');
        return assess('1', true, 0.95);
      },
      // 2.1 names src/bye.js, which is missing: the quick checks settle it without a model call.
      (req) => {
        expect(tools(req)).toContain('write_file');
        expect(tools(req)).not.toContain('todo_write');
        expect(sent(req)).toContain('Spec .akira/specs/hello/tasks.md, task 2.1');
        expect(sent(req)).toContain('Modules are CommonJS');
        return reply.toolCall('write_file', { path: 'src/bye.js', content: 'exports.bye = () => "bye";\n' });
      },
      reply.toolCall('update_todo', { id: '2.1', status: 'done', result: 'wrote src/bye.js' }),
      verdict('2.1', true),
      verdict('task', true),
    );
    const { sessionId, taskIds } = await kit.call('specs.run', { tasksPath });
    expect(taskIds).toEqual(['1', '2.1']);
    await kit.waitForEvent('session_completed');
    kit.server.assertDone();

    const after = await readFile(join(kit.root, tasksPath), 'utf8');
    expect(after).toBe(TASKS.replace('- [ ] 1.', '- [x] 1.').replace('- [ ] 2.1', '- [x] 2.1').replace('- [ ] 2.', '- [x] 2.'));
    const assessed = kit.ofType('task_assessed');
    expect(assessed.map((a) => [a.todoId, a.provider, a.judgedDone])).toEqual([
      ['1', 'model', true],
      ['2.1', 'heuristic', false],
    ]);
    // Issue 14: the reasoning Akira wrote (the checks settled it) has words that say it in Chinese, its English as
    // before; the model's own reasoning has none.
    expect(assessed[0]).toMatchObject({ reasoning: 'it is there' });
    expect(assessed[0].reasoningWords).toBeUndefined();
    expect(assessed[1].reasoning).toMatch(/^The quick checks show it is not done: file src\/bye\.js: missing[;.]/);
    expect(wordsText(assessed[1].reasoningWords!, 'en')).toBe(assessed[1].reasoning);
    expect(wordsText(assessed[1].reasoningWords!, 'zh-CN')).toMatch(/^快速检查表明它尚未完成：文件 src\/bye\.js：缺失[；。]/);
    expect(assessed[1].checkWords!.map((w) => wordsText(w, 'en'))).toEqual(assessed[1].checks);
    expect(assessed[1].checkWords!.map((w) => wordsText(w, 'zh-CN'))).toContain('文件 src/bye.js：缺失');
    expect(kit.ofType('spec_ticked').map((t) => [t.todoId, t.ok, t.parents])).toEqual([
      ['1', true, []],
      ['2.1', true, ['2']],
    ]);
    const detail = await kit.call('agent.get', { sessionId });
    expect(detail.spec).toBe(tasksPath);
    expect(detail.summary).toBe(`Task 2.1 done and verified; 1 already done (judged); ticked in ${tasksPath}.`);
    expect(kit.ofType('session_started')[0].spec).toBe(tasksPath);
    expect(detail.todos.map((t) => [t.id, t.status, t.assessment?.judgedDone])).toEqual([
      ['1', 'done', true],
      ['2.1', 'done', false],
    ]);
    // Task 2.1 is a phase: a checkpoint at its start and at its end; task 1 never ran.
    const labels = kit.ofType('checkpoint_taken').map((c) => [c.todoId, c.label]);
    expect(labels).toContainEqual(['2.1', 'start of TODO 2.1']);
    expect(labels.find(([id, l]) => id === '2.1' && String(l).startsWith('end of task 2.1'))).toBeTruthy();
    expect(labels.filter(([id]) => id === '1')).toEqual([]);

    const dir = join(kit.root, '.akira', 'sessions', sessionId);
    const decisions = await readFile(join(dir, 'decisions.md'), 'utf8');
    expect(decisions).toContain('task 1 · assessed by the model (assess_task) · judged done');
    expect(decisions).toContain('task 2.1 · assessed by the quick checks · not done (runs)');
    const doc = await readFile(join(dir, 'session.md'), 'utf8');
    expect(doc).toContain(`spec: "${tasksPath}"`);
    expect(doc).toMatch(/\| 1 \| \[x\] done \| done · model · 0\.95 \| \d{4}-\d\d-\d\dT/);
    expect((await kit.call('agent.list', {})).sessions[0].spec).toBe(tasksPath);
  });

  it('all tasks already done: all judged done, nothing written but the ticks, no final check', async () => {
    kit = await startAgentKit({
      files: files({ 'src/greet.js': 'exports.greet = () => "hello";\n', 'src/bye.js': 'exports.bye = () => "bye";\n' }),
      settings: settings(),
    });
    kit.server.enqueue(assess('1', true, 0.9), assess('2.1', true, 0.85));
    await kit.call('specs.run', { tasksPath });
    const done = await kit.waitForEvent('session_completed');
    kit.server.assertDone();
    expect(done.summary).toContain('2 tasks were already done');
    expect(kit.ofType('change_applied')).toEqual([]);
    expect(kit.ofType('verification')).toEqual([]);
    expect(await readFile(join(kit.root, tasksPath), 'utf8')).toBe(TASKS.replace(/- \[ \]/g, '- [x]'));
  });

  it('below the threshold a detected task still runs; agent.spec.skipConfidence is read from the settings', async () => {
    kit = await startAgentKit({ files: files({ 'src/greet.js': 'exports.greet = 1;\n' }), settings: settings({ skipConfidence: 0.95 }) });
    kit.server.enqueue(
      assess('1', true, 0.9, 'looks done but greet is not a function'),
      reply.toolCall('write_file', { path: 'src/greet.js', content: 'exports.greet = () => "hello";\n' }),
      reply.toolCall('update_todo', { id: '1', status: 'done' }),
      verdict('1', true),
      verdict('task', true),
    );
    await kit.call('specs.run', { tasksPath, only: ['1'] });
    await kit.waitForEvent('session_completed');
    kit.server.assertDone();
    const [a] = kit.ofType('task_assessed');
    expect(a).toMatchObject({ detected: true, confidence: 0.9, threshold: 0.95, judgedDone: false });
    // Only task 1 was selected: 2.1 stays open.
    expect(await readFile(join(kit.root, tasksPath), 'utf8')).toBe(TASKS.replace('- [ ] 1.', '- [x] 1.'));
  });

  it('onFailure "rollback": a task that fails for good has its files restored (not tasks.md), rollbacks.md says so, the session goes on and ends failed', async () => {
    kit = await startAgentKit({ files: files({ 'keep.txt': 'original\n' }), settings: settings({ onFailure: 'rollback' }, { limits: { maxRetriesPerTodo: 1 } }) });
    kit.server.enqueue(
      assess('1', false, 0.9),
      reply.toolCall('write_file', { path: 'keep.txt', content: 'broken\n' }),
      reply.toolCall('update_todo', { id: '1', status: 'done' }),
      verdict('1', false),
      reply.toolCall('update_todo', { id: '1', status: 'done' }),
      verdict('1', false),
      // 2.1: src/bye.js is missing (quick checks), it runs and passes.
      reply.toolCall('write_file', { path: 'src/bye.js', content: 'exports.bye = () => "bye";\n' }),
      reply.toolCall('update_todo', { id: '2.1', status: 'done' }),
      verdict('2.1', true),
    );
    const { sessionId } = await kit.call('specs.run', { tasksPath });
    const failed = await kit.waitForEvent('session_failed');
    kit.server.assertDone();
    expect(failed.reason).toContain('1 (rolled back)');
    expect(failed.reasonWords).toBeUndefined(); // "(rolled back)" has no words: the English reason is shown
    expect(await readFile(join(kit.root, 'keep.txt'), 'utf8')).toBe('original\n');
    expect(existsSync(join(kit.root, 'src/bye.js'))).toBe(true);
    expect(await readFile(join(kit.root, tasksPath), 'utf8')).toBe(TASKS.replace('- [ ] 2.1', '- [x] 2.1').replace('- [ ] 2.', '- [x] 2.'));
    expect(kit.ofType('todo_failure_handled')).toMatchObject([{ todoId: '1', action: 'rollback' }]);
    const rollbacks = await readFile(join(kit.root, '.akira', 'sessions', sessionId, 'rollbacks.md'), 'utf8');
    expect(rollbacks).toContain('`keep.txt`');
  });

  it('onFailure "ask" asks at once (before the next task): skip goes on to the next task', async () => {
    kit = await startAgentKit({ files: files(), settings: settings({}, { limits: { maxRetriesPerTodo: 0 } }) });
    kit.server.enqueue(
      reply.toolCall('update_todo', { id: '1', status: 'done' }),
      verdict('1', false),
      reply.toolCall('write_file', { path: 'src/bye.js', content: 'exports.bye = () => "bye";\n' }),
      reply.toolCall('update_todo', { id: '2.1', status: 'done' }),
      verdict('2.1', true),
      verdict('task', true),
    );
    const { sessionId } = await kit.call('specs.run', { tasksPath });
    const question = await kit.waitForEvent('question');
    expect(question.todoId).toBe('1');
    // Task 2.1 has not been touched yet.
    expect(kit.ofType('task_assessed').map((a) => a.todoId)).toEqual(['1']);
    await kit.call('agent.answer', { sessionId, questionId: question.questionId, choice: 'skip' });
    await kit.waitForEvent('session_completed');
    kit.server.assertDone();
  });

  it('a tick lands on the task by number and title after the user edited tasks.md meanwhile', async () => {
    kit = await startAgentKit({ files: files(), settings: settings({ assess: 'heuristic' }) });
    let edited = '';
    kit.server.enqueue(
      async () => {
        // The user adds a task above and reflows the file while task 1 runs.
        edited = (await readFile(join(kit!.root, tasksPath), 'utf8')).replace('# Implementation Plan', '# Implementation Plan\r\n\r\n- [ ] 0. A new first task');
        await writeFile(join(kit!.root, tasksPath), edited);
        return reply.toolCall('write_file', { path: 'src/greet.js', content: 'exports.greet = () => "hi";\n' });
      },
      reply.toolCall('update_todo', { id: '1', status: 'done' }),
      verdict('1', true),
      verdict('task', true),
    );
    await kit.call('specs.run', { tasksPath, only: ['1'] });
    await kit.waitForEvent('session_completed');
    expect(await readFile(join(kit.root, tasksPath), 'utf8')).toBe(edited.replace('- [ ] 1.', '- [x] 1.'));
  });

  it('answers bad input clearly: a missing file, a task id not in the file, nothing left to run', async () => {
    kit = await startAgentKit({ files: files({ 'done.md': '- [x] 1. Done already\n' }), settings: settings() });
    expect(await kit.fail('specs.run', { tasksPath: 'nope/tasks.md' })).toMatchObject({ code: 'not_found' });
    expect(await kit.fail('specs.run', { tasksPath: '../outside.md' })).toMatchObject({ code: 'bad_request' });
    const unknown = await kit.fail('specs.run', { tasksPath, only: ['9'] });
    expect(unknown).toMatchObject({ code: 'bad_request' });
    expect(unknown.message).toContain('1, 2, 2.1');
    const nothing = await kit.fail('specs.run', { tasksPath: 'done.md' });
    expect(nothing.code).toBe('conflict');
    expect(nothing.message).toContain('Nothing to run');
  });

  it('quick checks run a test command the task names when the policy allows it: a failing one settles "not done" with no model call', async () => {
    const spec = '- [ ] 1. Make `node --test test/a.test.js` pass\n';
    kit = await startAgentKit({
      files: { 'tasks.md': spec, 'test/a.test.js': 'require("node:test")("a", () => { throw new Error("not yet"); });\n' },
      settings: settings(),
    });
    kit.server.enqueue(
      reply.toolCall('write_file', { path: 'test/a.test.js', content: 'require("node:test")("a", () => {});\n' }),
      reply.toolCall('update_todo', { id: '1', status: 'done' }),
      verdict('1', true),
      verdict('task', true),
    );
    await kit.call('specs.run', { tasksPath: 'tasks.md' });
    await kit.waitForEvent('session_completed');
    kit.server.assertDone();
    const [a] = kit.ofType('task_assessed');
    expect(a.provider).toBe('heuristic');
    expect(a.checks.join('\n')).toMatch(/command `node --test test\/a.test.js`: exit [1-9]\d* \(failed\)/);
    expect(a.checkWords!.map((w) => wordsText(w, 'zh-CN')).join('\n')).toMatch(/命令 `node --test test\/a.test.js`：退出码 [1-9]\d*（失败）/);
    expect(wordsText(a.reasoningWords!, 'zh-CN')).toMatch(/^快速检查表明它尚未完成：命令 `node --test test\/a.test.js`：退出码 [1-9]\d*（失败）。$/);
  });

  it('a passing test command is evidence for the model; a command the policy would ask about is not run', async () => {
    const spec = '- [ ] 1. Make `node --test test/a.test.js` pass\n';
    const files = { 'tasks.md': spec, 'test/a.test.js': 'require("node:test")("a", () => {});\n' };
    kit = await startAgentKit({ files, settings: settings() });
    kit.server.enqueue((req) => {
      expect(sent(req)).toMatch(/command `node --test test\/a.test.js`: exit 0 \(passed\)/);
      return assess('1', true, 0.9);
    });
    await kit.call('specs.run', { tasksPath: 'tasks.md' });
    await kit.waitForEvent('session_completed');
    kit.server.assertDone();
    await kit.close();

    // Sandboxed commands would run without asking (autoApprove.sandboxedCommand): that is off here, so the policy asks.
    kit = await startAgentKit({ files, settings: { agent: { mode: 'code-dev', policy: { autoApprove: { command: false, sandboxedCommand: false } } } } });
    kit.server.enqueue((req) => {
      expect(sent(req)).toContain('not run (the policy would ask first');
      return assess('1', false, 0.9);
    }, reply.toolCall('update_todo', { id: '1', status: 'failed', result: 'stop here' }));
    const { sessionId } = await kit.call('specs.run', { tasksPath: 'tasks.md' });
    await kit.waitForEvent('question');
    await kit.call('agent.stop', { sessionId });
  });

  it('onFailure "continue": the failed task keeps its changes and the session goes on, then ends failed', async () => {
    kit = await startAgentKit({ files: files(), settings: settings({ onFailure: 'continue' }, { limits: { maxRetriesPerTodo: 0 } }) });
    kit.server.enqueue(
      reply.toolCall('write_file', { path: 'src/greet.js', content: 'half done\n' }),
      reply.toolCall('update_todo', { id: '1', status: 'done' }),
      verdict('1', false),
      reply.toolCall('write_file', { path: 'src/bye.js', content: 'exports.bye = () => "bye";\n' }),
      reply.toolCall('update_todo', { id: '2.1', status: 'done' }),
      verdict('2.1', true),
    );
    await kit.call('specs.run', { tasksPath });
    const failed = await kit.waitForEvent('session_failed');
    kit.server.assertDone();
    expect(failed.reason).toContain('Task 1 failed');
    expect(failed.reasonWords).toEqual({ key: 'reason.specTasksFailed', values: [1, '1', 'continue'] });
    expect(wordsText(failed.reasonWords!, 'en')).toBe(failed.reason);
    expect(wordsText(failed.reasonWords!, 'zh-CN')).toBe('任务 1 失败；其他任务已完成（agent.spec.onFailure “continue”）。');
    expect(await readFile(join(kit.root, 'src/greet.js'), 'utf8')).toBe('half done\n');
    expect(kit.ofType('todo_failure_handled')).toMatchObject([{ todoId: '1', action: 'continue' }]);
    expect(kit.ofType('rollback')).toEqual([]);
  });

  it('says so when a done task can no longer be found in tasks.md (the user removed it), and goes on', async () => {
    kit = await startAgentKit({ files: files(), settings: settings({ assess: 'heuristic' }) });
    kit.server.enqueue(
      async () => {
        const text = await readFile(join(kit!.root, tasksPath), 'utf8');
        await writeFile(join(kit!.root, tasksPath), text.replace('- [ ] 1. Add the greeting module', '- [ ] 1. Add the welcome module'));
        return reply.toolCall('write_file', { path: 'src/greet.js', content: 'exports.greet = () => "hi";\n' });
      },
      reply.toolCall('update_todo', { id: '1', status: 'done' }),
      verdict('1', true),
      verdict('task', true),
    );
    await kit.call('specs.run', { tasksPath, only: ['1'] });
    await kit.waitForEvent('session_completed');
    const [tick] = kit.ofType('spec_ticked');
    expect(tick).toMatchObject({ todoId: '1', ok: false });
    expect(tick.message).toContain('tick it by hand');
    expect(kit.ofType('warning').map((w) => w.message).join()).toContain('could not be ticked');
    expect(await readFile(join(kit.root, tasksPath), 'utf8')).toContain('- [ ] 1. Add the welcome module');
  });

  it('a model without tool calling (JSON mode) judges through assess_task in its JSON reply', async () => {
    kit = await startAgentKit({ files: files({ 'src/greet.js': 'exports.greet = () => "hello";\n' }), settings: { ...settings(), model: { jsonMode: true } } });
    const json = (toolCall: unknown) => reply.text(JSON.stringify({ type: 'legacy_response', phase: 'execution', todos: [], toolCall, verification: null, message: '', complete: false }));
    kit.server.enqueue((req) => {
      expect(req.body.tools).toBeUndefined();
      expect(sent(req)).toContain('assess_task');
      return json({ tool: 'assess_task', params: { taskId: '1', detected: true, confidence: 0.9, reasoning: 'greet is exported' } });
    });
    await kit.call('specs.run', { tasksPath, only: ['1'] });
    await kit.waitForEvent('session_completed');
    kit.server.assertDone();
    expect(kit.ofType('task_assessed')[0]).toMatchObject({ provider: 'model', judgedDone: true, reasoning: 'greet is exported' });
  });
});
