import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEventBus } from '../../eventBus';
import { createCommandRunner, type CommandRunner } from '../../terminal/commandRunner';
import { createPtyHost, type PtyHost } from '../../terminal/ptyHost';
import { formatToolError, ToolError } from './toolError';
import { createToolRegistry, toOpenAiTool } from './toolRegistry';
import { createFixture, type Fixture } from '../../../../testing/toolKit';
import { toolNames, type ToolContext } from './toolTypes';
import { verifyTodoTool } from './todoTools';

describe('tool registry', () => {
  const registry = createToolRegistry();

  it('holds the pinned tools with their categories and parameters', () => {
    expect(registry.list().map((t) => [t.name, t.category])).toEqual([
      ['list_files', 'read'],
      ['read_file', 'read'],
      ['search_files', 'read'],
      ['write_file', 'write'],
      ['edit_file', 'write'],
      ['delete_file', 'write'],
      ['run_command', 'command'],
      ['get_diagnostics', 'read'],
      ['todo_write', 'control'],
      ['update_todo', 'control'],
      ['complete', 'control'],
      ['list_modes', 'control'],
      ['switch_mode', 'control'],
      ['new_task', 'control'],
    ]);
    const props = (name: string) => Object.keys((registry.get(name)!.parameters.properties ?? {}) as object);
    expect(props('list_files')).toEqual(['path', 'recursive', 'limit']);
    expect(props('read_file')).toEqual(['path', 'startLine', 'endLine']);
    expect(props('search_files')).toEqual(expect.arrayContaining(['pattern', 'glob', 'caseSensitive', 'maxResults']));
    expect(props('write_file')).toEqual(['path', 'content']);
    expect(props('edit_file')).toEqual(['path', 'edits']);
    expect(props('delete_file')).toEqual(['path']);
    expect(props('run_command')).toEqual(['command', 'cwd', 'timeoutSeconds']);
    expect(props('get_diagnostics')).toEqual(['path']);
    expect(props('todo_write')).toEqual(['todos']);
    expect(props('update_todo')).toEqual(['id', 'status', 'result']);
    expect(props('complete')).toEqual(['summary']);
    expect(props('new_task')).toEqual(['task', 'mode']);
    expect(registry.get('read_file')!.parameters.required).toEqual(['path']);
  });

  it('answers OpenAI tool definitions with described parameters', () => {
    const defs = registry.definitions();
    expect(defs.map((d) => d.function.name)).toEqual([...toolNames]);
    for (const d of defs) {
      expect(d.type).toBe('function');
      expect(d.function.description.length).toBeGreaterThan(40);
      expect(d.function.parameters).toMatchObject({ type: 'object' });
      expect(d.function.parameters).not.toHaveProperty('$schema');
      for (const [key, p] of Object.entries(d.function.parameters.properties as Record<string, { description?: string }>)) {
        expect(p.description, `${d.function.name}.${key}`).toBeTruthy();
      }
    }
    const edit = defs.find((d) => d.function.name === 'edit_file')!.function.parameters as any;
    expect(edit.properties.edits).toMatchObject({ type: 'array', minItems: 1, items: { required: ['search', 'replace'] } });
    expect(registry.definitions(['read_file']).map((d) => d.function.name)).toEqual(['read_file']);
    const verify = toOpenAiTool(verifyTodoTool).function;
    expect(verify.name).toBe('verify_todo');
    expect(Object.keys(verify.parameters.properties as object)).toEqual(['todoId', 'approved', 'feedback', 'confidence']);
  });

  it('parses JSON text arguments, accepts numbers and booleans sent as strings, and drops nulls', () => {
    expect(registry.parse('list_files', '{"path":"src","recursive":"true","limit":"5"}').params).toEqual({ path: 'src', recursive: true, limit: 5 });
    expect(registry.parse('list_files', '').params).toEqual({});
    expect(registry.parse('read_file', { path: 'a', startLine: null }).params).toEqual({ path: 'a' });
  });

  it('answers clear ToolErrors for unknown tools and bad arguments', () => {
    const fail = (name: string, args: unknown) => {
      try {
        registry.parse(name, args);
      } catch (err) {
        expect(err).toBeInstanceOf(ToolError);
        return err as ToolError;
      }
      throw new Error('expected an error');
    };
    expect(fail('rm_rf', {})).toMatchObject({ message: 'Unknown tool "rm_rf".', hint: expect.stringMatching(/^Use one of: list_files, read_file/) });
    expect(fail('read_file', '{"path": "a",')).toMatchObject({ message: expect.stringMatching(/not valid JSON/), hint: 'Send one JSON object with: path (string, required), startLine (integer), endLine (integer).' });
    expect(fail('read_file', [1])).toMatchObject({ message: 'The arguments of read_file must be a JSON object.' });
    const bad = fail('read_file', { path: 7, startLine: 'x' });
    expect(bad.message).toMatch(/^Invalid arguments for read_file:\n[^]*path[^]*startLine/);
    expect(bad.hint).toBe('Call read_file again with: path (string, required), startLine (integer), endLine (integer).');
    expect(formatToolError(bad)).toBe(`Error: ${bad.message}\nNext step: ${bad.hint}`);
  });

  it('runs the orchestrator\'s handlers for control tools, and refuses them without one', async () => {
    const ctx = { root: '/nonexistent' };
    await expect(registry.execute('complete', { summary: 'done' }, ctx)).rejects.toMatchObject({ code: 'unavailable' });
    const seen: unknown[] = [];
    const withHandlers = createToolRegistry({
      handlers: { todo_write: (p) => (seen.push(p), { text: `${p.todos.length} todos` }) },
    });
    withHandlers.setHandler('update_todo', async (p) => ({ text: `${p.id} → ${p.status}` }));
    const planned = await withHandlers.execute('todo_write', { todos: [{ description: 'Add a test', expectedResult: 'npm test passes' }] }, ctx);
    expect(planned.text).toBe('1 todos');
    expect(seen).toEqual([{ todos: [{ description: 'Add a test', expectedResult: 'npm test passes' }] }]);
    expect((await withHandlers.execute('update_todo', { id: 't1', status: 'done' }, ctx)).text).toBe('t1 → done');
    await expect(withHandlers.execute('update_todo', { id: 't1', status: 'pending' }, ctx)).rejects.toMatchObject({ code: 'bad_request' });
  });

  it('refuses a call whose signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(registry.execute('list_files', {}, { root: '/', signal: controller.signal })).rejects.toMatchObject({ code: 'unavailable', message: expect.stringMatching(/cancelled/) });
  });
});

