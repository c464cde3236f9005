import { createHash } from 'node:crypto';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { workspaceCommands } from '../../../shared/contract/workspace';
import { createWorkspaceService, type WorkspaceService } from './workspaceService';
import { gitInit } from '../../../testing/gitCli';
import { tempDir, writeTree } from '../../../testing/tempTree';

let base: string;
let cleanup: () => Promise<void>;
let root: string;
const services: WorkspaceService[] = [];

async function open(dir = root, readLimit?: number): Promise<WorkspaceService> {
  const service = await createWorkspaceService({ root: dir, emit: () => {}, readLimit, watch: false });
  services.push(service);
  return service;
}

async function names(service: WorkspaceService, path = ''): Promise<string[]> {
  const result = await service.list({ path, offset: 0, limit: 5000 });
  workspaceCommands['workspace.list'].output.parse(result);
  return result.entries.map((e) => e.name);
}

const refused = (code: string) => expect.objectContaining({ code });

beforeEach(async () => {
  ({ dir: base, cleanup } = await tempDir());
  root = join(base, 'ws');
  await mkdir(root);
});

afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.dispose()));
  await cleanup();
});

describe('workspace.list', () => {
  it('lists folders first, then files, in case-insensitive natural order', async () => {
    await writeTree(root, {
      'b.txt': '', 'A.txt': '', 'file10.txt': '', 'file2.txt': '', 'a.md': '',
      'zeta/x': '', 'Alpha/x': '', 'dir10/x': '', 'dir2/x': '',
    });
    expect(await names(await open())).toEqual([
      'Alpha', 'dir2', 'dir10', 'zeta', 'a.md', 'A.txt', 'b.txt', 'file2.txt', 'file10.txt',
    ]);
  });

  it('reports kinds, sizes and workspace-relative forward-slash paths', async () => {
    await writeTree(root, { 'src/lib/util.ts': 'export {};\n', 'src/main.ts': 'x' });
    const service = await open();
    const result = await service.list({ path: 'src' });
    expect(result).toEqual({
      path: 'src',
      entries: [
        { name: 'lib', path: 'src/lib', kind: 'dir' },
        { name: 'main.ts', path: 'src/main.ts', kind: 'file', size: 1 },
      ],
      total: 2,
      nextOffset: null,
    });
    expect((await service.list({ path: './src//lib/' })).entries[0].path).toBe('src/lib/util.ts');
  });

  it('hides .git and respects root, nested and info/exclude rules', async () => {
    gitInit(root);
    await writeTree(root, {
      '.gitignore': 'node_modules/\n*.log\nbuild\n',
      '.git/info/exclude': 'excluded.txt\n',
      'node_modules/pkg/index.js': '',
      'app.log': '', 'build/out.js': '', 'excluded.txt': '', 'kept.txt': '',
      'sub/.gitignore': 'secret.txt\n!keep.log\n',
      'sub/secret.txt': '', 'sub/keep.log': '', 'sub/other.log': '', 'sub/visible.txt': '',
      'sub/deeper/secret.txt': '', 'sub/deeper/fine.txt': '',
    });
    const service = await open();
    expect(await names(service)).toEqual(['sub', '.gitignore', 'kept.txt']);
    expect(await names(service, 'sub')).toEqual(['deeper', '.gitignore', 'keep.log', 'visible.txt']);
    expect(await names(service, 'sub/deeper')).toEqual(['fine.txt']);
  });

  it('notices .gitignore edits on the next listing', async () => {
    await writeTree(root, { '.gitignore': '', 'a.txt': '', 'b.txt': '' });
    const service = await open();
    expect(await names(service)).toEqual(['.gitignore', 'a.txt', 'b.txt']);
    await writeFile(join(root, '.gitignore'), 'a.txt\n# now longer\n');
    expect(await names(service)).toEqual(['.gitignore', 'b.txt']);
  });

  it('respects .gitignore when the folder is not a git repository', async () => {
    await writeTree(root, { '.gitignore': 'dist/\n', 'dist/a.js': '', 'src/a.ts': '' });
    expect(await names(await open())).toEqual(['src', '.gitignore']);
  });

  it('applies the rules of a repository above the workspace folder', async () => {
    gitInit(base);
    await writeTree(base, { '.gitignore': 'ws/generated/\n*.tmp\n' });
    await writeTree(root, { 'generated/x.ts': '', 'src/a.ts': '', 'scratch.tmp': '', 'readme.md': '' });
    expect(await names(await open())).toEqual(['src', 'readme.md']);
  });

  it('pages big folders with offset, limit, total and nextOffset', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 1200; i++) files[`f${i}.txt`] = '';
    await writeTree(root, files);
    const service = await open();
    const seen: string[] = [];
    let offset: number | null = 0;
    const offsets: (number | null)[] = [];
    while (offset !== null) {
      const page = await service.list({ path: '', offset, limit: 500 });
      expect(page.total).toBe(1200);
      seen.push(...page.entries.map((e) => e.name));
      offset = page.nextOffset;
      offsets.push(offset);
    }
    expect(offsets).toEqual([500, 1000, null]);
    expect(seen).toHaveLength(1200);
    expect(new Set(seen).size).toBe(1200);
    expect(seen.slice(0, 3)).toEqual(['f0.txt', 'f1.txt', 'f2.txt']);
    expect(seen.at(-1)).toBe('f1199.txt');
    expect(await service.list({ path: '', offset: 5000, limit: 10 })).toMatchObject({ entries: [], nextOffset: null });
  });

  it('pages from a fresh listing when the folder changed between pages', async () => {
    await writeTree(root, { 'a.txt': '', 'b.txt': '', 'c.txt': '', 'd.txt': '' });
    const service = await open();
    expect((await service.list({ path: '', offset: 0, limit: 2 })).entries.map((e) => e.name)).toEqual(['a.txt', 'b.txt']);
    await writeFile(join(root, 'aa.txt'), '');
    const second = await service.list({ path: '', offset: 2, limit: 2 });
    expect(second.total).toBe(5);
    expect(second.entries.map((e) => e.name)).toEqual(['b.txt', 'c.txt']);
  });

  it('reports symlinks with where they lead, link-to-folder among the folders', async () => {
    await writeTree(root, { 'src/a.ts': '', 'z.txt': '' });
    await mkdir(join(base, 'outside'));
    await symlink(join(root, 'src'), join(root, 'src-link'));
    await symlink('z.txt', join(root, 'z-link'));
    await symlink(join(base, 'outside'), join(root, 'out-link'));
    await symlink('missing', join(root, 'broken-link'));
    const result = await (await open()).list({});
    expect(result.entries.map((e) => [e.name, e.kind, e.link])).toEqual([
      ['src', 'dir', undefined],
      ['src-link', 'symlink', 'dir'],
      ['broken-link', 'symlink', 'broken'],
      ['out-link', 'symlink', 'outside'],
      ['z-link', 'symlink', 'file'],
      ['z.txt', 'file', undefined],
    ]);
  });

  it('lists through an in-workspace folder link under the name the caller used', async () => {
    await writeTree(root, { 'src/a.ts': '' });
    await symlink(join(root, 'src'), join(root, 'alias'));
    const result = await (await open()).list({ path: 'alias' });
    expect(result.entries.map((e) => e.path)).toEqual(['alias/a.ts']);
  });

  it('refuses escapes and bad paths', async () => {
    await writeTree(base, { 'outside/secret.txt': 's' });
    await writeTree(root, { 'file.txt': '' });
    await symlink(join(base, 'outside'), join(root, 'out'));
    const service = await open();
    await expect(service.list({ path: '..' })).rejects.toEqual(refused('forbidden'));
    await expect(service.list({ path: join(base, 'outside') })).rejects.toEqual(refused('forbidden'));
    await expect(service.list({ path: 'out' })).rejects.toEqual(refused('forbidden'));
    await expect(service.list({ path: '．．' })).rejects.toEqual(refused('forbidden'));
    await expect(service.list({ path: 'a\0b' })).rejects.toEqual(refused('bad_request'));
    await expect(service.list({ path: 'nope' })).rejects.toEqual(refused('not_found'));
    await expect(service.list({ path: 'file.txt' })).rejects.toEqual(refused('bad_request'));
  });
});

