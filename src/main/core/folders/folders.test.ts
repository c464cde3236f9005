import { createFolderAccess } from './folderAccess';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CommandInput, CommandName, CommandResult, ContractError } from '../../../shared/contract';
import { gitInit } from '../../../testing/gitCli';
import { tempDir } from '../../../testing/tempTree';
import { createCore, type Core } from '../createCore';
import type { CallContext } from '../router';

// folders.browse and switching folders in place (issue 13), through the router as the browser face calls them:
// the roots come from the face (akira serve: the home and the served folder), nothing outside them is listed or opened.

const cleanups: (() => Promise<void>)[] = [];
let core: Core | null = null;
afterEach(async () => {
  await core?.dispose();
  core = null;
  for (const c of cleanups.splice(0).reverse()) await c();
});

/**
 *   <t>/home/             root (the user's home)
 *     projects/alpha/     a git repository
 *     projects/beta/      a plain folder, with .config/ inside
 *     projects/Zeta, projects/.cache, projects/notes.txt, projects/in → beta, projects/out → <t>/outside
 *   <t>/served/           root (the folder the command line named), open at start
 *   <t>/outside/          neither
 */
async function machine() {
  const t = await tempDir('akira-folders-');
  cleanups.push(t.cleanup);
  const home = join(t.dir, 'home');
  const projects = join(home, 'projects');
  for (const dir of ['alpha', 'beta/.config', 'Zeta', '.cache']) await mkdir(join(projects, dir), { recursive: true });
  gitInit(join(projects, 'alpha'));
  await writeFile(join(projects, 'notes.txt'), 'not a folder\n');
  await mkdir(join(t.dir, 'served'));
  await mkdir(join(t.dir, 'outside'));
  await writeFile(join(t.dir, 'outside', 'secret.txt'), 'x\n');
  await symlink(join(projects, 'beta'), join(projects, 'in'));
  await symlink(join(t.dir, 'outside'), join(projects, 'out'));
  const data = join(t.dir, 'data');
  await mkdir(data);
  return { dir: t.dir, home, projects, served: join(t.dir, 'served'), outside: join(t.dir, 'outside'), data };
}

const browser: CallContext = { face: 'browser' };

async function call<N extends CommandName>(name: N, params: CommandInput<N>, ctx = browser): Promise<CommandResult<N>> {
  const answer = await core!.router.handle(name, params, ctx);
  if ('error' in answer) throw new Error(`${name}: ${answer.error.code}: ${answer.error.message}`);
  return answer.result as CommandResult<N>;
}

async function fail<N extends CommandName>(name: N, params: CommandInput<N>, ctx = browser): Promise<ContractError> {
  const answer = await core!.router.handle(name, params, ctx);
  if (!('error' in answer)) throw new Error(`${name} succeeded: ${JSON.stringify(answer.result)}`);
  return answer.error;
}

async function startCore(m: Awaited<ReturnType<typeof machine>>, browseRoots: string[] | null = [m.home, m.served]) {
  core = await createCore({ workspaceRoot: m.served, dataDir: m.data, face: 'test', version: '0.0.0-test', validateOutput: true, watch: false, ...(browseRoots ? { browseRoots } : {}) });
  return core;
}

describe('folders.browse', () => {
  it('lists the folders of an allowed folder: visible ones first in natural order, dot-folders last, repositories marked, links inside kept', async () => {
    const m = await machine();
    await startCore(m);
    const listing = await call('folders.browse', { path: m.projects });
    expect(listing.path).toBe(m.projects);
    expect(listing.parent).toBe(m.home);
    expect(listing.truncated).toBe(false);
    expect(listing.entries.map((e) => e.name)).toEqual(['alpha', 'beta', 'in', 'Zeta', '.cache']);
    expect(listing.entries.find((e) => e.name === 'alpha')).toEqual({ name: 'alpha', path: join(m.projects, 'alpha'), isDir: true, isGitRepo: true });
    expect(listing.entries.find((e) => e.name === 'in')).toMatchObject({ link: true, isGitRepo: false });
    expect(listing.entries.find((e) => e.name === '.cache')).toMatchObject({ hidden: true });
    // notes.txt (a file) and out (a link leading outside the roots) are not listed.
    expect(listing.entries.some((e) => e.name === 'notes.txt' || e.name === 'out')).toBe(false);
    expect(listing.roots.map((r) => r.path)).toEqual([m.home, m.served]);
    // A repository's .git is not a folder to open.
    expect((await call('folders.browse', { path: join(m.projects, 'alpha') })).entries).toEqual([]);
  });

  it('starts in the open workspace\'s parent when that is allowed, else in the workspace; a root has no parent', async () => {
    const m = await machine();
    await startCore(m);
    // <t> (the served folder's parent) is not allowed: the served folder itself, with no way up.
    expect(await call('folders.browse', {})).toMatchObject({ path: m.served, parent: null });
    expect(await call('folders.browse', { path: m.home })).toMatchObject({ path: m.home, parent: null });
    await call('workspace.open', { path: join(m.projects, 'alpha') });
    expect(await call('folders.browse', {})).toMatchObject({ path: m.projects, parent: m.home });
  });

  it('refuses what is outside the roots: another folder, a .. escape, a link leading out, a missing folder there', async () => {
    const m = await machine();
    await startCore(m);
    for (const path of ['/etc', m.outside, join(m.projects, '..', '..', 'outside'), join(m.outside, 'missing'), '/']) {
      const error = await fail('folders.browse', { path });
      expect(error.code, path).toBe('forbidden');
      expect(error.message, path).toMatch(/outside the folders this Akira may open/);
      expect(error.message).toContain(m.home);
    }
    const link = await fail('folders.browse', { path: join(m.projects, 'out') });
    expect(link).toMatchObject({ code: 'forbidden' });
    expect(link.message).toMatch(/is a link that leads to .*outside, outside the folders/);
  });

  it('refuses a file, a missing folder inside a root and a relative path with what is wrong', async () => {
    const m = await machine();
    await startCore(m);
    expect(await fail('folders.browse', { path: join(m.projects, 'notes.txt') })).toMatchObject({ code: 'bad_request', message: expect.stringMatching(/^Not a folder: /) });
    expect(await fail('folders.browse', { path: join(m.projects, 'gone') })).toMatchObject({ code: 'not_found', message: expect.stringMatching(/^Folder not found: /) });
    expect(await fail('folders.browse', { path: 'projects' })).toMatchObject({ code: 'bad_request', message: expect.stringMatching(/absolute path/) });
    expect(await fail('folders.browse', { path: `${m.home}/a\0b` })).toMatchObject({ code: 'bad_request' });
  });

  it('is unavailable where the face names no roots', async () => {
    const m = await machine();
    await startCore(m, null);
    expect(await fail('folders.browse', {})).toMatchObject({ code: 'unavailable' });
  });
});

