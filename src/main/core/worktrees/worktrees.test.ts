import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync, unlinkSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, writeTree } from '../../../testing/tempTree';
import { errorText, specErrors } from '../../../shared/errors';
import { AkiraError, toContractError } from '../errors';
import { createWorktrees, worktreesDir } from './worktrees';
import { gitIn, isolatedEnv, userState, type RepoFixture, useRepos } from './worktreesTestKit';

const SESSION = '0123abcd-1111-4222-8333-444455556666';
const OTHER = '9876fedc-1111-4222-8333-444455556666';

const repo = useRepos();

describe('available', { timeout: 60_000 }, () => {
  it('says why not: not a repository, no commits yet, a bare repository, git missing', async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const dataDir = join(dir, 'data');
      mkdirSync(join(dir, 'plain'));
      expect(await createWorktrees({ root: join(dir, 'plain'), dataDir }).available()).toEqual({ ok: false, reason: expect.stringMatching(/not a git repository/), words: specErrors.notARepo });

      mkdirSync(join(dir, 'unborn'));
      gitIn(join(dir, 'unborn'), 'init', '-q');
      writeFileSync(join(dir, 'unborn', 'a.txt'), 'a');
      expect(await createWorktrees({ root: join(dir, 'unborn'), dataDir }).available()).toEqual({ ok: false, reason: expect.stringMatching(/no commits yet/), words: specErrors.noCommits });

      gitIn(dir, 'init', '-q', '--bare', 'bare.git');
      expect(await createWorktrees({ root: join(dir, 'bare.git'), dataDir }).available()).toEqual({ ok: false, reason: expect.stringMatching(/bare/), words: specErrors.bareRepo });

      const noGit = createWorktrees({ root: join(dir, 'unborn'), dataDir, env: { ...process.env, PATH: join(dir, 'nothing-here') } });
      // Issue 25: no git on the PATH is "not installed", with how to install it (not the system's "spawn git ENOENT").
      expect(await noGit.available()).toMatchObject({ ok: false, reason: expect.stringMatching(/^git is not installed .*git-scm\.com/), words: { key: 'spec.gitNotInstalled' } });
      // Issue 14: said in the language.
      const refused = await noGit.create(SESSION).catch((err: unknown) => err as AkiraError);
      expect(refused).toMatchObject({ code: 'unavailable', words: { key: 'spec.gitNotInstalled', values: [] } });
      expect(errorText(toContractError(refused), 'zh-CN')).toMatch(/^没有安装 Git（PATH 中找不到 git）：工作树会话需要它。/);
    } finally {
      await cleanup();
    }
  });

  it('is ok in a repository with a commit; create refuses where it is not', async () => {
    const f = await repo();
    expect(await f.wt.available()).toEqual({ ok: true });
    const { dir, cleanup } = await tempDir();
    try {
      await expect(createWorktrees({ root: dir, dataDir: join(dir, 'data') }).create(SESSION)).rejects.toMatchObject({ code: 'unavailable', message: expect.stringMatching(/not a git repository/) });
    } finally {
      await cleanup();
    }
  });

  it('refuses a data folder inside the repository', async () => {
    const f = await repo();
    expect(await createWorktrees({ root: f.dir, dataDir: join(f.dir, '.data') }).available()).toEqual({ ok: false, reason: expect.stringMatching(/data folder is inside/), words: specErrors.dataInRepo });
  });
});

