import { cp, readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../../../testing/tempTree';
import { createCore, type Core } from '../createCore';
import { requirementExcerpts } from './requirementSections';
import { selectTasks } from './taskSelection';
import { parseTasks, type SpecTask } from './tasksParser';
import { reopenParents, tickParents, tickTask, type MarkBefore } from './tasksTicker';

// Issue 24, "Specs as they are written": the corpus under ./corpus/layouts is written in the layouts real projects
// use (Kiro's .kiro/specs/<name>/{requirements,design,tasks}.md and OpenSpec's openspec/changes/<name>/ with
// proposal.md, design.md and an archive). Every file is read without a problem; tasks whose sub-tasks are all
// optional run; wrapped titles are whole; 10a. numbers; FR/NFR/R1.2/Requirement N ids find their sections;
// ticking then unticking any task gives the file back byte for byte ([~] and [-] included); OpenSpec changes are
// listed, read and planned like the others.

const LAYOUTS = join(__dirname, 'corpus', 'layouts');

async function tasksFiles(dir = LAYOUTS): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await tasksFiles(path)));
    else if (e.name === 'tasks.md') out.push(relative(LAYOUTS, path));
  }
  return out.sort();
}
const read = (rel: string) => readFile(join(LAYOUTS, rel), 'utf8');
const ids = (tasks: readonly { id: string }[]) => tasks.map((t) => t.id);

/** What each tasks.md runs by default (selectTasks) and leaves out as optional. */
const EXPECTED: Record<string, { run: string[]; skipped: string[] }> = {
  '.kiro/specs/auth-flow/tasks.md': { run: ['2', '3.1', '3.2', '4'], skipped: ['2.1', '2.2'] },
  '.kiro/specs/billing-fr/tasks.md': { run: ['1', '2', '3', '4', '5'], skipped: [] },
  '.kiro/specs/dark-mode/tasks.md': { run: ['3'], skipped: [] },
  '.kiro/specs/export-csv/tasks.md': { run: ['1.1.1', '1.1.2', '1.2', '2'], skipped: [] },
  '.kiro/specs/kv-store/tasks.md': { run: ['2', '3.1', '3.2', '4'], skipped: ['2.1', '2.2', '3.3'] },
  '.kiro/specs/mobile-sync/tasks.md': { run: ['3', '4', '5', '6'], skipped: ['3.1', '4.1', '4.2'] },
  '.kiro/specs/queue-worker/tasks.md': { run: ['1.2', '1.3', '2', '3'], skipped: [] },
  '.kiro/specs/search-index/tasks.md': { run: ['10a.1', '10a.2', '10b', '11', '12'], skipped: [] },
  '.kiro/specs/zh-notes/tasks.md': { run: ['2', '3.1', '3.2', '4'], skipped: ['2.1'] },
  'openspec/changes/add-i18n-zh/tasks.md': { run: ['1.1', '1.2', '2.1'], skipped: [] },
  'openspec/changes/add-rate-limits/tasks.md': { run: ['1.1', '1.2', '1.3', '2.1', '2.2', '3.1'], skipped: [] },
  'openspec/changes/archive/2025-01-15-add-login/tasks.md': { run: [], skipped: [] },
  'openspec/changes/refactor-logging/tasks.md': { run: ['2.2', '2.3', '2.10', '3.1'], skipped: [] },
};

/** The mark each task had in the original text (what the tick memory keeps for a reopen). */
const marksOf = (tasks: readonly SpecTask[]): MarkBefore => {
  const byKey = new Map(tasks.map((t) => [`${t.number}\0${t.title}`, t.mark]));
  return (t) => byKey.get(`${t.number}\0${t.title}`);
};
const bytesDiffer = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length ? [...x].filter((c, i) => c !== y[i]).length : -1;
};

