import { existsSync, lstatSync, mkdirSync, readlinkSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reasonIn } from '../../../shared/errors';
import { leadsOut } from './branchLinks';
import { createWorktrees } from './worktrees';
import { userEntries, useRepos } from './worktreesTestKit';

/**
 * Issue 26, item 6: a session branch that brings a symbolic link pointing outside the workspace is not merged (all or
 * nothing, before git touches the user's tree); links that stay inside merge; the worktree diff says links are links.
 */

const SESSION = '0123abcd-1111-4222-8333-444455556666';
const repo = useRepos();

describe('merging symbolic links', { timeout: 60_000 }, () => {
  it('refuses a branch bringing a link to / and a link to ../../etc/passwd, and the user tree stays exactly as it was', async () => {
    const f = await repo({ 'a.txt': 'one\n', 'docs/readme.md': 'hi\n' });
    const info = await f.wt.create(SESSION);
    symlinkSync('/', join(info.path, 'root'));
    symlinkSync('../../etc/passwd', join(info.path, 'docs', 'passwd'));
    symlinkSync('a.txt', join(info.path, 'fine'));
    await f.wt.commit(info, 'links');
    const before = userEntries(f.dir);

    const result = await f.wt.merge(info, 'task');
    expect(result).toMatchObject({
      merged: false,
      why: 'links_outside',
      linksOutside: ['docs/passwd -> ../../etc/passwd', 'root -> /'],
      conflicts: [],
      localChanges: [],
      reasonWords: { key: 'spec.mergeLinksOutside', values: ['docs/passwd -> ../../etc/passwd, root -> /', 0, '0123abcd'] },
    });
    if (result.merged) return;
    expect(result.reason).toMatch(/symbolic links that point outside the workspace .*nothing was merged/);
    expect(reasonIn(result.reason, result.reasonWords, 'zh-CN')).toContain('指向工作区之外的符号链接');
    expect(userEntries(f.dir)).toEqual(before);
    for (const name of ['root', 'docs/passwd', 'fine']) expect(existsSync(join(f.dir, name)) || isLink(join(f.dir, name))).toBe(false);
  });

  it('refuses a link that climbs out through another link of the branch (d/up -> .., d/out -> up/..)', async () => {
    const f = await repo({ 'a.txt': 'one\n', 'd/k.txt': 'k\n' });
    const info = await f.wt.create(SESSION);
    symlinkSync('..', join(info.path, 'd', 'up'));
    symlinkSync('up/..', join(info.path, 'd', 'out'));
    await f.wt.commit(info, 'links');
    const before = userEntries(f.dir);

    const result = await f.wt.merge(info, 'task');
    expect(result).toMatchObject({ merged: false, why: 'links_outside', linksOutside: ['d/out -> up/..'] });
    expect(userEntries(f.dir)).toEqual(before);
  });

  it('merges links that stay inside the workspace (a -> b, into a folder, up to the top) as links', async () => {
    const f = await repo({ 'b.txt': 'bee\n', 'src/x.ts': 'export {};\n' });
    const info = await f.wt.create(SESSION);
    symlinkSync('b.txt', join(info.path, 'a'));
    symlinkSync('../b.txt', join(info.path, 'src', 'b'));
    symlinkSync('..', join(info.path, 'src', 'top'));
    symlinkSync('missing-but-inside', join(info.path, 'dangling'));
    await f.wt.commit(info, 'links');

    const result = await f.wt.merge(info, 'task');
    expect(result).toMatchObject({ merged: true });
    expect(readlinkSync(join(f.dir, 'a'))).toBe('b.txt');
    expect(readlinkSync(join(f.dir, 'src', 'b'))).toBe('../b.txt');
    expect(readlinkSync(join(f.dir, 'src', 'top'))).toBe('..');
    expect(readlinkSync(join(f.dir, 'dangling'))).toBe('missing-but-inside');
  });

  it('does not hold against the branch a link the user made themselves (uncommitted at the start, committed since)', async () => {
    const f = await repo({ 'a.txt': 'one\n' });
    symlinkSync('/usr/bin/env', join(f.dir, 'env'));
    const info = await f.wt.create(SESSION);
    f.git('add', 'env');
    f.git('commit', '-qm', 'my own link');

    expect(await f.wt.merge(info, 'task')).toMatchObject({ merged: true });
    expect(readlinkSync(join(f.dir, 'env'))).toBe('/usr/bin/env');
  });

  it('keeps a workspace in a subfolder to that subfolder: a link to the repository beside it is outside', async () => {
    const f = await repo({ 'other.txt': 'beside\n', 'ws/a.txt': 'one\n' });
    const wt = createWorktrees({ root: join(f.dir, 'ws'), dataDir: f.dataDir });
    const info = await wt.create(SESSION);
    symlinkSync('../other.txt', join(info.workspace, 'other'));
    symlinkSync('a.txt', join(info.workspace, 'inside'));
    await wt.commit(info, 'links');

    expect(await wt.merge(info, 'task')).toMatchObject({ merged: false, why: 'links_outside', linksOutside: ['ws/other -> ../other.txt'] });
    expect(isLink(join(f.dir, 'ws', 'other'))).toBe(false);
  });
});