describe('create', { timeout: 60_000 }, () => {
  it('on a clean tree: branch akira/<8> at HEAD, the files checked out, the user repository untouched', async () => {
    const f = await repo();
    const before = userState(f.dir);
    const info = await f.wt.create(SESSION);
    expect(info).toEqual({
      sessionId: SESSION,
      path: join(worktreesDir(f.dataDir, f.dir), '0123abcd'),
      workspace: join(worktreesDir(f.dataDir, f.dir), '0123abcd'),
      branch: 'akira/0123abcd',
      baseCommit: before.head,
      baseBranch: 'main',
      snapshotCommit: null,
    });
    expect(f.git('rev-parse', 'refs/heads/akira/0123abcd').trim()).toBe(before.head);
    expect(readFileSync(join(info.path, 'a.txt'), 'utf8')).toBe('one\ntwo\nthree\n');
    expect(readFileSync(join(info.path, 'src/b.ts'), 'utf8')).toBe('export const b = 1;\n');
    expect(gitIn(info.path, 'status', '--porcelain')).toBe('');
    expect(gitIn(info.path, 'symbolic-ref', 'HEAD').trim()).toBe('refs/heads/akira/0123abcd');
    expect(userState(f.dir)).toEqual(before);
    expect(readFileSync(join(worktreesDir(f.dataDir, f.dir), 'workspace.txt'), 'utf8')).toBe(`${f.dir}\n`);
  });

  it('with uncommitted changes: copied in as one snapshot commit; the user tree, index (staged vs not) and stash list stay exactly as they were', async () => {
    const f = await repo({
      'a.txt': 'one\ntwo\nthree\n',
      'staged.txt': 'staged v1\n',
      'gone.txt': 'to be deleted\n',
      'src/b.ts': 'export const b = 1;\n',
      '.gitignore': '*.log\n',
    });
    f.git('stash', 'list');
    writeFileSync(join(f.dir, 'a.txt'), 'one\nTWO (unstaged)\nthree\n');
    writeFileSync(join(f.dir, 'staged.txt'), 'staged v2\n');
    f.git('add', 'staged.txt');
    writeFileSync(join(f.dir, 'staged.txt'), 'staged v3 (worktree differs from the index)\n');
    writeFileSync(join(f.dir, 'new-staged.txt'), 'new and staged\n');
    f.git('add', 'new-staged.txt');
    unlinkSync(join(f.dir, 'gone.txt'));
    await writeTree(f.dir, {
      'untracked/n.txt': 'new untracked\n',
      'debug.log': 'ignored\n',
      '.akira/sessions/x/events.jsonl': '{}\n',
      '.akira/settings.json': '{"a":1}\n',
    });
    const before = userState(f.dir);
    expect(before.staged).toContain('staged.txt');

    const info = await f.wt.create(SESSION);

    expect(userState(f.dir)).toEqual(before);
    expect(info.snapshotCommit).toMatch(/^[0-9a-f]{40}$/);
    expect(f.git('rev-parse', 'akira/0123abcd').trim()).toBe(info.snapshotCommit);
    expect(f.git('rev-parse', `${info.snapshotCommit}^`).trim()).toBe(info.baseCommit);
    expect(f.git('log', '-1', '--format=%s', info.snapshotCommit!).trim()).toBe('Akira: uncommitted changes when session 0123abcd started');
    const read = (p: string) => readFileSync(join(info.path, p), 'utf8');
    expect(read('a.txt')).toBe('one\nTWO (unstaged)\nthree\n');
    expect(read('staged.txt')).toBe('staged v3 (worktree differs from the index)\n');
    expect(read('new-staged.txt')).toBe('new and staged\n');
    expect(read('untracked/n.txt')).toBe('new untracked\n');
    expect(read('.akira/settings.json')).toBe('{"a":1}\n');
    expect(existsSync(join(info.path, 'gone.txt'))).toBe(false);
    expect(existsSync(join(info.path, 'debug.log'))).toBe(false);
    expect(existsSync(join(info.path, '.akira/sessions'))).toBe(false);
    expect(gitIn(info.path, 'status', '--porcelain')).toBe('');
    expect(readdirSync(join(worktreesDir(f.dataDir, f.dir), '.tmp'))).toEqual([]);
  });

  it('uses the user identity when configured, else Akira <akira@localhost>', async () => {
    const { dir: home, cleanup } = await tempDir('akira-home-');
    try {
      const f = await repo(undefined, isolatedEnv(home));
      writeFileSync(join(f.dir, 'a.txt'), 'changed\n');
      const first = await f.wt.create(SESSION);
      expect(f.git('log', '-1', '--format=%an <%ae>|%cn <%ce>', first.snapshotCommit!).trim()).toBe('Akira <akira@localhost>|Akira <akira@localhost>');
      f.git('config', 'user.name', 'Ada Lovelace');
      f.git('config', 'user.email', 'ada@example.invalid');
      const second = await f.wt.create(OTHER);
      expect(f.git('log', '-1', '--format=%an <%ae>|%cn <%ce>', second.snapshotCommit!).trim()).toBe('Ada Lovelace <ada@example.invalid>|Ada Lovelace <ada@example.invalid>');
    } finally {
      await cleanup();
    }
  });

  it('refuses when the branch or the folder already exists, and a session id that cannot name them', async () => {
    const f = await repo();
    await f.wt.create(SESSION);
    await expect(f.wt.create(SESSION)).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/already exists/) });

    f.git('branch', 'akira/9876fedc');
    await expect(f.wt.create(OTHER)).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/akira\/9876fedc already exists/) });
    f.git('branch', '-D', 'akira/9876fedc');
    mkdirSync(join(worktreesDir(f.dataDir, f.dir), '9876fedc'), { recursive: true });
    await expect(f.wt.create(OTHER)).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/folder .* already exists/) });
    expect(f.git('branch', '--list', 'akira/9876fedc')).toBe('');

    await expect(f.wt.create('../../x')).rejects.toMatchObject({ code: 'bad_request' });
    await expect(f.wt.create('short')).rejects.toMatchObject({ code: 'bad_request' });
  });

  it('on a detached HEAD: baseBranch null', async () => {
    const f = await repo();
    f.git('checkout', '-q', '--detach');
    const info = await f.wt.create(SESSION);
    expect(info.baseBranch).toBeNull();
    expect(info.baseCommit).toBe(f.git('rev-parse', 'HEAD').trim());
  });

  it('for a workspace that is a subfolder of its repository: the whole repository, the workspace inside it', async () => {
    const f = await repo({ 'top.txt': 'top\n', 'pkg/app/a.txt': 'a\n' });
    await writeTree(f.dir, { 'pkg/app/.akira/sessions/s/session.md': 'log\n', 'pkg/app/new.txt': 'new\n' });
    const wt = createWorktrees({ root: join(f.dir, 'pkg/app'), dataDir: f.dataDir });
    const info = await wt.create(SESSION);
    expect(info.workspace).toBe(join(info.path, 'pkg/app'));
    expect(readFileSync(join(info.workspace, 'new.txt'), 'utf8')).toBe('new\n');
    expect(readFileSync(join(info.path, 'top.txt'), 'utf8')).toBe('top\n');
    expect(existsSync(join(info.workspace, '.akira/sessions'))).toBe(false);
  });

  it('two creates at once both work, in one instance and in two', async () => {
    const f = await repo();
    writeFileSync(join(f.dir, 'a.txt'), 'dirty\n');
    const before = userState(f.dir);
    const [a, b] = await Promise.all([f.wt.create(SESSION), f.wt.create(OTHER)]);
    const other = createWorktrees({ root: f.dir, dataDir: f.dataDir });
    const [c, d] = await Promise.all([f.wt.create('aaaa1111-x'), other.create('bbbb2222-y')]);
    for (const info of [a, b, c, d]) {
      expect(readFileSync(join(info.path, 'a.txt'), 'utf8')).toBe('dirty\n');
      expect(gitIn(info.path, 'symbolic-ref', '--short', 'HEAD').trim()).toBe(info.branch);
    }
    expect((await f.wt.list()).map((w) => w.branch).sort()).toEqual(['akira/0123abcd', 'akira/9876fedc', 'akira/aaaa1111', 'akira/bbbb2222']);
    expect(userState(f.dir)).toEqual(before);
  });
});

