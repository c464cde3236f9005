import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventData, SearchParams } from '../../../shared/contract';
import { searchParams } from '../../../shared/contract/search';
import { errorText } from '../../../shared/errors';
import { tempDir, writeTree } from '../../../testing/tempTree';
import { expectQuietFor, waitFor } from '../../../testing/waitFor';
import { createFileIndex } from '../workspace/fileIndex';
import { PREVIEW_CHARS } from './matchPreview';
import { createSearchService, type SearchService } from './searchService';

// Both engines on the same real fixture: real ripgrep (/usr/bin/rg here) and the worker threads in Node.

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const LONG = `${'x'.repeat(100_000)}needle${'y'.repeat(100_000)}`;

const TREE: Record<string, string | Buffer> = {
  '.gitignore': 'ignored/\n*.log\n',
  'src/app.ts': 'const Foo = 1;\nfunction foo() { return foo_bar + foobar; }\n// FOO here\n',
  'src/util.ts': 'export const foo = "x";\r\nlet s = "héllo foo wörld 🙂 foo";\r\n',
  'src/app.test.ts': 'test("foo", () => {});\n',
  'docs/guide.md': 'Foo is a word.\nfood is not.\n',
  'docs/deep/notes.md': 'see foo\n',
  'ignored/x.ts': 'foo\n',
  'debug.log': 'foo\n',
  'bin/data.bin': Buffer.concat([Buffer.from('foo\n'), Buffer.from([0, 1, 2]), Buffer.from('\nfoo\n')]),
  'long/min.js': `${LONG}\n`,
  '.akira/sessions/s1/history.md': 'foo\n',
  '.akira/checkpoints/manual/1.md': 'foo\n',
  '.akira/settings.json': '{"foo": 1}\n',
  '.hidden/h.txt': 'foo\n',
  // A repository nested in the workspace: ripgrep reads only its own rules there, the tree the workspace's too.
  'nested/.git/HEAD': 'ref: refs/heads/main\n',
  'nested/n.txt': 'foo\n',
  'nested/n.log': 'foo\n',
};

async function fixture(files: Record<string, string | Buffer> = TREE): Promise<string> {
  const ws = await tempDir('akira-search-');
  cleanups.push(ws.cleanup);
  await writeTree(ws.dir, files);
  return ws.dir;
}

type Engine = 'ripgrep' | 'node';
interface Harness {
  service: SearchService;
  events: EventData<'search.onResults'>[];
}

function harness(root: string, engine: Engine, ripgrep?: string): Harness {
  const events: EventData<'search.onResults'>[] = [];
  const index = createFileIndex({ root, ripgrep: false });
  const service = createSearchService({
    root,
    emit: (_name, data) => events.push(data),
    listFiles: async () => (await index.find('', { limit: Number.MAX_SAFE_INTEGER })).items.map((i) => i.path),
    ripgrep: engine === 'ripgrep' ? (ripgrep ?? 'rg') : false,
    threads: 2,
  });
  cleanups.push(async () => {
    await service.dispose();
    index.dispose();
  });
  return { service, events };
}

async function search(h: Harness, params: Partial<SearchParams> & { query: string }) {
  const { searchId } = await h.service.start(searchParams.parse(params));
  const done = await waitFor(() => h.events.find((e) => e.searchId === searchId && e.done)?.done, `search ${params.query} done`);
  const batches = h.events.filter((e) => e.searchId === searchId);
  const files = batches.flatMap((e) => e.files);
  // Each file comes once, whole.
  expect(new Set(files.map((f) => f.path)).size).toBe(files.length);
  const hits = files.flatMap((f) => f.matches.map((m) => `${f.path}:${m.line}:${m.column}:${m.length}`)).sort();
  return { done, files, hits, batches };
}

const engines: Engine[] = ['ripgrep', 'node'];

