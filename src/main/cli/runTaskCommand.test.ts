import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { spawn as spawnPty } from 'node-pty';
import { describe, expect, it } from 'vitest';
import { jsonReplyCorpus } from '../core/agent/jsonMode/corpus';
import { reply, type RecordedRequest } from '../../testing/openaiTestServer';
import { useAkiraRunKit } from '../../testing/akiraRunKit';
import { binPath, terminalEnv } from '../../testing/builtCli';
import { waitFor } from '../../testing/waitFor';

// The real built `akira run` (bin/akira.cjs → out/main/cli.js) as a child process, its model the
// scripted OpenAI-compatible server in this process, reached over real HTTP by the real openai SDK.

const bin = binPath('akira.cjs');
const kit = useAkiraRunKit();
const { cleanups, workspace, akiraRun, finished, sessionDir } = kit;
const plan = (todos: { id: string; description: string; expectedResult: string }[]) => reply.toolCall('todo_write', { todos });
const verdict = (todoId: string, approved: boolean, feedback = approved ? 'looks right' : 'not done') =>
  reply.toolCall('verify_todo', { todoId, approved, feedback, confidence: 0.9 });
const sent = (r: RecordedRequest) => JSON.stringify(r.body.messages);

const autonomous = { agent: { mode: 'autonomous' } };