describe('the worktree diff of links', { timeout: 60_000 }, () => {
  it('marks an added, changed and deleted link with its target; files have none', async () => {
    const f = await repo({ 'a.txt': 'one\n', 'b.txt': 'bee\n' });
    symlinkSync('a.txt', join(f.dir, 'was'));
    symlinkSync('a.txt', join(f.dir, 'moves'));
    f.git('add', '-A');
    f.git('commit', '-qm', 'links');
    const info = await f.wt.create(SESSION);
    symlinkSync('/', join(info.path, 'root'));
    mkdirSync(join(info.path, 'sub'));
    symlinkSync('../b.txt', join(info.path, 'sub', 'b'));
    unlinkSync(join(info.path, 'was'));
    unlinkSync(join(info.path, 'moves'));
    symlinkSync('b.txt', join(info.path, 'moves'));

    const { files } = await f.wt.diff(info);
    const byPath = Object.fromEntries(files.map((x) => [x.path, x]));
    expect(byPath.root).toMatchObject({ status: 'added', symlinkTarget: '/', after: '/' });
    expect(byPath['sub/b']).toMatchObject({ status: 'added', symlinkTarget: '../b.txt' });
    expect(byPath.moves).toMatchObject({ status: 'modified', symlinkTarget: 'b.txt', before: 'a.txt', after: 'b.txt' });
    expect(byPath.was).toMatchObject({ status: 'deleted', symlinkTarget: 'a.txt' });
    expect(files.length).toBe(4);
  });

  it('a file has no symlinkTarget', async () => {
    const f = await repo({ 'a.txt': 'one\n' });
    const info = await f.wt.create(SESSION);
    writeFileSync(join(info.path, 'a.txt'), 'two\n');
    const { files } = await f.wt.diff(info);
    expect(files).toHaveLength(1);
    expect(files[0]).not.toHaveProperty('symlinkTarget');
  });
});

describe('leadsOut', () => {
  const links = (entries: Record<string, string>) => new Map(Object.entries(entries));
  it.each([
    ['root', { root: '/' }, '', true],
    ['d/p', { 'd/p': '../../etc/passwd' }, '', true],
    ['a', { a: 'b' }, '', false],
    ['d/a', { 'd/a': '../b' }, '', false],
    ['d/top', { 'd/top': '..' }, '', false],
    ['d/out', { 'd/up': '..', 'd/out': 'up/..' }, '', true],
    ['d/via', { 'd/abs': '/etc', 'd/via': 'abs/passwd' }, '', true],
    ['x', { x: 'y', y: 'x' }, '', true],
    ['x', { x: 'x/..' }, '', true],
    ['ws/o', { 'ws/o': '../other' }, 'ws/', true],
    ['ws/i', { 'ws/i': 'deeper/../here' }, 'ws/', false],
    ['ws/d/top', { 'ws/d/top': '..' }, 'ws/', false],
    ['ws/back', { 'ws/back': '../ws/a' }, 'ws/', false],
  ])('%s in %j (workspace "%s") → leads out: %s', (path, map, prefix, out) => {
    expect(leadsOut(path, links(map), prefix)).toBe(out);
  });
});

function isLink(p: string): boolean {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}
