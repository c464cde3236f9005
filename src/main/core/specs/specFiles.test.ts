import { chmod, mkdir, readFile, readdir, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, writeTree } from '../../../testing/tempTree';
import { kiroPlan } from './corpus/tasksCorpus.fixture';
import { editTasksFile, listSpecs, readSpec, tickSpecParents, tickSpecTask } from './specFiles';

let root: string;
let cleanup: () => Promise<void>;
let outside: { dir: string; cleanup: () => Promise<void> };

beforeEach(async () => {
  ({ dir: root, cleanup } = await tempDir('akira-specs-'));
  outside = await tempDir('akira-specs-outside-');
  await writeTree(root, {
    '.akira/specs/billing/tasks.md': '- [ ] 1. Charge\n',
    '.akira/specs/billing/requirements.md': '# Requirements\n',
    '.akira/specs/draft/requirements.md': 'only requirements so far\n',
    '.akira/specs/empty/notes.txt': 'not a spec file\n',
    '.kiro/specs/auth/tasks.md': kiroPlan.replace(/\n/g, '\r\n'),
    '.kiro/specs/auth/requirements.md': '# Auth requirements\r\n',
    '.kiro/specs/auth/design.md': '# Auth design\r\n',
    '.kiro/specs/billing/tasks.md': '- [x] 1. Kiro billing\n',
    '.kiro/steering/product.md': 'not a spec\n',
  });
  await writeTree(outside.dir, { 'tasks.md': '- [ ] 1. Outside\n' });
});

afterEach(async () => {
  await cleanup();
  await outside.cleanup();
});