describe('akira run (built)', () => {
  it('runs a two-TODO task that writes files and runs a test to a verified finish (--yes --json, exit 0)', async () => {
    const ws = await workspace({ 'README.md': '# demo\n' }, autonomous);
    kit.server.enqueue(
      plan([
        { id: 't1', description: 'Create src/add.js exporting add(a, b)', expectedResult: 'src/add.js exports add' },
        { id: 't2', description: 'Add test.js and run it', expectedResult: '`node test.js` prints ok' },
      ]),
      reply.toolCall('write_file', { path: 'src/add.js', content: 'module.exports.add = (a, b) => a + b;\n' }),
      reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'wrote src/add.js' }),
      verdict('t1', true),
      reply.message({
        toolCalls: [
          { name: 'write_file', arguments: { path: 'test.js', content: "const {add} = require('./src/add');\nif (add(2, 3) === 5) console.log('ok-' + (40 + 2));\n" } },
          { name: 'run_command', arguments: { command: 'node test.js' } },
        ],
      }),
      (req) => {
        expect(sent(req)).toContain('Exit code 0');
        expect(sent(req)).toContain('ok-42');
        return reply.toolCall('update_todo', { id: 't2', status: 'done', result: 'test passes' });
      },
      verdict('t2', true),
      reply.toolCall('verify_todo', { todoId: 'task', approved: true, feedback: 'all good', confidence: 0.95 }),
    );
    const run = akiraRun(ws, ['--task', 'Write an add function with a test', '--yes', '--json']);
    expect(await finished(run)).toBe(0);
    expect(await readFile(join(ws.root, 'src/add.js'), 'utf8')).toContain('a + b');
    expect(await readFile(join(ws.root, 'test.js'), 'utf8')).toContain('ok-');
    // Every stdout line is one agent.onEvent envelope.
    const lines = run.stdout().trim().split('\n');
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ event: 'agent.onEvent', data: { type: expect.any(String) } });
    const types = run.events().map((e) => e.type);
    expect(types[0]).toBe('session_started');
    expect(types.at(-1)).toBe('session_completed');
    expect(run.events().filter((e) => e.type === 'verification').map((e) => [e.todoId, e.approved])).toEqual([['t1', true], ['t2', true], ['task', true]]);
    expect(run.events().some((e) => e.type === 'command_finished' && e.exitCode === 0)).toBe(true);
    // The session's folder: every log the issue names.
    const { dir } = await sessionDir(ws.root);
    for (const name of ['session.md', 'history.md', 'decisions.md', 'api-calls.md', 'rollbacks.md', 'events.jsonl']) {
      expect(existsSync(join(dir, name)), name).toBe(true);
    }
    const doc = await readFile(join(dir, 'session.md'), 'utf8');
    expect(doc).toMatch(/^---\n[\s\S]*status: completed/);
    expect(await readFile(join(dir, 'decisions.md'), 'utf8')).toContain('0.9');
    expect(await readFile(join(dir, 'api-calls.md'), 'utf8')).not.toContain('sk-test');
  });

  it('shows readable progress: the plan, tool calls, diffs, a rejected review, the fix and the approval', async () => {
    const ws = await workspace({ 'greet.js': "module.exports = () => 'hi';\n" }, autonomous);
    kit.server.enqueue(
      plan([{ id: 'g', description: 'Make greet() say hello', expectedResult: "greet() returns 'hello'" }]),
      reply.toolCall('edit_file', { path: 'greet.js', edits: [{ search: "'hi'", replace: "'helo'" }] }),
      reply.toolCall('update_todo', { id: 'g', status: 'done', result: 'changed the greeting' }),
      verdict('g', false, "It returns 'helo', not 'hello'."),
      (req) => {
        expect(sent(req)).toContain("It returns 'helo', not 'hello'.");
        return reply.toolCall('edit_file', { path: 'greet.js', edits: [{ search: "'helo'", replace: "'hello'" }] });
      },
      reply.toolCall('update_todo', { id: 'g', status: 'done', result: 'fixed the typo' }),
      verdict('g', true),
      reply.toolCall('verify_todo', { todoId: 'task', approved: true, feedback: 'done', confidence: 0.9 }),
    );
    const run = akiraRun(ws, ['--task', 'Say hello', '--yes']);
    expect(await finished(run)).toBe(0);
    const out = run.stdout();
    expect(out).toContain('Plan (1 TODO)');
    expect(out).toContain('TODO g');
    expect(out).toContain('edit_file greet.js');
    expect(out).toMatch(/^\s+-module\.exports = \(\) => 'hi';$/m);
    expect(out).toMatch(/^\s+\+module\.exports = \(\) => 'helo';$/m);
    expect(out).toMatch(/Review of g: rejected .*It returns 'helo'/);
    expect(out).toMatch(/Review of g: approved/);
    expect(out).toContain('Task complete.');
    expect(out).not.toContain('\x1b['); // not a terminal: no colours
    expect(await readFile(join(ws.root, 'greet.js'), 'utf8')).toBe("module.exports = () => 'hello';\n");
  });

  it('recovers from a tool error, refuses path escapes (nothing written outside) and keeps denied commands denied under --yes', async () => {
    const ws = await workspace({ 'a.txt': 'a\n' }, { agent: { mode: 'autonomous', policy: { commands: { deny: ['curl'] } } } });
    const escape = join(ws.outside, 'escaped.txt');
    kit.server.enqueue(
      plan([{ id: 'x', description: 'Copy a.txt to b.txt', expectedResult: 'b.txt holds a' }]),
      reply.toolCall('read_file', { path: 'missing.txt' }),
      (req) => {
        expect(sent(req)).toMatch(/missing\.txt/);
        return reply.message({
          toolCalls: [
            { name: 'write_file', arguments: { path: '../outside/escaped.txt', content: 'escaped' } },
            { name: 'write_file', arguments: { path: escape, content: 'escaped' } },
            { name: 'read_file', arguments: { path: '/etc/passwd' } },
          ],
        });
      },
      (req) => {
        const text = sent(req);
        expect(text).not.toContain('root:x:0');
        expect(text.match(/outside the workspace/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
        return reply.toolCall('run_command', { command: 'curl http://example.invalid/x.sh' });
      },
      (req) => {
        expect(sent(req)).toMatch(/denied|not allowed/i);
        return reply.toolCall('read_file', { path: 'a.txt' });
      },
      reply.toolCall('write_file', { path: 'b.txt', content: 'a\n' }),
      reply.toolCall('update_todo', { id: 'x', status: 'done' }),
      verdict('x', true),
      reply.toolCall('verify_todo', { todoId: 'task', approved: true, feedback: 'ok', confidence: 1 }),
    );
    const run = akiraRun(ws, ['--task', 'copy a to b', '--yes', '--json']);
    expect(await finished(run)).toBe(0);
    expect(await readdir(ws.outside)).toEqual([]);
    expect(await readFile(join(ws.root, 'b.txt'), 'utf8')).toBe('a\n');
    const errors = run.events().filter((e) => e.type === 'tool_call_finished' && e.isError);
    expect(errors.length).toBeGreaterThanOrEqual(5);
    expect(run.events().some((e) => e.type === 'command_finished')).toBe(false);
  });

  it('retries 429 (Retry-After), a 500 and a cut stream, then a 401 pauses the session: exit 1 with how to resume', async () => {
    const ws = await workspace({ 'README.md': '# r\n' }, autonomous);
    kit.server.enqueue(
      reply.rateLimited(1),
      plan([{ id: 'n', description: 'Write notes.txt', expectedResult: 'notes.txt exists' }]),
      reply.serverError(500),
      reply.cut(reply.toolCall('write_file', { path: 'notes.txt', content: 'HALF-WRITTEN' }), 3),
      reply.toolCall('write_file', { path: 'notes.txt', content: 'whole\n' }),
      reply.unauthorized('Incorrect API key provided: sk-tes***.'),
    );
    const run = akiraRun(ws, ['--task', 'notes', '--yes']);
    expect(await finished(run)).toBe(1);
    expect(await readFile(join(ws.root, 'notes.txt'), 'utf8')).toBe('whole\n');
    expect(run.stdout()).toMatch(/model: attempt 1 failed, retrying in 1\.0 s/);
    expect(run.stderr()).toMatch(/Session paused.*HTTP 401/);
    expect(run.stderr()).toMatch(/API key/);
    // Issue 27, defect 4: the reason says it once, and the CLI adds its own way out (its flags) once.
    expect(run.stderr().match(/Check the API key/g)).toHaveLength(1);
    expect(run.stderr().match(/--api-key/g)).toHaveLength(1);
    const { id } = await sessionDir(ws.root);
    expect(run.stderr()).toContain(`akira run --resume ${id}`);
    const apiCalls = await readFile(join(ws.root, '.akira/sessions', id, 'api-calls.md'), 'utf8');
    for (const status of ['| 429 |', '| 500 |', '| 401 |']) expect(apiCalls).toContain(status);
  });

  it('drives a JSON-mode model (no tool calling) with corpus replies, re-asking once it cannot repair', async () => {
    const ws = await workspace({ 'README.md': '# Demo\n' }, { agent: { mode: 'autonomous' }, models: { 'test-model': { jsonMode: true } } });
    const corpus = (name: string) => {
      const found = jsonReplyCorpus.find((c) => c.name === name);
      if (!found) throw new Error(`no corpus case ${name}`);
      return found;
    };
    const unusable = jsonReplyCorpus.find((c) => !c.expect.ok)!;
    kit.server.enqueue(
      (req) => {
        expect(req.body.tools).toBeUndefined();
        return reply.text(corpus('trailing commas in objects and arrays').raw);
      },
      reply.text(unusable.raw),
      (req) => {
        expect(sent(req)).toMatch(/could not|invalid|not valid|error/i);
        return reply.text(corpus('markdown fences inside file content').raw);
      },
      reply.text('{"name": "update_todo", "arguments": {"id": "1", "status": "done", "result": "README has the npm test block",}}'),
      reply.text('```json\n{"phase": "verification", "verification": {"todoId": "1", "approved": true, "feedback": "README shows npm test", "confidence": 0.9}}\n```'),
      reply.text("{'phase': 'verification', 'verification': {'todoId': 'task', 'approved': True, 'feedback': 'done', 'confidence': 0.8}}"),
    );
    const run = akiraRun(ws, ['--task', 'Document npm test in the README', '--yes', '--json']);
    expect(await finished(run)).toBe(0);
    expect(await readFile(join(ws.root, 'README.md'), 'utf8')).toBe('# Demo\n\n```sh\nnpm test\n```\n');
    expect(run.events().filter((e) => e.type === 'verification').map((e) => e.todoId)).toEqual(['1', 'task']);
    // Issue 25: the repairs, placeholders and re-asks are in the log and in api-calls.md, with the endpoint and prompt length.
    const calls = run.events().filter((e) => e.type === 'model_call');
    expect(calls[0].json).toEqual({ repaired: expect.arrayContaining(['removed trailing commas']), placeholders: expect.any(Array) });
    expect(calls[1].json.reasked).toEqual(expect.any(String));
    for (const c of calls) expect(c.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\S*\/chat\/completions$/);
    expect(calls[1].promptChars).toBeGreaterThan(calls[0].promptChars);
    const { id } = await sessionDir(ws.root);
    const apiCalls = await readFile(join(ws.root, '.akira/sessions', id, 'api-calls.md'), 'utf8');
    expect(apiCalls).toContain('| endpoint | prompt | JSON mode |');
    expect(apiCalls).toMatch(/\/chat\/completions \| \d+ chars \(~\d+ tokens\) \| repaired: [^|]*removed trailing commas/);
    expect(apiCalls).toMatch(/\| re-asked: \S/);
    expect(await readFile(join(ws.root, '.akira/sessions', id, 'history.md'), 'utf8')).toMatch(/JSON reply \[\S+\] \(execute\) not usable, asked again: \S/);
  });

  it('survives kill -9 mid-session: --resume continues from the last consistent step and finishes', async () => {
    const ws = await workspace({ 'README.md': '# k\n' }, autonomous);
    kit.server.enqueue(
      plan([
        { id: 'one', description: 'Write one.txt', expectedResult: 'one.txt holds 1' },
        { id: 'two', description: 'Write two.txt', expectedResult: 'two.txt holds 2' },
      ]),
      reply.toolCall('write_file', { path: 'one.txt', content: '1\n' }),
      reply.toolCall('update_todo', { id: 'one', status: 'done' }),
      verdict('one', true),
      reply.toolCall('run_command', { command: 'sleep 30', timeoutSeconds: 60 }),
    );
    const first = akiraRun(ws, ['--task', 'write one and two', '--yes', '--json']);
    // The command started (approved by --yes, or run without asking in the OS sandbox).
    await waitFor(() => first.events().find((e) => e.type === 'tool_call_started' && e.tool === 'run_command'), `run_command to start (stderr: ${first.stderr()})`, 30_000);
    const { id, dir } = await sessionDir(ws.root);
    // Killed while the command runs (session.md is rewritten after each event is announced: wait for it).
    await waitFor(async () => /status: running/.test(await readFile(join(dir, 'session.md'), 'utf8')), 'session.md to say running', 30_000);
    first.child.kill('SIGKILL');
    await first.exited;
    await kit.holdersGone(ws.root);
    expect(await readFile(join(dir, 'session.md'), 'utf8')).toMatch(/status: running/);

    kit.server.enqueue(
      (req) => {
        // The call that was running when the process died is answered as interrupted.
        expect(sent(req)).toContain('Interrupted: Akira stopped while this call ran');
        expect(sent(req)).toContain('two.txt');
        return reply.toolCall('write_file', { path: 'two.txt', content: '2\n' });
      },
      reply.toolCall('update_todo', { id: 'two', status: 'done' }),
      verdict('two', true),
      reply.toolCall('verify_todo', { todoId: 'task', approved: true, feedback: 'both there', confidence: 0.9 }),
    );
    const before = kit.server.chatRequests().length;
    const second = akiraRun(ws, ['--resume', id, '--yes', '--json']);
    expect(await finished(second)).toBe(0);
    expect(await readFile(join(ws.root, 'one.txt'), 'utf8')).toBe('1\n');
    expect(await readFile(join(ws.root, 'two.txt'), 'utf8')).toBe('2\n');
    // Nothing was planned or done again: the resumed run made exactly the four scripted calls.
    expect(kit.server.chatRequests().length - before).toBe(4);
    expect(second.events().filter((e) => e.type === 'verification').map((e) => e.todoId)).toEqual(['two', 'task']);
    expect(await readFile(join(dir, 'session.md'), 'utf8')).toMatch(/status: completed/);
    const lines = (await readFile(join(dir, 'events.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((e) => e.seq)).toEqual(lines.map((_, i) => i + 1));
  });

  it('without a terminal and without --yes, a change that needs approval pauses the session (exit 1)', async () => {
    const ws = await workspace({ 'README.md': '# p\n' }, { agent: { mode: 'code-dev' } });
    kit.server.enqueue(plan([{ id: 'p', description: 'Write p.txt', expectedResult: 'p.txt exists' }]), reply.toolCall('write_file', { path: 'p.txt', content: 'p\n' }));
    const run = akiraRun(ws, ['--task', 'write p']);
    expect(await finished(run)).toBe(1);
    expect(run.stderr()).toMatch(/Waiting for approval of a change to p\.txt/);
    expect(run.stderr()).toMatch(/akira run --resume [0-9a-f-]{36}/);
    expect(existsSync(join(ws.root, 'p.txt'))).toBe(false);
    expect(run.stdout()).toMatch(/\+p/);
  });

  it('on a terminal, asks for each change with its diff; a rejection\'s reason reaches the model', async () => {
    const ws = await workspace({ 'README.md': '# t\n' }, { agent: { mode: 'code-dev' } });
    kit.server.enqueue(
      plan([{ id: 'w', description: 'Write a file', expectedResult: 'a file exists' }]),
      reply.toolCall('write_file', { path: 'p.txt', content: 'p\n' }),
      (req) => {
        expect(sent(req)).toContain('call it q.txt instead');
        return reply.toolCall('write_file', { path: 'q.txt', content: 'q\n' });
      },
      reply.toolCall('update_todo', { id: 'w', status: 'done' }),
      verdict('w', true),
      reply.toolCall('verify_todo', { todoId: 'task', approved: true, feedback: 'ok', confidence: 0.9 }),
    );
    const term = spawnPty(process.execPath, [bin, 'run', '--workspace', ws.root, '--task', 'write a file'], {
      cwd: ws.root,
      cols: 120,
      rows: 40,
      env: terminalEnv({ AKIRA_DATA_DIR: ws.dataDir, OPENAI_BASE_URL: kit.server.baseURL, AKIRA_MODEL: 'test-model', OPENAI_API_KEY: 'sk-test' }),
    });
    let screen = '';
    term.onData((d) => (screen += d));
    const exited = new Promise<number>((r) => term.onExit((e) => r(e.exitCode)));
    cleanups.push(async () => term.kill());
    const plain = () => screen.replace(/\x1b\[[0-9;]*m/g, '');
    await waitFor(() => /Approve a change to p\.txt\? \[y\]es \/ \[n\]o:/.test(plain()), `the first prompt (screen: ${plain()})`, 20_000);
    expect(plain()).toMatch(/\+p/);
    expect(screen).toContain('\x1b[32m'); // colours on a terminal
    term.write('n\r');
    await waitFor(() => plain().includes('Why (the agent reads this)?'), 'the reason prompt', 10_000);
    term.write('call it q.txt instead\r');
    await waitFor(() => /Approve a change to q\.txt\?/.test(plain()), `the second prompt (screen: ${plain()})`, 20_000);
    term.write('y\r');
    expect(await exited).toBe(0);
    expect(plain()).toContain('Task complete.');
    expect(existsSync(join(ws.root, 'p.txt'))).toBe(false);
    expect(await readFile(join(ws.root, 'q.txt'), 'utf8')).toBe('q\n');
  });

  it('Ctrl+C (SIGINT) pauses the session while the model is answering: exit 1 with how to resume', async () => {
    const ws = await workspace({ 'README.md': '# c\n' }, autonomous);
    kit.server.enqueue(plan([{ id: 'c', description: 'Write c.txt', expectedResult: 'c.txt exists' }]), reply.hang());
    const before = kit.server.chatRequests().length;
    const run = akiraRun(ws, ['--task', 'write c', '--yes', '--json']);
    await waitFor(() => kit.server.chatRequests().length === before + 2 && kit.server.pending() === 0, `the second model call (stderr: ${run.stderr()})`, 20_000);
    run.child.kill('SIGINT');
    expect(await finished(run)).toBe(1);
    expect(run.stderr()).toMatch(/SIGINT: pausing the session/);
    expect(run.stderr()).toMatch(/akira run --resume [0-9a-f-]{36}/);
    const { dir } = await sessionDir(ws.root);
    expect(await readFile(join(dir, 'session.md'), 'utf8')).toMatch(/status: paused/);
  });

  it('exits 2 with how to configure a model when none is configured', async () => {
    const ws = await workspace({ 'README.md': '# m\n' });
    const run = akiraRun(ws, ['--task', 'anything'], { OPENAI_BASE_URL: '', AKIRA_MODEL: '', OPENAI_MODEL: '', OPENAI_API_KEY: '' });
    expect(await finished(run)).toBe(2);
    expect(run.stderr()).toMatch(/model/i);
    expect(run.stderr()).toMatch(/AKIRA_MODEL|--model|settings/);
    expect(existsSync(join(ws.root, '.akira/sessions'))).toBe(false);
  });
});
