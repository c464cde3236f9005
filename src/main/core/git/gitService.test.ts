import { mkdir, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gitCommands, type GitFile } from '../../../shared/contract/git';
import { tempDir, writeTree } from '../../../testing/tempTree';
import { expectQuietFor, waitFor } from '../../../testing/waitFor';
import { createGitService, type GitService, type GitServiceOptions } from './gitService';
import { gitCli, initRepoWithCommit } from '../../../testing/gitCli';

let base: string;
let cleanup: () => Promise<void>;
let root: string;
const services: GitService[] = [];

interface Opened {
  git: GitService;
  events: string[];
  /** Simulates a workspace.onChanged delivery. */
  workspaceChanged(): void;
}

async function open(dir = root, extra: Partial<GitServiceOptions> = {}): Promise<Opened> {
  const events: string[] = [];
  const listeners = new Set<() => void>();
  const git = await createGitService({
    root: dir,
    emit: (name) => events.push(name),
    onWorkspaceChanged: (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    debounceMs: 50,
    ...extra,
  });
  services.push(git);
  return { git, events, workspaceChanged: () => listeners.forEach((l) => l()) };
}

async function status(git: GitService) {
  const result = await git.status();
  gitCommands['git.status'].output.parse(result);
  return result;
}

async function diff(git: GitService, path: string) {
  const result = await git.diff({ path });
  gitCommands['git.diff'].output.parse(result);
  return result;
}

const byPath = (files: GitFile[]) => [...files].sort((a, b) => (a.path + a.staged).localeCompare(b.path + b.staged));
const refused = (code: string) => expect.objectContaining({ code });

beforeEach(async () => {
  ({ dir: base, cleanup } = await tempDir('akira-git-'));
  root = join(base, 'repo');
  await mkdir(root);
});

afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.dispose()));
  await cleanup();
});

