import { afterEach, describe, expect, it } from 'vitest';
import { events, type EventData } from '../../../shared/contract';
import { tempDir, writeTree } from '../../../testing/tempTree';
import { waitFor } from '../../../testing/waitFor';
import { createCore, type Core } from '../createCore';

// The search.* commands through the router, as every face drives them, on a real core and folder.

const cleanups: (() => Promise<void>)[] = [];
let core: Core | null = null;
afterEach(async () => {
  await core?.dispose();
  core = null;
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function open(files: Record<string, string>): Promise<Core> {
  const ws = await tempDir('akira-search-ws-');
  const data = await tempDir('akira-search-data-');
  cleanups.push(ws.cleanup, data.cleanup);
  await writeTree(ws.dir, files);
  return createCore({ workspaceRoot: ws.dir, dataDir: data.dir, face: 'test', version: '0.0.0-test', validateOutput: true, watch: false });
}

describe('search.* commands', () => {
  it('start streams results as contract events, cancel answers whether it stopped one, bad input is a bad_request', async () => {
    core = await open({ '.gitignore': 'dist/\n', 'src/a.ts': 'const needle = 1;\n', 'dist/a.js': 'needle\n' });
    const seen: EventData<'search.onResults'>[] = [];
    core.bus.on('search.onResults', (e) => seen.push(events['search.onResults'].data.parse(e)));
    const call = (name: string, params: unknown) => core!.router.handle(name, params, { face: 'test' });

    const started = await call('search.start', { query: 'needle', include: '*.ts,*.js' });
    expect(started).toMatchObject({ result: { searchId: expect.any(String) } });
    const { searchId } = (started as { result: { searchId: string } }).result;
    const done = await waitFor(() => seen.find((e) => e.searchId === searchId && e.done)?.done, 'the last batch');
    expect(done).toMatchObject({ files: 1, matches: 1, truncated: false, engine: 'ripgrep' });
    expect(seen.flatMap((e) => e.files)).toEqual([
      { path: 'src/a.ts', matches: [{ line: 1, column: 7, length: 6, text: 'const needle = 1;', preview: { start: 6, end: 12 } }] },
    ]);
    expect(await call('search.cancel', { searchId })).toEqual({ result: { cancelled: false } });

    const bad = async (name: string, params: unknown) => ((await call(name, params)) as { error: { code: string; message: string } }).error;
    expect(await bad('search.start', { query: '' })).toMatchObject({ code: 'bad_request', message: expect.stringContaining('query'), words: { key: 'input.empty', values: ['query', 0] } });
    expect(await bad('search.start', {})).toMatchObject({ code: 'bad_request' });
    expect(await bad('search.start', { query: 'a', maxResults: 0 })).toMatchObject({ code: 'bad_request' });
    expect(await bad('search.start', { query: 'a', maxResults: 1_000_000 })).toMatchObject({ code: 'bad_request' });
    expect(await bad('search.start', { query: 'a', regex: 'yes' })).toMatchObject({ code: 'bad_request' });
    expect(await bad('search.start', { query: 'a', path: '/etc' })).toMatchObject({ code: 'bad_request' });
    expect(await bad('search.start', { query: 'a', include: 'x'.repeat(2001) })).toMatchObject({ code: 'bad_request' });
    expect(await bad('search.start', { query: '[', regex: true })).toMatchObject({ code: 'bad_request', message: 'Invalid regular expression: Unterminated character class.' });
    expect(await bad('search.start', { query: 'a', exclude: '{a,b' })).toMatchObject({ code: 'bad_request', message: expect.stringContaining('Invalid exclude glob "{a,b"') });
    expect(await bad('search.cancel', {})).toMatchObject({ code: 'bad_request' });
    expect(await bad('search.cancel', { searchId: '' })).toMatchObject({ code: 'bad_request' });
  });

  it('answers unavailable without a folder', async () => {
    const data = await tempDir('akira-search-data-');
    cleanups.push(data.cleanup);
    core = await createCore({ dataDir: data.dir, face: 'test', version: '0.0.0-test', validateOutput: true, watch: false });
    expect(await core.router.handle('search.start', { query: 'a' }, { face: 'test' })).toMatchObject({ error: { code: 'unavailable' } });
  });
});
