import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir, writeTree } from '../../../testing/tempTree';
import { createCore, type Core } from '../createCore';

// specs.* through the router of a real core: list with progress, a spec's task tree, a task ticked by hand
// (one byte of tasks.md changes; the parent follows), and clear errors.

const TASKS = [
  '# Implementation plan',
  '',
  '- [x] 1. Set up the project',
  '  - Create the folders',
  '  - _Requirements: 1.1_',
  '',
  '- [ ] 2. Login',
  '- [ ] 2.1 Form',
  '  - Email and password fields',
  '  - _Requirements: 2.1, 2.2_',
  '- [ ] 2.2 Session cookie',
  '',
].join('\r\n');

let core: Core | null = null;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await core?.dispose();
  core = null;
  for (const c of cleanups.splice(0)) await c();
});

async function open() {
  const ws = await tempDir('akira-specs-ws-');
  const data = await tempDir('akira-specs-data-');
  cleanups.push(ws.cleanup, data.cleanup);
  await writeTree(ws.dir, {
    '.akira/specs/auth/tasks.md': TASKS,
    '.akira/specs/auth/requirements.md': '# Requirements\n1.1 A project\n',
    '.kiro/specs/billing/tasks.md': '- [ ] 1. Invoices\n',
    '.kiro/specs/billing/design.md': '# Design\n',
  });
  core = await createCore({ workspaceRoot: ws.dir, dataDir: data.dir, face: 'test', version: '0.0.0-test', validateOutput: true, watch: false });
  const call = async (name: string, params: unknown) => {
    const answer = await core!.router.handle(name, params, { face: 'test' });
    if ('error' in answer) throw Object.assign(new Error(answer.error.message), answer.error);
    return answer.result as any;
  };
  return { root: ws.dir, call };
}

describe('specs.*', () => {
  it('lists specs with their progress and reads one as a task tree', async () => {
    const { call } = await open();
    const { specs } = await call('specs.list', {});
    expect(specs.map((s: any) => [s.source, s.name, s.progress])).toEqual([
      ['akira', 'auth', { done: 1, total: 3 }],
      ['kiro', 'billing', { done: 0, total: 1 }],
    ]);
    const auth = await call('specs.get', { source: 'akira', name: 'auth' });
    expect(auth.tasks.map((t: any) => [t.id, t.state, t.parentId])).toEqual([
      ['1', 'done', null],
      ['2', 'open', null],
      ['2.1', 'open', '2'],
      ['2.2', 'open', '2'],
    ]);
    expect(auth.tasks[2]).toMatchObject({ title: 'Form', details: ['Email and password fields'], requirements: ['2.1', '2.2'] });
    expect(auth.requirements).toContain('1.1 A project');
    expect((await call('specs.get', { source: 'kiro', name: 'billing' })).design).toBe('# Design\n');
  });

  it('ticks a task by hand: one byte of tasks.md changes, the parent follows when all its children are done', async () => {
    const { root, call } = await open();
    const file = join(root, '.akira/specs/auth/tasks.md');
    const changed: unknown[] = [];
    core!.bus.on('specs.onChanged', (e) => changed.push(e));
    await call('specs.setTaskState', { source: 'akira', name: 'auth', taskId: '2.1', title: 'Form', state: 'done' });
    const once = await readFile(file);
    const before = Buffer.from(TASKS);
    expect(once.length).toBe(before.length);
    expect([...once].filter((b, i) => b !== before[i])).toEqual(['x'.charCodeAt(0)]);
    const after = await call('specs.setTaskState', { source: 'akira', name: 'auth', taskId: '2.2', title: 'Session cookie', state: 'done' });
    expect(after.tasks.map((t: any) => t.state)).toEqual(['done', 'done', 'done', 'done']);
    expect(after.spec.progress).toEqual({ done: 3, total: 3 });
    expect((await readFile(file, 'utf8')).split('\r\n').filter((l) => l.startsWith('- [x]')).length).toBe(4);
    expect(changed).toHaveLength(2);
    // reopen
    const reopened = await call('specs.setTaskState', { source: 'akira', name: 'auth', taskId: '2.2', title: 'Session cookie', state: 'open' });
    expect(reopened.tasks.find((t: any) => t.id === '2.2').state).toBe('open');
  });

  it('answers unknown specs, tasks and bad input with clear errors, touching nothing', async () => {
    const { root, call } = await open();
    const file = join(root, '.akira/specs/auth/tasks.md');
    await expect(call('specs.get', { source: 'akira', name: 'nope' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(call('specs.get', { source: 'akira', name: '../../etc' })).rejects.toMatchObject({ code: expect.stringMatching(/bad_request|not_found|forbidden/) });
    await expect(call('specs.get', { source: 'other', name: 'auth' })).rejects.toMatchObject({ code: 'bad_request' });
    await expect(call('specs.setTaskState', { source: 'akira', name: 'auth', taskId: '9', title: 'Missing', state: 'done' })).rejects.toMatchObject({ code: 'not_found' });
    expect(await readFile(file, 'utf8')).toBe(TASKS);
  });
});
