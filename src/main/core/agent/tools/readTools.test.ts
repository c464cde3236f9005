import { appendFile, mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { wordsText } from '../../../../shared/errors';
import { gitInit } from '../../../../testing/gitCli';
import { createToolRegistry } from './toolRegistry';
import { createFixture, SECRET, type Fixture } from '../../../../testing/toolKit';
import type { ToolContext } from './toolTypes';

const registry = createToolRegistry();

let fx: Fixture;
let ctx: ToolContext;

async function run(name: string, args: Record<string, unknown>) {
  return registry.execute(name, args, ctx);
}

beforeEach(async () => {
  fx = await createFixture({
    '.gitignore': 'node_modules/\ndist/\n*.log\n',
    'README.md': '# Demo\n',
    'src/index.ts': 'export const answer = 42;\nexport function loadConfig() {\n  return {};\n}\n',
    'src/util/strings.ts': 'export function pad(s: string) {\n  return s.padStart(4);\n}\n// TODO: trim\n',
    'src/util/Strings.test.ts': 'import { pad } from "./strings";\n// todo later\n',
    'src/file10.ts': '// ten\n',
    'src/file2.ts': '// two\n',
    'dist/bundle.js': 'export const answer = 42;\n',
    'debug.log': 'answer 42\n',
    'node_modules/pkg/index.js': 'module.exports = 42; // answer\n',
    'image.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1, 2, 3]),
    'crlf.txt': 'first\r\nsecond\r\n',
    'latin1.txt': Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]),
    'empty.txt': '',
  });
  gitInit(fx.root);
  ctx = { root: fx.root };
});
afterEach(async () => {
  await fx.cleanup();
});

describe('path escapes (read tools)', () => {
  it('refuses every escape for list_files, read_file and search_files, showing nothing from outside', async () => {
    for (const { path, why } of fx.escapes) {
      for (const [tool, args] of [
        ['read_file', { path }],
        ['list_files', { path }],
        ['search_files', { pattern: 'SECRET', path }],
      ] as const) {
        const err = await run(tool, args).then(
          (r) => new Error(`${tool} ${why} answered: ${r.text}`),
          (e: Error) => e,
        );
        expect(err, `${tool} via ${why} (${path})`).toMatchObject({ code: expect.stringMatching(/forbidden|not_found/) });
        expect(err.message).not.toContain(SECRET);
      }
    }
    for (const path of ['link-out', 'link-out/', 'inner/up']) {
      await expect(run('list_files', { path })).rejects.toMatchObject({ code: 'forbidden', hint: expect.stringMatching(/inside the workspace/) });
    }
  });

  it('a whole-workspace search and recursive listing do not follow links out', async () => {
    const search = await run('search_files', { pattern: 'SECRET' });
    expect(search.text).toMatch(/^No matches/);
    const list = await run('list_files', { recursive: true, limit: 2000 });
    expect(list.text).toContain('link-out (symlink leading outside the workspace)');
    expect(list.text).toContain('file-link-out (symlink leading outside the workspace)');
    expect(list.text).not.toContain('secret.txt');
  });
});