describe('git.status', () => {
  it('reports a clean repository with its branch', async () => {
    await writeTree(root, { 'a.txt': 'a\n' });
    initRepoWithCommit(root);
    const { git } = await open();
    expect(await status(git)).toEqual({ isRepo: true, branch: 'main', ahead: 0, behind: 0, files: [] });
  });

  it('maps modified, staged added, deleted, untracked and renamed files', async () => {
    await writeTree(root, { 'mod.txt': 'one\n', 'gone.txt': 'bye\n', 'old.txt': 'rename me\n'.repeat(20), 'both.txt': 'x\n' });
    initRepoWithCommit(root);
    await writeFile(join(root, 'mod.txt'), 'two\n');
    await writeTree(root, { 'new.txt': 'new\n', 'dir/untracked.txt': 'u\n' });
    gitCli(root, 'add', 'new.txt');
    await rm(join(root, 'gone.txt'));
    gitCli(root, 'mv', 'old.txt', 'renamed.txt');
    await writeFile(join(root, 'both.txt'), 'staged\n');
    gitCli(root, 'add', 'both.txt');
    await writeFile(join(root, 'both.txt'), 'staged and then unstaged\n');
    const { git } = await open();
    const result = await status(git);
    expect(byPath(result.files)).toEqual(
      byPath([
        { path: 'mod.txt', status: 'modified', staged: false },
        { path: 'new.txt', status: 'added', staged: true },
        { path: 'gone.txt', status: 'deleted', staged: false },
        { path: 'dir/untracked.txt', status: 'untracked', staged: false },
        { path: 'renamed.txt', status: 'renamed', staged: true, origPath: 'old.txt' },
        { path: 'both.txt', status: 'modified', staged: true },
        { path: 'both.txt', status: 'modified', staged: false },
      ]),
    );
  });

  it('keeps unicode and spaces in names verbatim', async () => {
    await writeTree(root, { 'with space/naïve café.txt': 'x\n', '日本語 ファイル.md': 'y\n' });
    initRepoWithCommit(root);
    await writeFile(join(root, 'with space/naïve café.txt'), 'changed\n');
    await writeTree(root, { 'ünïcødé dir/new file ✓.txt': 'z\n', 'tab\tand\nnewline.txt': 'w\n' });
    const { git } = await open();
    expect(byPath((await status(git)).files)).toEqual(
      byPath([
        { path: 'with space/naïve café.txt', status: 'modified', staged: false },
        { path: 'ünïcødé dir/new file ✓.txt', status: 'untracked', staged: false },
        { path: 'tab\tand\nnewline.txt', status: 'untracked', staged: false },
      ]),
    );
  });

  it('says isRepo: false outside a repository, and diff still shows the file', async () => {
    await writeTree(root, { 'a.txt': 'plain\n' });
    const { git } = await open();
    expect(await status(git)).toEqual({ isRepo: false, branch: null, ahead: 0, behind: 0, files: [] });
    expect(await diff(git, 'a.txt')).toEqual({ path: 'a.txt', original: null, modified: 'plain\n', binary: false });
  });

  it('limits a workspace inside a repository to its own files, relative to the workspace', async () => {
    await writeTree(root, { 'pkg/src/a.ts': 'a\n', 'pkg/b.ts': 'b\n', 'other/c.ts': 'c\n', 'top.txt': 't\n' });
    initRepoWithCommit(root);
    await writeFile(join(root, 'pkg/src/a.ts'), 'a2\n');
    await writeFile(join(root, 'other/c.ts'), 'c2\n');
    await writeFile(join(root, 'top.txt'), 't2\n');
    await writeTree(root, { 'pkg/new.ts': 'n\n', 'outside-new.ts': 'o\n' });
    gitCli(root, 'mv', 'other/c.ts', 'pkg/moved-in.ts');
    const { git } = await open(join(root, 'pkg'));
    const result = await status(git);
    expect(result.isRepo).toBe(true);
    expect(byPath(result.files)).toEqual(
      byPath([
        { path: 'src/a.ts', status: 'modified', staged: false },
        { path: 'new.ts', status: 'untracked', staged: false },
        // renamed from outside the workspace: from here, it appeared
        { path: 'moved-in.ts', status: 'added', staged: true },
        { path: 'moved-in.ts', status: 'modified', staged: false },
      ]),
    );
    expect(await diff(git, 'src/a.ts')).toMatchObject({ path: 'src/a.ts', original: 'a\n', modified: 'a2\n' });
  });

  it('reports a detached HEAD as branch null', async () => {
    await writeTree(root, { 'a.txt': 'a\n' });
    initRepoWithCommit(root);
    gitCli(root, 'checkout', '-q', '--detach', 'HEAD');
    const { git } = await open();
    expect(await status(git)).toMatchObject({ isRepo: true, branch: null, files: [] });
  });

  it('handles a repository without commits', async () => {
    await writeTree(root, { 'staged.txt': 's\n', 'loose.txt': 'l\n' });
    gitCli(root, 'init', '-q');
    gitCli(root, 'add', 'staged.txt');
    const { git } = await open();
    const result = await status(git);
    expect(result).toMatchObject({ isRepo: true, branch: 'main', ahead: 0, behind: 0 });
    expect(byPath(result.files)).toEqual(
      byPath([
        { path: 'staged.txt', status: 'added', staged: true },
        { path: 'loose.txt', status: 'untracked', staged: false },
      ]),
    );
    expect(await diff(git, 'staged.txt')).toEqual({ path: 'staged.txt', original: null, modified: 's\n', binary: false });
  });

  it('counts commits ahead of and behind the upstream', async () => {
    await writeTree(root, { 'a.txt': 'a\n' });
    initRepoWithCommit(root);
    gitCli(root, 'checkout', '-q', '-b', 'feature', '--track', 'main');
    await writeFile(join(root, 'a.txt'), 'feature\n');
    gitCli(root, 'commit', '-q', '-am', 'feature work');
    gitCli(root, 'checkout', '-q', 'main');
    await writeFile(join(root, 'b.txt'), 'main\n');
    gitCli(root, 'add', 'b.txt');
    gitCli(root, 'commit', '-q', '-m', 'main 1');
    await writeFile(join(root, 'b.txt'), 'main 2\n');
    gitCli(root, 'commit', '-q', '-am', 'main 2');
    gitCli(root, 'checkout', '-q', 'feature');
    const { git } = await open();
    expect(await status(git)).toMatchObject({ branch: 'feature', ahead: 1, behind: 2 });
  });

  it('reports merge conflicts as conflicted', async () => {
    await writeTree(root, { 'c.txt': 'base\n' });
    initRepoWithCommit(root);
    gitCli(root, 'checkout', '-q', '-b', 'other');
    await writeFile(join(root, 'c.txt'), 'other\n');
    gitCli(root, 'commit', '-q', '-am', 'other');
    gitCli(root, 'checkout', '-q', 'main');
    await writeFile(join(root, 'c.txt'), 'main\n');
    gitCli(root, 'commit', '-q', '-am', 'main');
    expect(() => gitCli(root, 'merge', '-q', 'other')).toThrow();
    const { git } = await open();
    expect((await status(git)).files).toEqual([{ path: 'c.txt', status: 'conflicted', staged: false }]);
  });

  it('works in a linked worktree (a .git file)', async () => {
    await writeTree(root, { 'a.txt': 'a\n' });
    initRepoWithCommit(root);
    const tree = join(base, 'wt');
    gitCli(root, 'worktree', 'add', '-q', '-b', 'side', tree);
    await writeFile(join(tree, 'a.txt'), 'changed in worktree\n');
    const { git, events } = await open(tree);
    expect(await status(git)).toMatchObject({
      isRepo: true,
      branch: 'side',
      files: [{ path: 'a.txt', status: 'modified', staged: false }],
    });
    gitCli(tree, 'commit', '-q', '-am', 'in worktree');
    await waitFor(() => events.includes('git.onChanged'), 'git.onChanged from a worktree commit');
    expect((await status(git)).files).toEqual([]);
  });

  it('shares one git run between concurrent calls', async () => {
    await writeTree(root, { 'a.txt': 'a\n' });
    initRepoWithCommit(root);
    await writeFile(join(root, 'a.txt'), 'b\n');
    const { git } = await open();
    const results = await Promise.all(Array.from({ length: 8 }, () => git.status()));
    expect(new Set(results).size).toBe(1);
  });

  it('runs again when a change arrives during a run', async () => {
    await writeTree(root, { 'a.txt': 'a\n' });
    initRepoWithCommit(root);
    await writeFile(join(root, 'a.txt'), 'changed\n');
    const { git, workspaceChanged } = await open();
    const first = git.status();
    await writeFile(join(root, 'a.txt'), 'a\n'); // back to clean
    workspaceChanged();
    const second = git.status();
    expect(second).not.toBe(first);
    expect((await second).files).toEqual([]);
  });
});