describe('the layouts corpus (pure)', () => {
  it('holds at least 12 tasks.md files, and each is read without a problem', async () => {
    const files = await tasksFiles();
    expect(files.length).toBeGreaterThanOrEqual(12);
    expect(files).toEqual(Object.keys(EXPECTED).sort());
    for (const file of files) expect(parseTasks(await read(file)).problems, file).toEqual([]);
  });

  it('runs the tasks that are work of their own: a task whose sub-tasks are all optional runs, indented or not', async () => {
    for (const [file, want] of Object.entries(EXPECTED)) {
      const s = selectTasks(parseTasks(await read(file)).tasks);
      expect([ids(s.run), ids(s.skippedOptional)], file).toEqual([want.run, want.skipped]);
    }
    const kv = parseTasks(await read('.kiro/specs/kv-store/tasks.md')).tasks;
    // Same indentation: 2.1 and 2.2 are 2's (optional) sub-tasks; naming them runs them, naming 2 runs 2 alone.
    expect(kv.find((t) => t.id === '2')!.children).toEqual(['2.1', '2.2']);
    expect(ids(selectTasks(kv, { only: ['2'] }).run)).toEqual(['2']);
    expect(ids(selectTasks(kv, { only: ['2.1'] }).run)).toEqual(['2.1']);
    expect(ids(selectTasks(kv, { only: ['3'] }).run)).toEqual(['3.1', '3.2', '3.3']);
  });

  it('reads wrapped titles whole, inserted numbers (10a.) as numbers, and Chinese as written', async () => {
    const title = async (file: string, id: string) => parseTasks(await read(file)).tasks.find((t) => t.id === id)?.title;
    expect(await title('.kiro/specs/auth-flow/tasks.md', '1')).toBe("Create the `AuthService` skeleton and wire it into the app's dependency container");
    expect(await title('.kiro/specs/auth-flow/tasks.md', '2')).toBe('Implement password checks with argon2 and the lockout after five failed attempts within ten minutes');
    expect(await title('.kiro/specs/auth-flow/tasks.md', '3.1')).toBe('Implement `SessionStore` on Redis with a 30 minute idle timeout that is renewed on every request');
    expect(await title('.kiro/specs/queue-worker/tasks.md', '1.3')).toBe('Retry failed jobs with exponential backoff, at most five times, then mark them failed');
    expect(await title('openspec/changes/refactor-logging/tasks.md', '2.2')).toBe('Move `services/billing` to `createLogger` and drop its hand-written timestamp prefix');
    const search = parseTasks(await read('.kiro/specs/search-index/tasks.md')).tasks;
    expect(search.map((t) => [t.id, t.parentId])).toEqual([
      ['9', null],
      ['10', null],
      ['10a', null],
      ['10a.1', '10a'],
      ['10a.2', '10a'],
      ['10b', null],
      ['11', null],
      ['12', null],
    ]);
    const zh = parseTasks(await read('.kiro/specs/zh-notes/tasks.md')).tasks;
    expect(zh.find((t) => t.id === '2')).toMatchObject({ title: '实现笔记的新建与编辑', requirements: ['1.1', '1.2'], children: ['2.1'] });
    expect(zh.find((t) => t.id === '2.1')).toMatchObject({ optional: true, parentId: '2' });
  });

  it('ticking and then unticking any task gives the file back byte for byte, parents, [~] and [-] included', async () => {
    let checked = 0;
    for (const file of Object.keys(EXPECTED)) {
      const text = await read(file);
      const { tasks } = parseTasks(text);
      const marks = marksOf(tasks);
      for (const t of tasks) {
        const ref = { id: t.id, title: t.title };
        if (t.state === 'done') {
          const open = tickTask(text, ref, 'open', marks);
          if ('error' in open) throw new Error(open.error);
          expect(bytesDiffer(open.text, text), `${file} ${t.id}`).toBe(1);
          const again = tickTask(open.text, ref, 'done');
          expect('text' in again && again.text, `${file} ${t.id}`).toBe(text);
          continue;
        }
        const ticked = tickTask(text, ref, 'done');
        if ('error' in ticked) throw new Error(ticked.error);
        expect(bytesDiffer(ticked.text, text), `${file} ${t.id}`).toBe(1);
        const withParents = tickParents(ticked.text);
        const reopened = tickTask(withParents.text, ref, 'open', marks);
        if ('error' in reopened) throw new Error(reopened.error);
        const back = reopenParents(reopened.text, reopened.task.id, marks);
        expect(back.text, `${file} ${t.id}`).toBe(text);
        expect(back.reopened, `${file} ${t.id}`).toEqual(withParents.ticked.slice().reverse().filter((id) => back.reopened.includes(id)));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('a parent ticked by its last sub-task is reopened with it and gets its [-] back; one with another open sub-task stays', async () => {
    const text = await read('.kiro/specs/queue-worker/tasks.md');
    const marks = marksOf(parseTasks(text).tasks);
    let t = text;
    for (const [id, title] of [
      ['1.2', 'Claim jobs with `SKIP LOCKED`'],
      ['1.3', 'Retry failed jobs with exponential backoff, at most five times, then mark them failed'],
    ]) {
      const r = tickTask(t, { id, title }, 'done');
      if ('error' in r) throw new Error(r.error);
      t = r.text;
    }
    const parents = tickParents(t);
    expect(parents.ticked).toEqual(['1']);
    expect(parents.text).toContain('- [x] 1. Build the worker');
    const r = tickTask(parents.text, { id: '1.2', title: 'Claim jobs with `SKIP LOCKED`' }, 'open', marks);
    if ('error' in r) throw new Error(r.error);
    const back = reopenParents(r.text, '1.2', marks);
    expect(back.reopened).toEqual(['1']);
    expect(back.text).toBe(text.replace('[~] 1.3', '[x] 1.3'));
    // A task whose sub-tasks are all optional is not ticked by them, nor reopened through them.
    const kv = await read('.kiro/specs/kv-store/tasks.md');
    const both = ['2.1', '2.2'].reduce((acc, id) => {
      const task = parseTasks(acc).tasks.find((x) => x.id === id)!;
      const res = tickTask(acc, { id, title: task.title }, 'done');
      return 'text' in res ? res.text : acc;
    }, kv);
    expect(tickParents(both).ticked).toEqual([]);
  });

  it('requirement ids resolve to their sections (1.2, FR1, FR-2, NFR1, R1.2, Requirement 2, 需求); a non-id gets a note', async () => {
    const excerpt = async (spec: string, cited: string[]) => requirementExcerpts(await read(`.kiro/specs/${spec}/requirements.md`), cited, 20_000);
    for (const file of Object.keys(EXPECTED).filter((f) => f.startsWith('.kiro/'))) {
      const spec = file.split('/')[2];
      for (const t of parseTasks(await read(file)).tasks) {
        if (!t.requirements.length || t.requirements.includes('All')) continue;
        const text = await excerpt(spec, t.requirements);
        expect(text, `${file} ${t.id} ${t.requirements.join(',')}`).not.toContain('No section found');
        expect(text.length, `${file} ${t.id}`).toBeGreaterThan(20);
      }
    }
    const fr = await excerpt('billing-fr', ['FR1', 'NFR2']);
    expect(fr).toContain('### FR1: Monthly invoices');
    expect(fr).toContain('**NFR2**: Every amount is stored in minor units');
    expect(fr).not.toContain('FR-2');
    expect(await excerpt('billing-fr', ['FR2'])).toContain('### FR-2 Tax lines');
    expect(await excerpt('billing-fr', ['NFR1'])).toBe('- **NFR1**: Invoice generation for 10 000 customers finishes within five minutes.\n  Measured on the staging database.');
    expect(await excerpt('queue-worker', ['R1.2'])).toMatch(/^## Requirement 1: Jobs[\s\S]*retry it with backoff[\s\S]*five times$/);
    expect(await excerpt('export-csv', ['Requirement 2'])).toMatch(/^### Requirement 2\n[\s\S]*decimal commas[\s\S]*fields$/);
    expect(await excerpt('zh-notes', ['2.1'])).toMatch(/^### 需求 2\n/);
    const all = await excerpt('billing-fr', ['All', 'FR9', 'the whole billing flow, see design']);
    expect(all).toContain('(No section found in requirements.md for requirement FR9.)');
    expect(all).toContain('("All" is cited as a requirement but is not a requirement id such as 1.2, FR1 or Requirement 2');
    expect(all).toContain('("the whole billing flow, see design" is cited as a requirement but is not a requirement id');
  });
});

let core: Core | null = null;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await core?.dispose();
  core = null;
  for (const c of cleanups.splice(0)) await c();
});

async function workspace(existing?: string, create: typeof createCore = createCore) {
  const ws = existing ? { dir: existing } : await tempDir('akira-layouts-ws-');
  const data = await tempDir('akira-layouts-data-');
  cleanups.push(data.cleanup);
  if (!existing) {
    cleanups.push((ws as Awaited<ReturnType<typeof tempDir>>).cleanup);
    await cp(LAYOUTS, ws.dir, { recursive: true });
  }
  core = await create({ workspaceRoot: ws.dir, dataDir: data.dir, face: 'test', version: '0.0.0-test', validateOutput: true, watch: false });
  const call = async (name: string, params: unknown) => {
    const answer = await core!.router.handle(name, params, { face: 'test' });
    if ('error' in answer) throw Object.assign(new Error(answer.error.message), answer.error);
    return answer.result as any;
  };
  return { root: ws.dir, call };
}

describe('the layouts corpus in a workspace (specs.*)', () => {
  it('lists the Kiro specs and the OpenSpec changes (not the archive) and reads a change with its proposal', async () => {
    const { call } = await workspace();
    const { specs } = await call('specs.list', {});
    expect(specs.map((s: any) => `${s.source}:${s.name}`)).toEqual([
      'kiro:auth-flow',
      'kiro:billing-fr',
      'kiro:dark-mode',
      'kiro:export-csv',
      'kiro:kv-store',
      'kiro:mobile-sync',
      'kiro:queue-worker',
      'kiro:search-index',
      'kiro:zh-notes',
      'openspec:add-i18n-zh',
      'openspec:add-rate-limits',
      'openspec:refactor-logging',
    ]);
    const kv = specs.find((s: any) => s.name === 'kv-store');
    expect(kv.progress).toEqual({ done: 1, total: 8 }); // 1, 2, 2.1, 2.2, 3.1, 3.2, 3.3, 4 (3 counts through its sub-tasks)
    const rate = await call('specs.get', { source: 'openspec', name: 'add-rate-limits' });
    expect(rate.spec).toMatchObject({ dir: 'openspec/changes/add-rate-limits', proposalPath: 'openspec/changes/add-rate-limits/proposal.md', designPath: 'openspec/changes/add-rate-limits/design.md' });
    expect(rate.problems).toEqual([]);
    expect(rate.proposal).toContain('## Why');
    expect(rate.tasks.map((t: any) => t.id)).toEqual(['1.1', '1.2', '1.3', '2.1', '2.2', '3.1']);
    await expect(call('specs.get', { source: 'openspec', name: 'archive' })).rejects.toMatchObject({
      code: 'bad_request',
      message: expect.stringContaining("openspec/changes/archive holds OpenSpec's finished (archived) changes"),
    });
  });

  it('ticks by hand: a task with only optional sub-tasks changes only its own box; reopening gives [~] back and reopens the parent', async () => {
    const { root, call } = await workspace();
    const kvPath = join(root, '.kiro/specs/kv-store/tasks.md');
    const kv = await readFile(kvPath, 'utf8');
    await call('specs.setTaskState', { source: 'kiro', name: 'kv-store', taskId: '2.1', title: 'Write property tests for the store', state: 'done' });
    const afterChild = await call('specs.setTaskState', { source: 'kiro', name: 'kv-store', taskId: '2.2', title: 'Write property tests for replay', state: 'done' });
    expect(afterChild.tasks.find((t: any) => t.id === '2').state).toBe('open');
    const two = await call('specs.setTaskState', { source: 'kiro', name: 'kv-store', taskId: '2', title: 'Implement the store', state: 'done' });
    expect(two.tasks.filter((t: any) => t.state === 'done').map((t: any) => t.id)).toEqual(['1', '2', '2.1', '2.2']);
    expect(await readFile(kvPath, 'utf8')).toBe(kv.replace('- [ ] 2. ', '- [x] 2. ').replace('- [ ]* 2.1', '- [x]* 2.1').replace('- [ ]* 2.2', '- [x]* 2.2'));

    const qPath = join(root, '.kiro/specs/queue-worker/tasks.md');
    const q = await readFile(qPath, 'utf8');
    const t12 = { source: 'kiro', name: 'queue-worker', taskId: '1.2', title: 'Claim jobs with `SKIP LOCKED`' };
    const t13 = { source: 'kiro', name: 'queue-worker', taskId: '1.3', title: 'Retry failed jobs with exponential backoff, at most five times, then mark them failed' };
    await call('specs.setTaskState', { ...t12, state: 'done' });
    const done = await call('specs.setTaskState', { ...t13, state: 'done' });
    expect(done.tasks.find((t: any) => t.id === '1').state).toBe('done');
    const reopened = await call('specs.setTaskState', { ...t13, state: 'open' });
    expect(reopened.tasks.find((t: any) => t.id === '1').state).toBe('in_progress');
    expect(await readFile(qPath, 'utf8')).toBe(q.replace('[~] 1.2', '[x] 1.2'));
    await call('specs.setTaskState', { ...t12, state: 'open' });
    expect(await readFile(qPath, 'utf8')).toBe(q);
  });

  it('another Akira (a new core, as `akira run --tasks` is) reopens a task to the mark it had before this one ticked it', async () => {
    const first = await workspace();
    const qPath = join(first.root, '.kiro/specs/queue-worker/tasks.md');
    const q = await readFile(qPath, 'utf8');
    const t12 = { source: 'kiro', name: 'queue-worker', taskId: '1.2', title: 'Claim jobs with `SKIP LOCKED`' };
    await first.call('specs.setTaskState', { ...t12, state: 'done' });
    expect(await readFile(qPath, 'utf8')).toBe(q.replace('[~] 1.2', '[x] 1.2'));
    await core!.dispose();
    core = null;
    // Fresh modules: nothing this process remembers in memory carries over.
    vi.resetModules();
    const fresh = (await import('../createCore')).createCore;
    const second = await workspace(first.root, fresh);
    await second.call('specs.setTaskState', { ...t12, state: 'open' });
    expect(await readFile(qPath, 'utf8')).toBe(q);
    // Kept with Akira's records, which git does not see.
    expect(await readFile(join(first.root, '.akira/.gitignore'), 'utf8')).toContain('sessions/');
  });

  it('bad input: a task whose title changed meanwhile is refused with what it is now, and nothing is written', async () => {
    const { root, call } = await workspace();
    const path = join(root, 'openspec/changes/refactor-logging/tasks.md');
    const before = await readFile(path, 'utf8');
    await expect(call('specs.setTaskState', { source: 'openspec', name: 'refactor-logging', taskId: '2.2', title: 'Move `services/billing` to `createLogger` and drop its', state: 'done' })).rejects.toMatchObject({
      code: 'not_found',
      message: expect.stringContaining('task 2.2 at line 9 is now titled "Move `services/billing` to `createLogger` and drop its hand-written timestamp prefix"'),
    });
    expect(() => selectTasks(parseTasks(before).tasks, { only: ['2.4'] })).toThrow('No task "2.4" in the tasks.md; its tasks are 1.1, 1.2, 2.1, 2.2, 2.3, 2.10, 3.1.');
    expect(await readFile(path, 'utf8')).toBe(before);
  });
});