describe.each(engines)('search with %s', (engine) => {
  it('finds literal text, regular expressions, case and whole words the same way', async () => {
    const h = harness(await fixture(), engine);

    const literal = await search(h, { query: 'foo' });
    expect(literal.done).toMatchObject({ engine, truncated: false, files: 8, matches: literal.hits.length });
    expect(literal.hits).toEqual([
      '.akira/settings.json:1:3:3',
      '.hidden/h.txt:1:1:3',
      'docs/deep/notes.md:1:5:3',
      'docs/guide.md:1:1:3',
      'docs/guide.md:2:1:3',
      'nested/n.txt:1:1:3',
      'src/app.test.ts:1:7:3',
      'src/app.ts:1:7:3',
      'src/app.ts:2:10:3',
      'src/app.ts:2:25:3',
      'src/app.ts:2:35:3',
      'src/app.ts:3:4:3',
      'src/util.ts:1:14:3',
      'src/util.ts:2:16:3',
      'src/util.ts:2:29:3',
    ]);
    // Columns count UTF-16 units past é, ö and an emoji; the line break (\r\n) is not part of the text.
    const util = literal.files.find((f) => f.path === 'src/util.ts')!;
    expect(util.matches[1]).toEqual({ line: 2, column: 16, length: 3, text: 'let s = "héllo foo wörld 🙂 foo";', preview: { start: 15, end: 18 } });
    expect(util.matches[0].text).toBe('export const foo = "x";');

    const cased = await search(h, { query: 'Foo', caseSensitive: true });
    expect(cased.hits).toEqual(['docs/guide.md:1:1:3', 'src/app.ts:1:7:3']);

    const words = await search(h, { query: 'foo', wholeWord: true });
    expect(words.hits).not.toContain('src/app.ts:2:25:3'); // foo_bar
    expect(words.hits).not.toContain('src/app.ts:2:35:3'); // foobar
    expect(words.hits).not.toContain('docs/guide.md:2:1:3'); // food
    expect(words.hits).toContain('src/app.ts:2:10:3');
    expect(words.hits).toContain('src/util.ts:2:29:3');

    const regex = await search(h, { query: 'fo+\\w*\\(', regex: true });
    expect(regex.hits).toEqual(['src/app.ts:2:10:4']);
    const anchored = await search(h, { query: 'foo";$', regex: true });
    expect(anchored.hits).toEqual(['src/util.ts:2:29:5']);
    const alternation = await search(h, { query: 'food|FOO here', regex: true, caseSensitive: true });
    expect(alternation.hits).toEqual(['docs/guide.md:2:1:4', 'src/app.ts:3:4:8']);
  });

  it('narrows to include globs, leaves out exclude globs, skips binary files and cuts long lines around the match', async () => {
    const h = harness(await fixture(), engine);
    const paths = async (params: Partial<SearchParams>) => [...new Set((await search(h, { query: 'foo', ...params })).files.map((f) => f.path))].sort();

    expect(await paths({ include: '*.ts' })).toEqual(['src/app.test.ts', 'src/app.ts', 'src/util.ts']);
    expect(await paths({ include: '*.ts', exclude: '*.test.ts' })).toEqual(['src/app.ts', 'src/util.ts']);
    expect(await paths({ include: 'docs' })).toEqual(['docs/deep/notes.md', 'docs/guide.md']);
    expect(await paths({ include: 'docs/*.md, src/app.ts' })).toEqual(['docs/guide.md', 'src/app.ts']);
    expect(await paths({ include: '*.{md,json}', exclude: 'deep,.akira' })).toEqual(['docs/guide.md']);
    expect(await paths({ exclude: 'src/**' })).toEqual(['.akira/settings.json', '.hidden/h.txt', 'docs/deep/notes.md', 'docs/guide.md', 'nested/n.txt']);
    // Never: ignored files, Akira's sessions and checkpoints, the binary file, .git.
    expect(await paths({ include: '*.log,ignored,bin,.akira/sessions,.akira/checkpoints,HEAD' })).toEqual([]);

    const long = await search(h, { query: 'needle' });
    expect(long.hits).toEqual(['long/min.js:1:100001:6']);
    const [match] = long.files[0].matches;
    expect(match.text.length).toBeLessThanOrEqual(PREVIEW_CHARS + 2);
    expect(match.text.startsWith('…x') && match.text.endsWith('y…')).toBe(true);
    expect(match.text.slice(match.preview.start, match.preview.end)).toBe('needle');
  });

  it('stops at maxResults, says the query or a glob is invalid, and never sends one event per match', async () => {
    const root = await fixture({ 'many.txt': 'hit\n'.repeat(3000), 'more.txt': 'hit hit\n'.repeat(500) });
    const h = harness(root, engine);
    const all = await search(h, { query: 'hit' });
    expect(all.done).toMatchObject({ files: 2, matches: 4000, truncated: false });
    expect(all.batches.length).toBeLessThanOrEqual(3);

    const cut = await search(h, { query: 'hit', maxResults: 100 });
    expect(cut.done).toMatchObject({ matches: 100, truncated: true });
    expect(cut.hits).toHaveLength(100);

    await expect(h.service.start(searchParams.parse({ query: 'a(b', regex: true }))).rejects.toMatchObject({
      code: 'bad_request',
      message: expect.stringMatching(/Invalid regular expression: Unterminated group/),
    });
    await expect(h.service.start(searchParams.parse({ query: 'a', include: 'src/[a' }))).rejects.toMatchObject({
      code: 'bad_request',
      message: expect.stringContaining('Invalid include glob "src/[a"'),
    });
    // Without the regex toggle the same text is literal.
    const literal = await search(h, { query: 'a(b' });
    expect(literal.done.matches).toBe(0);
  });
});