describe('workspace.read', () => {
  it('reads text files, including Unicode names and content', async () => {
    await writeTree(root, { 'docs/café ✓.md': '# Привет\nnaïve 🚀\n' });
    const result = await (await open()).read({ path: 'docs/café ✓.md' });
    workspaceCommands['workspace.read'].output.parse(result);
    expect(result).toEqual({
      path: 'docs/café ✓.md',
      size: Buffer.byteLength('# Привет\nnaïve 🚀\n'),
      binary: false,
      truncated: false,
      content: '# Привет\nnaïve 🚀\n',
      hash: createHash('sha256').update('# Привет\nnaïve 🚀\n').digest('hex'),
    });
  });

  it('flags binary files (NUL in the first 8 KB) and sends no content', async () => {
    await writeTree(root, { 'img.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02]) });
    expect(await (await open()).read({ path: 'img.png' })).toEqual({
      path: 'img.png', size: 7, binary: true, truncated: false, content: '',
      hash: createHash('sha256').update(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02])).digest('hex'),
    });
  });

  it('does not call a file binary for a NUL after the first 8 KB', async () => {
    await writeTree(root, { 'late.txt': Buffer.concat([Buffer.alloc(9000, 'a'), Buffer.from([0])]) });
    expect((await (await open()).read({ path: 'late.txt' })).binary).toBe(false);
  });

  it('truncates big files at the limit without cutting a character in half', async () => {
    const text = `${'x'.repeat(99)}é${'y'.repeat(50)}`; // é spans bytes 99–100; the limit cuts it
    await writeTree(root, { 'big.txt': text });
    const result = await (await open(root, 100)).read({ path: 'big.txt' });
    expect(result.truncated).toBe(true);
    expect(result.size).toBe(Buffer.byteLength(text));
    expect(result.content).toBe('x'.repeat(99));
    expect(result.hash).toBeNull(); // not all of it was read
  });

  it('reads a file through an in-workspace link', async () => {
    await writeTree(root, { 'a.txt': 'hello' });
    await symlink('a.txt', join(root, 'b.txt'));
    expect(await (await open()).read({ path: 'b.txt' })).toMatchObject({ path: 'b.txt', content: 'hello' });
  });

  it('refuses escapes, folders and missing files', async () => {
    await writeTree(base, { 'outside/secret.txt': 'secret' });
    await writeTree(root, { 'dir/x.txt': '' });
    await symlink(join(base, 'outside', 'secret.txt'), join(root, 'innocent.txt'));
    await symlink(join(base, 'outside'), join(root, 'out'));
    const service = await open();
    for (const path of ['../outside/secret.txt', join(base, 'outside', 'secret.txt'), 'innocent.txt', 'out/secret.txt', 'dir/．．/．．/outside/secret.txt']) {
      await expect(service.read({ path })).rejects.toEqual(refused('forbidden'));
    }
    await expect(service.read({ path: 'x\0.txt' })).rejects.toEqual(refused('bad_request'));
    await expect(service.read({ path: 'dir' })).rejects.toEqual(refused('bad_request'));
    await expect(service.read({ path: 'missing.txt' })).rejects.toEqual(refused('not_found'));
  });
});