describe('git.diff', () => {
  beforeEach(async () => {
    await writeTree(root, {
      'mod.txt': 'line 1\nline 2\n',
      'gone.txt': 'deleted content\n',
      'img.bin': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02]),
      'sub/dir/deep.txt': 'deep\n',
    });
    initRepoWithCommit(root);
  });

  it('shows a modified file at HEAD and in the working tree', async () => {
    await writeFile(join(root, 'mod.txt'), 'line 1\nline two\n');
    const { git } = await open();
    expect(await diff(git, 'mod.txt')).toEqual({
      path: 'mod.txt',
      original: 'line 1\nline 2\n',
      modified: 'line 1\nline two\n',
      binary: false,
    });
    expect(await diff(git, './sub//dir/deep.txt')).toMatchObject({ path: 'sub/dir/deep.txt', original: 'deep\n' });
  });

  it('shows a new file with no original and a deleted file with no modified side', async () => {
    await writeTree(root, { 'fresh.txt': 'fresh\n' });
    await rm(join(root, 'gone.txt'));
    const { git } = await open();
    expect(await diff(git, 'fresh.txt')).toEqual({ path: 'fresh.txt', original: null, modified: 'fresh\n', binary: false });
    expect(await diff(git, 'gone.txt')).toEqual({ path: 'gone.txt', original: 'deleted content\n', modified: null, binary: false });
  });

  it('compares a staged rename with the file it came from', async () => {
    gitCli(root, 'mv', 'mod.txt', 'moved.txt');
    const { git } = await open();
    expect(await diff(git, 'moved.txt')).toMatchObject({ original: 'line 1\nline 2\n', modified: 'line 1\nline 2\n' });
  });

  it('marks binary files and sends no contents', async () => {
    await writeFile(join(root, 'img.bin'), Buffer.from([0x89, 0x50, 0x00, 0xff]));
    const { git } = await open();
    expect(await diff(git, 'img.bin')).toEqual({ path: 'img.bin', original: null, modified: null, binary: true });
  });

  it('refuses files over the size limit with tooLarge', async () => {
    await writeFile(join(root, 'mod.txt'), 'x'.repeat(2000));
    const { git } = await open(root, { diffLimit: 1000 });
    expect(await diff(git, 'mod.txt')).toEqual({
      path: 'mod.txt',
      original: null,
      modified: null,
      binary: false,
      tooLarge: true,
    });
  });

  it('refuses paths outside the workspace, through .. or a symbolic link', async () => {
    await writeFile(join(base, 'secret.txt'), 'secret\n');
    await symlink(join(base, 'secret.txt'), join(root, 'link.txt'));
    const { git } = await open();
    await expect(git.diff({ path: '../secret.txt' })).rejects.toEqual(refused('forbidden'));
    await expect(git.diff({ path: join(base, 'secret.txt') })).rejects.toEqual(refused('forbidden'));
    await expect(git.diff({ path: 'link.txt' })).rejects.toEqual(refused('forbidden'));
    await expect(git.diff({ path: 'sub' })).rejects.toEqual(refused('bad_request'));
  });
});

