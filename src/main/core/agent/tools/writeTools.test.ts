import { existsSync, readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { wordsText } from '../../../../shared/errors';
import { applyProposedChange } from './proposedChange';
import { createToolRegistry } from './toolRegistry';
import { createFixture, SECRET, type Fixture } from '../../../../testing/toolKit';
import type { ProposedChange, ToolContext } from './toolTypes';

const registry = createToolRegistry();

let fx: Fixture;
let ctx: ToolContext;

async function run(name: string, args: Record<string, unknown>) {
  return registry.execute(name, args, ctx);
}

async function change(name: string, args: Record<string, unknown>): Promise<ProposedChange> {
  const r = await run(name, args);
  expect(r.change, r.text).toBeDefined();
  return r.change!;
}

/** Every file under a folder with its content (to prove nothing changed); links are not followed. */
function snapshot(dir: string, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix + d.name;
    if (d.isDirectory()) snapshot(join(dir, d.name), `${rel}/`, out);
    else if (d.isFile()) out[rel] = readFileSync(join(dir, d.name), 'utf8');
    else if (d.isSymbolicLink()) out[rel] = `-> ${readlinkSync(join(dir, d.name))}`;
  }
  return out;
}

beforeEach(async () => {
  fx = await createFixture({
    'src/app.ts': 'export function greet(name: string) {\n  return `Hello, ${name}`;\n}\n',
    'notes.txt': 'alpha\nbeta\nalpha\n',
    'logo.bin': Buffer.from([1, 2, 0, 3]),
    'win.txt': 'a\r\nb\r\n',
  });
  ctx = { root: fx.root };
});
afterEach(async () => {
  await fx.cleanup();
});