describe('list and discard', { timeout: 60_000 }, () => {
  it('list shows only akira/* worktrees with their heads', async () => {
    const f = await repo();
    f.git('worktree', 'add', '-q', '-b', 'mine', join(f.dataDir, '..', 'mine'));
    const info = await f.wt.create(SESSION);
    expect(await f.wt.list()).toEqual([{ path: info.path, branch: 'akira/0123abcd', head: info.baseCommit }]);
  });

  it('leaves no folder, branch, worktree entry, metadata or lock; twice is fine', async () => {
    const f = await repo();
    const info = await f.wt.create(SESSION);
    writeFileSync(join(info.path, 'a.txt'), 'edited in the worktree\n');
    writeFileSync(join(info.path, 'untracked.txt'), 'x\n');
    f.git('worktree', 'lock', info.path);
    await f.wt.discard(info);
    expectGone(f, info.path);
    await f.wt.discard(info);
    expectGone(f, info.path);
  });

  it('cleans a half-removed worktree (folder deleted by hand, or metadata gone)', async () => {
    const f = await repo();
    const a = await f.wt.create(SESSION);
    rmSync(a.path, { recursive: true, force: true });
    await f.wt.discard(a);
    expectGone(f, a.path);

    const b = await f.wt.create(SESSION);
    rmSync(join(f.dir, '.git', 'worktrees'), { recursive: true, force: true });
    await f.wt.discard(b);
    expectGone(f, b.path);
  });

  it('leaves a user worktree with a missing folder alone, and refuses when the user has the branch checked out', async () => {
    const f = await repo();
    const mine = join(f.dataDir, '..', 'mine');
    f.git('worktree', 'add', '-q', '-b', 'mine', mine);
    rmSync(mine, { recursive: true, force: true });
    const info = await f.wt.create(SESSION);
    await f.wt.discard(info);
    expect(f.git('worktree', 'list', '--porcelain')).toContain('branch refs/heads/mine');

    const again = await f.wt.create(SESSION);
    f.git('checkout', '-q', '--ignore-other-worktrees', 'akira/0123abcd');
    await expect(f.wt.discard(again)).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/checked out in/) });
    expect(existsSync(again.path)).toBe(true);
    expect(f.git('rev-parse', '--abbrev-ref', 'HEAD').trim()).toBe('akira/0123abcd');
  });

  it('refuses a record whose path or branch is not the session one', async () => {
    const f = await repo();
    const info = await f.wt.create(SESSION);
    await expect(f.wt.discard({ ...info, path: f.dir })).rejects.toMatchObject({ code: 'bad_request' });
    await expect(f.wt.discard({ ...info, branch: 'main' })).rejects.toMatchObject({ code: 'bad_request' });
    expect(existsSync(join(f.dir, 'a.txt'))).toBe(true);
    expect(existsSync(info.path)).toBe(true);
  });
});

function expectGone(f: RepoFixture, path: string): void {
  expect(existsSync(path)).toBe(false);
  expect(f.git('branch', '--list', 'akira/*')).toBe('');
  expect(f.git('worktree', 'list', '--porcelain')).not.toContain(path);
  const admin = join(f.dir, '.git', 'worktrees');
  expect(existsSync(admin) ? readdirSync(admin) : []).toEqual([]);
  expect(existsSync(worktreesDir(f.dataDir, f.dir))).toBe(false);
  expect(findLocks(join(f.dir, '.git'))).toEqual([]);
}

function findLocks(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const abs = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...findLocks(abs));
    else if (entry.name.endsWith('.lock') || entry.name === 'locked') out.push(abs);
  }
  return out;
}