describe('git.onChanged', () => {
  it('fires after a commit made with the git CLI', async () => {
    await writeTree(root, { 'a.txt': 'a\n' });
    initRepoWithCommit(root);
    await writeFile(join(root, 'a.txt'), 'b\n');
    const { git, events } = await open();
    expect((await status(git)).files).toHaveLength(1);
    gitCli(root, 'commit', '-q', '-am', 'second');
    await waitFor(() => events.includes('git.onChanged'), 'git.onChanged after a commit');
    expect((await status(git)).files).toEqual([]);
  });

  it('fires (debounced) after workspace changes', async () => {
    await writeTree(root, { 'a.txt': 'a\n' });
    initRepoWithCommit(root);
    const { events, workspaceChanged } = await open();
    for (let i = 0; i < 5; i++) workspaceChanged();
    await waitFor(() => events.includes('git.onChanged'), 'git.onChanged after workspace changes');
    expect(events.filter((e) => e === 'git.onChanged').length).toBeLessThan(5);
  });

  it('notices a repository created after the service started', async () => {
    await writeTree(root, { 'a.txt': 'a\n' });
    const { git, events } = await open();
    expect((await status(git)).isRepo).toBe(false);
    gitCli(root, 'init', '-q');
    await waitFor(() => events.includes('git.onChanged'), 'git.onChanged after git init');
    expect(await status(git)).toMatchObject({ isRepo: true, files: [{ path: 'a.txt', status: 'untracked' }] });
  });

  it('does not trigger itself: status never rewrites .git/index', async () => {
    await writeTree(root, { 'a.txt': 'a\n' });
    initRepoWithCommit(root);
    // Same content, new mtime: a status that may take optional locks would refresh and rewrite the index.
    await utimes(join(root, 'a.txt'), new Date(), new Date(Date.now() + 5000));
    const before = (await stat(join(root, '.git/index'))).mtimeMs;
    const { git, events } = await open();
    for (let i = 0; i < 3; i++) expect((await status(git)).files).toEqual([]);
    await expectQuietFor(300, async () => ((await stat(join(root, '.git/index'))).mtimeMs !== before ? '.git/index rewritten' : events.length > 0 && 'a git event'));
  });

  it('emits nothing after dispose', async () => {
    await writeTree(root, { 'a.txt': 'a\n' });
    initRepoWithCommit(root);
    const { git, events, workspaceChanged } = await open();
    await git.dispose();
    workspaceChanged();
    gitCli(root, 'commit', '-q', '--allow-empty', '-m', 'after dispose');
    await expectQuietFor(200, () => events.length > 0 && 'an event after dispose');
  });
});