describe('write tools propose changes and write nothing', () => {
  it('write_file: create and modify proposals with before/after, without touching disk', async () => {
    const before = snapshot(fx.root);
    const created = await run('write_file', { path: 'src/new/deep.ts', content: 'export {};\n' });
    expect(created.change).toEqual({ path: 'src/new/deep.ts', kind: 'create', before: null, after: 'export {};\n', beforeHash: null });
    expect(created.text).toBe('Prepared a change to create src/new/deep.ts (+1 −0 lines); it is applied once approved.');
    const modified = await change('write_file', { path: './src//app.ts', content: 'export {};\n' });
    expect(modified).toMatchObject({ path: 'src/app.ts', kind: 'modify', before: readFileSync(join(fx.root, 'src/app.ts'), 'utf8') });
    expect(modified.beforeHash).toMatch(/^[0-9a-f]{64}$/);
    const binary = await change('write_file', { path: 'logo.bin', content: 'text now' });
    expect(binary).toMatchObject({ kind: 'modify', binary: true, before: null, after: 'text now' });
    expect(snapshot(fx.root)).toEqual(before);
    expect(existsSync(join(fx.root, 'src/new'))).toBe(false);
    const same = await run('write_file', { path: 'notes.txt', content: 'alpha\nbeta\nalpha\n' });
    expect(same.change).toBeUndefined();
    expect(same.text).toMatch(/already has exactly this content/);
  });

  it('write_file refuses folders and .git internals', async () => {
    await expect(run('write_file', { path: 'src', content: 'x' })).rejects.toMatchObject({ message: 'src is a folder, not a file.' });
    await expect(run('write_file', { path: 'newdir/', content: 'x' })).rejects.toMatchObject({ code: 'bad_request' });
    await mkdir(join(fx.root, '.git'));
    await expect(run('write_file', { path: '.git/config', content: 'x' })).rejects.toMatchObject({ code: 'forbidden', hint: expect.stringMatching(/git commands/) });
  });

  it('write, edit and delete refuse every .git: nested, a .git file, a link into one, a .git that is a link (issue 26)', async () => {
    await mkdir(join(fx.root, '.git'));
    await writeFile(join(fx.root, '.git', 'config'), '[core]\n');
    await mkdir(join(fx.root, 'sub', '.git', 'hooks'), { recursive: true });
    await writeFile(join(fx.root, 'sub', '.git', 'config'), '[core]\n');
    await mkdir(join(fx.root, 'wt'));
    await writeFile(join(fx.root, 'wt', '.git'), 'gitdir: ../.git\n'); // a worktree's or submodule's .git file
    await symlink('.git', join(fx.root, 'gitlink'));
    await mkdir(join(fx.root, 'other', 'gitdata'), { recursive: true });
    await writeFile(join(fx.root, 'other', 'gitdata', 'config'), '[core]\n');
    await symlink('gitdata', join(fx.root, 'other', '.git')); // its real path has no .git in it
    const before = snapshot(fx.root);
    const paths = ['.git/config', '.git/hooks/pre-commit', '.GIT/config', 'sub/.git/config', 'sub/.git/hooks/post-checkout', 'wt/.git', 'gitlink/config', 'other/.git/config'];
    for (const path of paths) {
      for (const [tool, args] of [
        ['write_file', { path, content: '[core]\n\tfsmonitor = evil\n' }],
        ['edit_file', { path, edits: [{ search: '[core]', replace: '[core]\n\tfsmonitor = evil' }] }],
        ['delete_file', { path }],
      ] as const) {
        const err = await run(tool, args).then((r) => new Error(`${tool} ${path} answered: ${r.text}`), (e: Error) => e);
        expect(err, `${tool} ${path}`).toMatchObject({ code: 'forbidden', message: expect.stringMatching(/is inside a \.git folder; the agent does not edit git's own data/) });
      }
    }
    const apply = { kind: 'modify' as const, before: '[core]\n', after: 'x', beforeHash: null };
    await expect(applyProposedChange(fx.root, { path: 'other/.git/config', ...apply })).rejects.toMatchObject({ code: 'forbidden' });
    expect(snapshot(fx.root)).toEqual(before);
  });

  it('edit_file: applies search/replace edits in order to the current content', async () => {
    const c = await change('edit_file', {
      path: 'src/app.ts',
      edits: [
        { search: 'greet(name: string)', replace: 'greet(name: string, punctuation = "!")' },
        { search: '`Hello, ${name}`', replace: '`Hello, ${name}${punctuation}`' },
      ],
    });
    expect(c.kind).toBe('modify');
    expect(c.after).toBe('export function greet(name: string, punctuation = "!") {\n  return `Hello, ${name}${punctuation}`;\n}\n');
    expect(readFileSync(join(fx.root, 'src/app.ts'), 'utf8')).toBe(c.before);
  });

  it('edit_file: not found and ambiguous are clear errors, and nothing is proposed', async () => {
    await expect(run('edit_file', { path: 'src/app.ts', edits: [{ search: 'return `Hi, ${name}`;', replace: 'x' }] })).rejects.toMatchObject({
      code: 'not_found',
      message: expect.stringMatching(/search text was not found in src\/app\.ts[^]*2\t {2}return `Hello, \$\{name\}`;/),
    });
    await expect(run('edit_file', { path: 'notes.txt', edits: [{ search: 'alpha', replace: 'gamma' }] })).rejects.toMatchObject({
      message: 'The edit: the search text occurs 2 times in notes.txt (at lines 1, 3); it must occur exactly once.',
      hint: expect.stringMatching(/more surrounding lines/),
    });
    await expect(run('edit_file', { path: 'notes.txt', edits: [{ search: 'beta', replace: 'beta' }] })).rejects.toMatchObject({ message: expect.stringMatching(/unchanged/) });
    await expect(run('edit_file', { path: 'gone.ts', edits: [{ search: 'a', replace: 'b' }] })).rejects.toMatchObject({ code: 'not_found', hint: expect.stringMatching(/write_file/) });
    await expect(run('edit_file', { path: 'logo.bin', edits: [{ search: 'a', replace: 'b' }] })).rejects.toMatchObject({ message: expect.stringMatching(/binary/) });
    await expect(run('edit_file', { path: 'notes.txt', edits: [] })).rejects.toMatchObject({ code: 'bad_request', message: expect.stringMatching(/Invalid arguments for edit_file[^]*edits/) });
  });

  it('edit_file keeps CRLF, and edits the pending content the context gives', async () => {
    expect((await change('edit_file', { path: 'win.txt', edits: [{ search: 'a\nb', replace: 'a\nB' }] })).after).toBe('a\r\nB\r\n');
    const pending = 'export function greet() {}\n';
    ctx.pendingContent = (p) => (p === 'src/app.ts' ? pending : undefined);
    const c = await change('edit_file', { path: 'src/app.ts', edits: [{ search: 'greet()', replace: 'greet(name: string)' }] });
    expect(c).toMatchObject({ before: pending, after: 'export function greet(name: string) {}\n' });
  });

  it('delete_file: proposes the deletion with the old content; refuses folders and links', async () => {
    const c = await change('delete_file', { path: 'notes.txt' });
    expect(c).toMatchObject({ path: 'notes.txt', kind: 'delete', before: 'alpha\nbeta\nalpha\n', after: null });
    expect(existsSync(join(fx.root, 'notes.txt'))).toBe(true);
    await expect(run('delete_file', { path: 'src' })).rejects.toMatchObject({ message: 'src is a folder, not a file.' });
    await expect(run('delete_file', { path: 'nope.txt' })).rejects.toMatchObject({ code: 'not_found' });
    await symlink('notes.txt', join(fx.root, 'inside-link'));
    await expect(run('delete_file', { path: 'inside-link' })).rejects.toMatchObject({ message: expect.stringMatching(/symbolic link/) });
  });
});

describe('path escapes (write tools)', () => {
  it('refuses every escape for write_file, edit_file and delete_file; nothing outside is read or written', async () => {
    const outsideBefore = snapshot(fx.outside);
    for (const { path, why } of fx.escapes) {
      for (const [tool, args] of [
        ['write_file', { path, content: 'pwned' }],
        ['edit_file', { path, edits: [{ search: SECRET, replace: 'pwned' }] }],
        ['delete_file', { path }],
      ] as const) {
        const err = await run(tool, args).then(
          (r) => new Error(`${tool} ${why} answered: ${r.text}`),
          (e: Error) => e,
        );
        expect(err, `${tool} via ${why} (${path})`).toMatchObject({ code: expect.stringMatching(/forbidden|bad_request/) });
        expect(err.message).not.toContain(SECRET);
      }
    }
    expect(snapshot(fx.outside)).toEqual(outsideBefore);
    expect(existsSync(join(fx.outside, 'not-yet.txt'))).toBe(false);
  });

  it('applyProposedChange re-checks confinement: a crafted path or a folder swapped for a link is refused', async () => {
    for (const { path } of fx.escapes) {
      await expect(applyProposedChange(fx.root, { path, kind: 'create', before: null, after: 'pwned', beforeHash: null })).rejects.toMatchObject({
        code: 'forbidden',
      });
    }
    const c = await change('write_file', { path: 'build/out.txt', content: 'data' });
    await mkdir(join(fx.root, 'elsewhere'));
    await symlink(fx.outside, join(fx.root, 'build')); // the folder appeared meanwhile, as a link out
    await expect(applyProposedChange(fx.root, c)).rejects.toMatchObject({ code: 'forbidden' });
    expect(existsSync(join(fx.outside, 'out.txt'))).toBe(false);
  });
});

describe('applyProposedChange', () => {
  it('creates (with folders), modifies (keeping permissions) and deletes', async () => {
    await applyProposedChange(fx.root, await change('write_file', { path: 'a/b/c.txt', content: 'new\n' }));
    expect(await readFile(join(fx.root, 'a/b/c.txt'), 'utf8')).toBe('new\n');
    await chmod(join(fx.root, 'src/app.ts'), 0o751);
    const edit = await change('edit_file', { path: 'src/app.ts', edits: [{ search: 'Hello', replace: 'Hi' }] });
    expect(await applyProposedChange(fx.root, edit)).toEqual({ path: 'src/app.ts', kind: 'modify' });
    expect(await readFile(join(fx.root, 'src/app.ts'), 'utf8')).toContain('`Hi, ${name}`');
    expect(statSync(join(fx.root, 'src/app.ts')).mode & 0o777).toBe(0o751);
    await applyProposedChange(fx.root, await change('delete_file', { path: 'notes.txt' }));
    expect(existsSync(join(fx.root, 'notes.txt'))).toBe(false);
    // A user-edited `after` is what gets written.
    const proposal = await change('write_file', { path: 'edited.txt', content: 'model text' });
    await applyProposedChange(fx.root, { ...proposal, after: 'user text' });
    expect(await readFile(join(fx.root, 'edited.txt'), 'utf8')).toBe('user text');
  });

  it('refuses with a conflict when the file changed, appeared or vanished since it was read', async () => {
    const edit = await change('edit_file', { path: 'src/app.ts', edits: [{ search: 'Hello', replace: 'Hi' }] });
    await writeFile(join(fx.root, 'src/app.ts'), 'someone else was here\n');
    await expect(applyProposedChange(fx.root, edit)).rejects.toMatchObject({
      code: 'conflict',
      message: 'src/app.ts changed on disk since the change was proposed; nothing was written.',
      hint: expect.stringMatching(/read_file/),
      // Issue 14: the change card says it in the UI's language.
      words: { key: 'tool.changedSince', values: ['src/app.ts', 'changed'] },
    });
    expect(wordsText({ key: 'tool.changedSince', values: ['src/app.ts', 'changed'] }, 'zh-CN')).toBe('提出更改后，src/app.ts 在磁盘上已被更改；没有写入任何内容。');
    expect(await readFile(join(fx.root, 'src/app.ts'), 'utf8')).toBe('someone else was here\n');

    const create = await change('write_file', { path: 'fresh.txt', content: 'mine' });
    await writeFile(join(fx.root, 'fresh.txt'), 'theirs');
    await expect(applyProposedChange(fx.root, create)).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/was created by someone else/) });
    expect(await readFile(join(fx.root, 'fresh.txt'), 'utf8')).toBe('theirs');

    const del = await change('delete_file', { path: 'notes.txt' });
    await rm(join(fx.root, 'notes.txt'));
    await expect(applyProposedChange(fx.root, del)).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/was deleted/) });

    // Without a hash, `before` is compared instead.
    const modify = await change('write_file', { path: 'win.txt', content: 'x' });
    await writeFile(join(fx.root, 'win.txt'), 'changed');
    const { beforeHash: _ignored, ...noHash } = modify;
    await expect(applyProposedChange(fx.root, noHash as ProposedChange)).rejects.toMatchObject({ code: 'conflict' });
  });

  it('applies changes proposed on pending content once that content is on disk (in order)', async () => {
    const first = await change('write_file', { path: 'chain.txt', content: 'one\n' });
    ctx.pendingContent = (p) => (p === 'chain.txt' ? first.after : undefined);
    const second = await change('edit_file', { path: 'chain.txt', edits: [{ search: 'one', replace: 'two' }] });
    await expect(applyProposedChange(fx.root, second)).rejects.toMatchObject({ code: 'conflict' });
    await applyProposedChange(fx.root, first);
    await applyProposedChange(fx.root, second);
    expect(await readFile(join(fx.root, 'chain.txt'), 'utf8')).toBe('two\n');
  });

  it('refuses a change whose file became a folder', async () => {
    const c = await change('write_file', { path: 'spot', content: 'x' });
    await mkdir(join(fx.root, 'spot'));
    await expect(applyProposedChange(fx.root, c)).rejects.toMatchObject({ code: 'conflict' });
  });
});