describe('search engines', () => {
  it('agree on byte order marks, CRLF, invalid UTF-8, tabs, empty matches and a match at the end of the text', async () => {
    const root = await fixture({
      'bom.txt': '\ufefffoo bar\n',
      'crlf.txt': 'a foo\r\nfoo\r\n',
      'latin1.txt': Buffer.concat([Buffer.from('caf'), Buffer.from([0xe9]), Buffer.from(' foo\n')]),
      'tabs.txt': '\t\tfoo\tfoo\n',
      'end.txt': 'no newline foo',
    });
    const rg = harness(root, 'ripgrep');
    const node = harness(root, 'node');
    for (const params of [{ query: 'foo' }, { query: 'o*', regex: true }, { query: '^foo$', regex: true }, { query: 'é foo', regex: true }]) {
      const viaRg = await search(rg, params);
      const viaNode = await search(node, params);
      expect(viaRg.done.engine).toBe('ripgrep');
      expect(viaRg.hits).toEqual(viaNode.hits);
      const texts = (r: typeof viaRg) => r.files.flatMap((f) => f.matches.map((m) => `${f.path}:${m.line}:${m.text}:${m.preview.start}-${m.preview.end}`)).sort();
      expect(texts(viaRg)).toEqual(texts(viaNode));
    }
    expect((await search(node, { query: 'foo' })).hits).toEqual([
      'bom.txt:1:1:3', 'crlf.txt:1:3:3', 'crlf.txt:2:1:3', 'end.txt:1:12:3', 'latin1.txt:1:6:3', 'tabs.txt:1:3:3', 'tabs.txt:1:7:3',
    ]);
    expect((await search(node, { query: '^foo$', regex: true })).hits).toEqual(['crlf.txt:2:1:3']);
  });

  it('runs a pattern ripgrep refuses (lookbehind, back reference) in Node, with the same answer', async () => {
    const root = await fixture(TREE);
    const rg = harness(root, 'ripgrep');
    const node = harness(root, 'node');
    for (const query of ['(?<=const )foo', '(o)\\1']) {
      const viaRg = await search(rg, { query, regex: true });
      const viaNode = await search(node, { query, regex: true });
      expect(viaRg.done.engine).toBe('node');
      expect(viaRg.hits).toEqual(viaNode.hits);
      expect(viaRg.hits.length).toBeGreaterThan(0);
    }
  });

  it('falls back to Node when ripgrep is missing', async () => {
    const h = harness(await fixture(TREE), 'ripgrep', '/nonexistent/rg');
    const found = await search(h, { query: 'foo' });
    expect(found.done.engine).toBe('node');
    expect(found.done.files).toBe(8);
  });

  it('says a search that fails midway in words beside its English error (issue 14)', async () => {
    const root = await fixture({ 'a.txt': 'foo\n' });
    const failing = (err: Error): Harness => {
      const events: EventData<'search.onResults'>[] = [];
      const service = createSearchService({ root, emit: (_name, data) => events.push(data), listFiles: () => Promise.reject(err), ripgrep: false, threads: 1 });
      cleanups.push(() => service.dispose());
      return { service, events };
    };
    const gone = await search(failing(Object.assign(new Error('ENOENT: no such file or directory, scandir /srv/ws/src'), { code: 'ENOENT', path: '/srv/ws/src' })), { query: 'foo' });
    expect(gone.done.error).toBe('ENOENT: no such file or directory, scandir /srv/ws/src');
    expect(gone.done.errorWords).toEqual({ key: 'file.errnoNotFound', values: ['src'] });
    const odd = await search(failing(new Error('the disk is on fire')), { query: 'foo' });
    expect(odd.done).toMatchObject({ error: 'the disk is on fire', errorWords: { key: 'search.failed', values: ['the disk is on fire'] } });
    expect(errorText({ message: odd.done.error!, words: odd.done.errorWords }, 'zh-CN')).toBe('搜索失败：the disk is on fire');
  });

  it('cancel stops the ripgrep process and sends nothing more', async () => {
    const root = await fixture({ 'a.txt': 'foo\n' });
    // A ripgrep that never answers: what cancel must stop.
    const stuck = join(root, '.stuck-rg.sh');
    await writeFile(stuck, '#!/bin/sh\nexec sleep 60\n');
    await chmod(stuck, 0o755);
    const h = harness(root, 'ripgrep', stuck);
    const { searchId } = await h.service.start(searchParams.parse({ query: 'foo' }));
    const [pid] = await waitFor(() => (h.service.live().processes.length ? h.service.live().processes : null), 'the process');
    expect(h.service.cancel(searchId)).toBe(true);
    await waitFor(() => {
      try {
        process.kill(pid, 0);
        return false;
      } catch {
        return true;
      }
    }, 'the process to end');
    expect(h.service.live()).toMatchObject({ searches: 0, processes: [] });
    expect(h.service.cancel(searchId)).toBe(false);
    await expectQuietFor(200, () => (h.events.length ? 'an event after cancel' : false));
  });

  it('cancel terminates the worker threads busy with the search', async () => {
    // A catastrophic pattern for a backtracking engine: the worker is stuck in its first batch until terminated.
    const files: Record<string, string> = {};
    for (let i = 0; i < 4; i++) files[`f${i}.txt`] = `${'a'.repeat(40)}\n`;
    const h = harness(await fixture(files), 'node');
    const { searchId } = await h.service.start(searchParams.parse({ query: '(a+)+b', regex: true }));
    await waitFor(() => h.service.live().workers > 0, 'busy workers');
    const threads = h.service.live().threads;
    expect(h.service.cancel(searchId)).toBe(true);
    await waitFor(() => h.service.live().threads < threads, 'the workers to end');
    expect(h.service.live()).toMatchObject({ searches: 0, workers: 0 });
    await expectQuietFor(200, () => (h.events.length ? 'an event after cancel' : false));
    // The engine starts threads again for the next search.
    expect((await search(h, { query: 'a{40}', regex: true })).done).toMatchObject({ engine: 'node', files: 4 });
  });
});