describe('workspace.open in place (the browser face)', () => {
  it('opens a folder inside the roots in place of the served one: the event, the tree, the recent list', async () => {
    const m = await machine();
    await startCore(m);
    await writeFile(join(m.projects, 'beta', 'b.txt'), 'b\n');
    const opened: (string | null)[] = [];
    core!.bus.on('app.onWorkspaceOpened', (e) => opened.push(e.workspace?.root ?? null));
    // Through the link: the real folder is what opens.
    expect(await call('workspace.open', { path: join(m.projects, 'in') })).toEqual({ root: join(m.projects, 'beta'), name: 'beta' });
    expect(opened).toEqual([join(m.projects, 'beta')]);
    expect((await call('app.describe', {})).workspace?.name).toBe('beta');
    expect((await call('workspace.list', {})).entries.map((e) => e.name)).toEqual(['.config', 'b.txt']);
    expect((await call('workspace.recent', {})).folders).toEqual([join(m.projects, 'beta'), m.served]);
  });

  it('refuses folders outside the roots and leaves the open one open', async () => {
    const m = await machine();
    await startCore(m);
    for (const path of [m.outside, join(m.projects, 'out'), '/etc', join(m.served, '..', 'outside')]) {
      expect((await fail('workspace.open', { path })).code, path).toBe('forbidden');
    }
    expect(await fail('workspace.open', { path: join(m.projects, 'notes.txt') })).toMatchObject({ code: 'bad_request' });
    expect(core!.current()?.root).toBe(m.served);
  });

  it('without roots the browser face keeps its folder; other faces open anything', async () => {
    const m = await machine();
    await startCore(m, null);
    expect(await fail('workspace.open', { path: join(m.projects, 'alpha') })).toMatchObject({ code: 'forbidden', message: expect.stringMatching(/serves one folder/) });
    expect((await call('workspace.open', { path: m.outside }, { face: 'desktop' })).root).toBe(m.outside);
  });

  it('the recent list of the browser face holds only folders it may open', async () => {
    const m = await machine();
    await startCore(m);
    await call('workspace.open', { path: m.outside }, { face: 'desktop' });
    await call('workspace.open', { path: join(m.projects, 'alpha') });
    expect((await call('workspace.recent', {}, { face: 'desktop' })).folders).toEqual([join(m.projects, 'alpha'), m.outside, m.served]);
    expect((await call('workspace.recent', {})).folders).toEqual([join(m.projects, 'alpha'), m.served]);
  });

  it('workspace.close closes the folder (the event says null) and another can be opened again', async () => {
    const m = await machine();
    await startCore(m);
    const opened: (string | null)[] = [];
    core!.bus.on('app.onWorkspaceOpened', (e) => opened.push(e.workspace?.root ?? null));
    expect(await call('workspace.close', {})).toEqual({ ok: true });
    expect(opened).toEqual([null]);
    expect(await call('workspace.info', {})).toBeNull();
    expect(await fail('workspace.list', {})).toMatchObject({ code: 'unavailable' });
    expect(await call('workspace.close', {})).toEqual({ ok: true }); // nothing open: nothing to do
    expect(opened).toEqual([null]);
    await call('workspace.open', { path: join(m.projects, 'alpha') });
    expect(core!.current()?.name).toBe('alpha');
  });
});

describe('the home root', () => {
  it('is marked home (the UI names it in its language); other roots are not', async () => {
    const m = await machine();
    const roots = await createFolderAccess([m.home, m.served], { home: m.home }).roots();
    expect(roots).toEqual([
      { path: m.home, name: 'Home', home: true },
      { path: m.served, name: 'served' },
    ]);
  });
});