describe('listSpecs', () => {
  it('finds both layouts, .akira first, with the files each spec has', async () => {
    expect(await listSpecs(root)).toEqual([
      {
        source: 'akira',
        name: 'billing',
        dir: '.akira/specs/billing',
        tasksPath: '.akira/specs/billing/tasks.md',
        hasTasks: true,
        requirementsPath: '.akira/specs/billing/requirements.md',
      },
      { source: 'akira', name: 'draft', dir: '.akira/specs/draft', tasksPath: '.akira/specs/draft/tasks.md', hasTasks: false, requirementsPath: '.akira/specs/draft/requirements.md' },
      {
        source: 'kiro',
        name: 'auth',
        dir: '.kiro/specs/auth',
        tasksPath: '.kiro/specs/auth/tasks.md',
        hasTasks: true,
        requirementsPath: '.kiro/specs/auth/requirements.md',
        designPath: '.kiro/specs/auth/design.md',
      },
      { source: 'kiro', name: 'billing', dir: '.kiro/specs/billing', tasksPath: '.kiro/specs/billing/tasks.md', hasTasks: true },
    ]);
  });

  it('answers [] for a workspace without specs', async () => {
    const empty = await tempDir('akira-specs-none-');
    try {
      expect(await listSpecs(empty.dir)).toEqual([]);
    } finally {
      await empty.cleanup();
    }
  });

  it('skips spec folders and files that lead outside the workspace', async () => {
    await symlink(outside.dir, join(root, '.akira/specs/escape'));
    await mkdir(join(root, '.kiro/specs/linked'));
    await symlink(join(outside.dir, 'tasks.md'), join(root, '.kiro/specs/linked/tasks.md'));
    const names = (await listSpecs(root)).map((s) => `${s.source}:${s.name}`);
    expect(names).toEqual(['akira:billing', 'akira:draft', 'kiro:auth', 'kiro:billing']);
    await expect(readSpec(root, { source: 'akira', name: 'escape' })).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('skips a specs folder that is a link leading outside', async () => {
    const ws = await tempDir('akira-specs-linked-');
    try {
      await mkdir(join(ws.dir, '.kiro'));
      await mkdir(join(outside.dir, 'specs/x'), { recursive: true });
      await writeFile(join(outside.dir, 'specs/x/tasks.md'), '- [ ] 1. Outside\n');
      await symlink(join(outside.dir, 'specs'), join(ws.dir, '.kiro/specs'));
      expect(await listSpecs(ws.dir)).toEqual([]);
      await expect(tickSpecTask(ws.dir, { source: 'kiro', name: 'x' }, { id: '1', title: 'Outside' }, 'done')).rejects.toMatchObject({ code: 'forbidden' });
      expect(await readFile(join(outside.dir, 'specs/x/tasks.md'), 'utf8')).toBe('- [ ] 1. Outside\n');
    } finally {
      await ws.cleanup();
    }
  });
});

describe('readSpec', () => {
  it('reads the tasks, requirements and design of a Kiro spec', async () => {
    const spec = await readSpec(root, { source: 'kiro', name: 'auth' });
    expect(spec.spec.designPath).toBe('.kiro/specs/auth/design.md');
    expect(spec.tasks.map((t) => t.id)).toEqual(['1', '2', '2.1', '2.2', '2.3', '3', '3.1']);
    expect(spec.tasksText).toBe(kiroPlan.replace(/\n/g, '\r\n'));
    expect(spec.requirements).toBe('# Auth requirements\r\n');
    expect(spec.design).toBe('# Auth design\r\n');
    expect(spec.problems).toEqual([]);
  });

  it('tells a spec without tasks.md, and refuses a missing spec or a bad name', async () => {
    const draft = await readSpec(root, { source: 'akira', name: 'draft' });
    expect(draft).toMatchObject({ tasksText: null, tasks: [], design: null, problems: ['The spec has no tasks.md yet.'] });
    await expect(readSpec(root, { source: 'akira', name: 'nope' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(readSpec(root, { source: 'kiro', name: '..' })).rejects.toMatchObject({ code: 'bad_request' });
    await expect(readSpec(root, { source: 'kiro', name: 'a/b' })).rejects.toMatchObject({ code: 'bad_request' });
  });
});

describe('ticking tasks.md on disk', () => {
  const authTasks = () => join(root, '.kiro/specs/auth/tasks.md');

  it('changes one byte of the file, keeps CRLF and the file mode, leaves no temporary file', async () => {
    await chmod(authTasks(), 0o640);
    const before = await readFile(authTasks());
    const r = await tickSpecTask(root, { source: 'kiro', name: 'auth' }, { id: '2.2', title: 'Implement User model with validation' }, 'done');
    expect(r.changed).toBe(true);
    const after = await readFile(authTasks());
    expect(after.length).toBe(before.length);
    const diff = [...after.keys()].filter((i) => after[i] !== before[i]);
    expect(diff).toHaveLength(1);
    expect(String.fromCharCode(after[diff[0]])).toBe('x');
    expect((await stat(authTasks())).mode & 0o777).toBe(0o640);
    expect(await readdir(join(root, '.kiro/specs/auth'))).toEqual(['design.md', 'requirements.md', 'tasks.md']);
  });

  it('does not write when nothing changes, and throws not_found / conflict for missing or ambiguous tasks', async () => {
    const ref = { source: 'akira' as const, name: 'billing' };
    const mtime = (await stat(join(root, '.akira/specs/billing/tasks.md'))).mtimeMs;
    expect(await tickSpecTask(root, ref, { id: '1', title: 'Charge' }, 'open')).toMatchObject({ changed: false });
    expect((await stat(join(root, '.akira/specs/billing/tasks.md'))).mtimeMs).toBe(mtime);
    await expect(tickSpecTask(root, ref, { id: '2', title: 'Refund' }, 'done')).rejects.toMatchObject({ code: 'not_found' });
    await writeFile(join(root, '.akira/specs/billing/tasks.md'), '- [ ] A\n- [ ] A\n');
    await expect(tickSpecTask(root, ref, { id: 't1', title: 'A' }, 'done')).rejects.toMatchObject({ code: 'conflict' });
    await expect(tickSpecTask(root, { source: 'akira', name: 'draft' }, { id: '1', title: 'x' }, 'done')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('keeps an edit the user saved while the tick was computed, and ticks the task on the new text', async () => {
    const ref = { source: 'kiro' as const, name: 'auth' };
    let edits = 0;
    const r = await tickSpecTask(root, ref, { id: '3.1', title: 'Implement database connection utilities' }, 'done', {
      beforeWrite: async () => {
        if (edits++ > 0) return;
        const now = await readFile(authTasks(), 'utf8');
        await writeFile(authTasks(), now.replace('# Implementation Plan\r\n', '# Implementation Plan\r\n\r\nA note the user typed.\r\n'));
      },
    });
    expect(edits).toBe(2);
    const text = await readFile(authTasks(), 'utf8');
    expect(r.text).toBe(text);
    expect(text).toContain('A note the user typed.\r\n');
    expect(text).toContain('  - [x] 3.1 Implement database connection utilities\r\n');
  });

  it('gives up with conflict when the file keeps changing', async () => {
    let n = 0;
    const p = tickSpecTask(root, { source: 'akira', name: 'billing' }, { id: '1', title: 'Charge' }, 'done', {
      attempts: 3,
      beforeWrite: () => writeFile(join(root, '.akira/specs/billing/tasks.md'), `- [ ] 1. Charge\n<!-- ${n++} -->\n`),
    });
    await expect(p).rejects.toMatchObject({ code: 'conflict' });
    expect(await readFile(join(root, '.akira/specs/billing/tasks.md'), 'utf8')).toBe('- [ ] 1. Charge\n<!-- 2 -->\n');
  });

  it('refuses to rewrite a tasks.md that is not valid UTF-8', async () => {
    await writeFile(join(root, '.akira/specs/billing/tasks.md'), Buffer.from([0x2d, 0x20, 0x5b, 0x20, 0x5d, 0x20, 0x31, 0x2e, 0x20, 0x41, 0xff, 0x0a]));
    await expect(editTasksFile(root, { source: 'akira', name: 'billing' }, (t) => ({ text: t, changed: true }))).rejects.toMatchObject({ code: 'bad_request' });
  });

  it('ticks finished parents on disk', async () => {
    await writeFile(join(root, '.akira/specs/billing/tasks.md'), '- [ ] 1. Charge\n  - [x] 1.1 Card\n  - [x] 1.2 Invoice\n');
    const r = await tickSpecParents(root, { source: 'akira', name: 'billing' });
    expect(r).toMatchObject({ changed: true });
    expect(await readFile(join(root, '.akira/specs/billing/tasks.md'), 'utf8')).toBe('- [x] 1. Charge\n  - [x] 1.1 Card\n  - [x] 1.2 Invoice\n');
  });
});