describe('list_files', () => {
  it('lists one folder, folders marked with "/", gitignored and .git hidden, natural order', async () => {
    const r = await run('list_files', { path: 'src' });
    expect(r.text.split('\n')).toEqual(['Contents of src (4 entries):', 'src/util/', 'src/file2.ts', 'src/file10.ts', 'src/index.ts']);
  });

  it('lists recursively in a stable tree order, not entering node_modules unless asked', async () => {
    const r = await run('list_files', { recursive: true });
    const lines = r.text.split('\n').slice(1);
    expect(lines).toEqual([
      'inner/',
      'inner/up (symlink leading outside the workspace)',
      'src/',
      'src/util/',
      'src/util/Strings.test.ts',
      'src/util/strings.ts',
      'src/file2.ts',
      'src/file10.ts',
      'src/index.ts',
      '.gitignore',
      'crlf.txt',
      'dangling-out (symlink leading outside the workspace)',
      'empty.txt',
      'file-link-out (symlink leading outside the workspace)',
      'image.png',
      'latin1.txt',
      'link-out (symlink leading outside the workspace)',
      'README.md',
    ]);
    expect(r.text).not.toMatch(/\.git\/|dist|node_modules|debug\.log/);
    const again = await run('list_files', { recursive: true });
    expect(again.text).toBe(r.text);
    const inside = await run('list_files', { path: 'node_modules', recursive: true });
    expect(inside.text).toContain('node_modules/pkg/index.js');
  });

  it('shows node_modules (not entered) when it is not gitignored', async () => {
    await writeFile(join(fx.root, '.gitignore'), '');
    const r = await run('list_files', { recursive: true, limit: 2000 });
    expect(r.text).toContain('node_modules/ (not listed: dependencies)');
    expect(r.text).not.toContain('node_modules/pkg');
    expect(r.text).toContain('dist/bundle.js');
  });

  it('stops at the limit with a note, keeping the upper levels', async () => {
    const r = await run('list_files', { recursive: true, limit: 3 });
    expect(r.text.split('\n').slice(1, 4)).toEqual(['inner/', 'src/', '.gitignore']);
    expect(r.text).toMatch(/\[Listing stopped at 3 entries; more exist/);
    expect(r.data).toMatchObject({ truncated: true, count: 3 });
  });

  it('explains a file path, a missing path and an empty folder', async () => {
    await expect(run('list_files', { path: 'README.md' })).rejects.toMatchObject({ code: 'bad_request', hint: expect.stringMatching(/read_file/) });
    await expect(run('list_files', { path: 'nope' })).rejects.toMatchObject({ code: 'not_found', hint: expect.stringMatching(/list_files/) });
    await mkdir(join(fx.root, 'void'));
    expect((await run('list_files', { path: 'void' })).text).toMatch(/void is empty/);
  });
});

describe('read_file', () => {
  it('shows numbered lines of the whole file', async () => {
    const r = await run('read_file', { path: 'src/index.ts' });
    expect(r.text).toBe(
      ['src/index.ts (4 lines):', '1\texport const answer = 42;', '2\texport function loadConfig() {', '3\t  return {};', '4\t}'].join('\n'),
    );
  });

  it('shows an inclusive 1-based range with a note, and refuses bad ranges clearly', async () => {
    const r = await run('read_file', { path: 'src/index.ts', startLine: 2, endLine: 3 });
    expect(r.text.split('\n')).toEqual(['src/index.ts (4 lines):', '2\texport function loadConfig() {', '3\t  return {};', '[Lines 2–3 of 4.]']);
    const clipped = await run('read_file', { path: 'src/index.ts', startLine: 4, endLine: 99 });
    expect(clipped.text).toContain('4\t}');
    await expect(run('read_file', { path: 'src/index.ts', startLine: 9 })).rejects.toMatchObject({ message: expect.stringMatching(/has 4 lines; startLine 9 is past its end/) });
    await expect(run('read_file', { path: 'src/index.ts', startLine: 3, endLine: 2 })).rejects.toMatchObject({ code: 'bad_request' });
    await expect(run('read_file', { path: 'src/index.ts', startLine: 0 })).rejects.toMatchObject({ code: 'bad_request', message: expect.stringMatching(/startLine/) });
  });

  it('caps the output with a note saying how to read on, and pads line numbers', async () => {
    const big = Array.from({ length: 2500 }, (_, i) => `line ${i + 1}`).join('\n');
    await writeFile(join(fx.root, 'big.txt'), big);
    const r = await run('read_file', { path: 'big.txt' });
    const lines = r.text.split('\n');
    expect(lines[1]).toBe('   1\tline 1');
    expect(lines).toContain('2000\tline 2000');
    expect(r.text).not.toContain('line 2001');
    expect(lines.at(-1)).toBe('[Showing lines 1–2000 of 2500 (the output limit). Call read_file with startLine: 2001 to read on.]');
    const rest = await run('read_file', { path: 'big.txt', startLine: 2001 });
    expect(rest.text).toContain('2500\tline 2500');
  });

  it('refuses binary files and folders clearly; handles CRLF, empty and non-UTF-8 files', async () => {
    await expect(run('read_file', { path: 'image.png' })).rejects.toMatchObject({ message: 'image.png is a binary file; it cannot be shown as text.' });
    await expect(run('read_file', { path: 'src' })).rejects.toMatchObject({ message: 'src is a folder, not a file.', hint: expect.stringMatching(/list_files/) });
    await expect(run('read_file', { path: 'missing.ts' })).rejects.toMatchObject({ code: 'not_found' });
    expect((await run('read_file', { path: 'crlf.txt' })).text).toBe('crlf.txt (2 lines):\n1\tfirst\n2\tsecond');
    expect((await run('read_file', { path: 'empty.txt' })).text).toBe('empty.txt is empty.');
    expect((await run('read_file', { path: 'latin1.txt' })).text).toMatch(/caf�[^]*not valid UTF-8/);
  });

  it('shows content a pending change proposes', async () => {
    ctx.pendingContent = (p) => (p === 'new.ts' ? 'const x = 1;\n' : p === 'README.md' ? null : undefined);
    expect((await run('read_file', { path: 'new.ts' })).text).toMatch(/1\tconst x = 1;\n\[This is the content proposed/);
    await expect(run('read_file', { path: 'README.md' })).rejects.toMatchObject({ message: expect.stringMatching(/pending change deletes it/) });
  });
});

describe('search_files', () => {
  it('answers path:line:text, case-insensitive by default, skipping ignored, binary and dependency files', async () => {
    const r = await run('search_files', { pattern: 'answer' });
    expect(r.text.split('\n')).toEqual(['1 matching line in 1 file:', 'src/index.ts:1:export const answer = 42;']);
    const todo = await run('search_files', { pattern: 'todo' });
    expect(todo.text.split('\n').slice(1)).toEqual(['src/util/Strings.test.ts:2:// todo later', 'src/util/strings.ts:4:// TODO: trim']);
    const exact = await run('search_files', { pattern: 'TODO', caseSensitive: true });
    expect(exact.text.split('\n').slice(1)).toEqual(['src/util/strings.ts:4:// TODO: trim']);
    const inDeps = await run('search_files', { pattern: 'answer', path: 'node_modules' });
    expect(inDeps.text).toContain('node_modules/pkg/index.js:1:');
  });

  it('filters with a glob and a path, and limits results with a note', async () => {
    const tests = await run('search_files', { pattern: 'pad', glob: '*.test.ts' });
    expect(tests.text.split('\n').slice(1)).toEqual(['src/util/Strings.test.ts:1:import { pad } from "./strings";']);
    const byPath = await run('search_files', { pattern: 'pad', glob: 'src/util/*.ts', maxResults: 1 });
    expect(byPath.text.split('\n')).toEqual([
      '1 matching line in 1 file (files matching src/util/*.ts):',
      'src/util/Strings.test.ts:1:import { pad } from "./strings";',
      '[Stopped at maxResults=1; more matches exist. Narrow the pattern, path or glob.]',
    ]);
    const inDir = await run('search_files', { pattern: '^export', path: 'src/util' });
    expect(inDir.text.split('\n')[0]).toBe('1 matching line in 1 file in src/util:');
    const oneFile = await run('search_files', { pattern: 'return', path: 'src/index.ts' });
    expect(oneFile.text).toContain('src/index.ts:3:  return {};');
  });

  it('skips big files with a note and shows a window of long lines', async () => {
    await writeFile(join(fx.root, 'huge.txt'), `${'x'.repeat(1024 * 1024)}\nneedle\n`);
    await writeFile(join(fx.root, 'min.js'), `${'a'.repeat(5000)}needle${'b'.repeat(5000)}\n`);
    const r = await run('search_files', { pattern: 'needle' });
    expect(r.text).toContain('[Skipped 1 file over 1 MB.]');
    const line = r.text.split('\n').find((l) => l.startsWith('min.js:1:'))!;
    expect(line).toMatch(/^min\.js:1:…a+needleb+…$/);
    expect(line.length).toBeLessThan(300);
  });

  it('explains an invalid regex or glob, and a search without matches', async () => {
    await expect(run('search_files', { pattern: 'foo(' })).rejects.toMatchObject({
      code: 'bad_request',
      message: expect.stringMatching(/^Invalid regular expression \/foo\(\/: .*Unterminated group/),
      hint: expect.stringMatching(/escape special characters/),
    });
    await expect(run('search_files', { pattern: 'x', glob: '{a,b' })).rejects.toMatchObject({ message: expect.stringMatching(/Invalid glob/) });
    expect((await run('search_files', { pattern: 'zzz-nothing' })).text).toMatch(/^No matches for \/zzz-nothing\/i \(\d+ files searched\)\.$/);
  });
});

describe("git's own data (issue 26)", () => {
  it('read_file, list_files and search_files refuse .git, as named or where a link leads; searches and listings skip it', async () => {
    const token = 'ghp_readtools0secret0token';
    await appendFile(join(fx.root, '.git', 'config'), `[remote "origin"]\n\turl = https://me:${token}@example.com/r.git\n`);
    await mkdir(join(fx.root, 'sub', '.git'), { recursive: true });
    await writeFile(join(fx.root, 'sub', '.git', 'config'), `token = ${token}\n`);
    await mkdir(join(fx.root, 'wt'));
    await writeFile(join(fx.root, 'wt', '.git'), `gitdir: /elsewhere/${token}\n`); // a worktree's or submodule's .git file
    await symlink('.git', join(fx.root, 'gitlink'));
    for (const path of ['.git/config', '.git/HEAD', '.GIT/config', 'sub/.git/config', 'wt/.git', 'gitlink/config', 'src/../.git/config']) {
      const err = await run('read_file', { path }).then((r) => new Error(`read_file ${path} answered: ${r.text}`), (e: Error & { words?: unknown }) => e);
      expect(err, path).toMatchObject({ code: 'forbidden', hint: expect.stringMatching(/git commands/) });
      expect(err.message).toBe(`${path} is inside a .git folder; the agent does not read git's own data (its configuration can hold credentials).`);
    }
    for (const path of ['.git', '.git/', 'sub/.git', 'gitlink', 'gitlink/']) {
      await expect(run('list_files', { path }), path).rejects.toMatchObject({ code: 'forbidden' });
      await expect(run('search_files', { pattern: 'token', path }), path).rejects.toMatchObject({ code: 'forbidden' });
    }
    await expect(run('search_files', { pattern: 'url', path: '.git/config' })).rejects.toMatchObject({ code: 'forbidden' });
    const err = await run('read_file', { path: '.git/config' }).catch((e: { words?: Parameters<typeof wordsText>[0] }) => e);
    expect(wordsText((err as { words: Parameters<typeof wordsText>[0] }).words, 'zh-CN')).toContain('不读取 git 自己的数据');
    // the whole workspace: nothing of .git, nested or as a file, is searched or listed
    expect((await run('search_files', { pattern: token })).text).toMatch(/^No matches/);
    const list = await run('list_files', { recursive: true, limit: 2000 });
    expect(list.text).not.toMatch(/(^|\/)\.git(\/|$)/m);
    expect(list.text).toContain('gitlink/ (symlink to .git)'); // the link, not what it leads to
  });
});