describe.skipIf(process.platform === 'win32')('run_command (real pty)', () => {
  const registry = createToolRegistry();
  let fx: Fixture;
  let host: PtyHost;
  let runner: CommandRunner;
  let ctx: ToolContext;

  beforeEach(async () => {
    fx = await createFixture();
    host = createPtyHost({ cwd: fx.root, emit: createEventBus().emit, flow: { stallMs: 200 } });
    runner = createCommandRunner({ root: fx.root, host, killGraceMs: 500, capture: { maxChars: 4000 } });
    ctx = { root: fx.root, runCommand: runner.run };
  });
  afterEach(async () => {
    await runner.dispose();
    await host.dispose();
    await fx.cleanup();
  });

  it('answers the exit code and output, and the run for the orchestrator', async () => {
    await mkdir(join(fx.root, 'pkg'));
    const r = await registry.execute('run_command', { command: 'echo in-$(basename "$PWD"); exit 4', cwd: 'pkg' }, ctx);
    expect(r.text).toMatch(/^\$ echo in-\$\(basename "\$PWD"\); exit 4 \(in pkg\)\nin-pkg\n\[Exit code 4 after \d+\.\d s\.\]$/);
    expect(r.command).toMatchObject({ exitCode: 4, output: 'in-pkg', timedOut: false, killed: false, cwd: 'pkg' });
    expect(host.list().terminals).toEqual([expect.objectContaining({ terminalId: r.command!.terminalId, kind: 'command' })]);
  });

  it('truncates long output in the middle', async () => {
    const r = await registry.execute('run_command', { command: 'seq 1 20000' }, ctx);
    expect(r.command!.omittedLines).toBeGreaterThan(0);
    expect(r.text).toContain(`… ${r.command!.omittedLines} lines omitted …`);
    expect(r.text).toMatch(/\n19999\n20000\n\[Exit code 0/);
  });

  it('times out and kills, saying so', async () => {
    const r = await registry.execute('run_command', { command: 'echo waiting; sleep 60', timeoutSeconds: 1 }, ctx);
    expect(r.command).toMatchObject({ timedOut: true, killed: true });
    expect(r.text).toMatch(/waiting\n(Terminated\n)?\[Timed out after 1 s and was killed/);
  });

  it('is cancelled through the context\'s signal', async () => {
    const controller = new AbortController();
    // Aborted as soon as the command's tab exists.
    const runCommand: ToolContext['runCommand'] = (p) => runner.run({ ...p, onStart: () => controller.abort() });
    const r = await registry.execute('run_command', { command: 'sleep 60' }, { ...ctx, runCommand, signal: controller.signal });
    expect(r.command).toMatchObject({ killedBy: 'abort', killed: true });
    expect(r.text).toMatch(/\[Cancelled and killed after/);
  });

  it('refuses a cwd outside the workspace before anything runs', async () => {
    for (const cwd of ['..', fx.outside, 'link-out', 'inner/up']) {
      await expect(registry.execute('run_command', { command: `touch ${join(fx.outside, 'ran')}`, cwd }, ctx)).rejects.toMatchObject({ code: 'forbidden' });
    }
    await expect(registry.execute('run_command', { command: 'true', cwd: 'nope' }, ctx)).rejects.toMatchObject({ code: 'not_found' });
    expect(existsSync(join(fx.outside, 'ran'))).toBe(false);
    expect(host.list().terminals).toEqual([]);
  });

  it('fails clearly without a command runner', async () => {
    await expect(registry.execute('run_command', { command: 'true' }, { root: fx.root })).rejects.toMatchObject({ code: 'unavailable' });
  });
});
