import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gitCli, initRepoWithCommit } from '../../../testing/gitCli';
import { armProcessFilter, armRepo, type ArmedRepo } from '../../../testing/hostileRepo';
import { tempDir, writeTree } from '../../../testing/tempTree';
import { createGitService, type GitService } from './gitService';
import { fileHunks, stageHunk } from './hunkActions';
import { stagePaths, unstagePaths, discardPaths } from './fileActions';
import { commit } from './commit';
import { checkoutBranch } from './branches';
import { createGitTrust } from './gitTrust';

// Issue 26, first part, item 1: a repository's own `.git/config` (fsmonitor, filters, textconv, external diff, a
// merge driver through an include, hooks in core.hooksPath and in .git/hooks) must not run through Akira's git
// calls: git.status, git.diff, git.hunks, @diff and the git actions. The control step shows each armed repository
// does run them under a plain `git`, so every assertion here would fail without the guard.

let base = '';
let cleanup: () => Promise<void> = async () => {};
let top = '';
let repo: ArmedRepo;
const services: GitService[] = [];

beforeEach(async () => {
  ({ dir: base, cleanup } = await tempDir('akira-hostile-'));
  top = join(base, 'repo');
  await mkdir(top);
  await writeTree(top, { 'a.txt': 'one\ntwo\nthree\n', 'b.txt': 'bee\n' });
  initRepoWithCommit(top);
  repo = await armRepo(top, join(base, 'probe'));
});

afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.dispose()));
  await cleanup();
});

async function open(): Promise<GitService> {
  const trust = createGitTrust(join(base, 'data'));
  const service = await createGitService({ root: top, emit: () => undefined, onWorkspaceChanged: () => () => undefined, watch: false, trust });
  services.push(service);
  return service;
}

/** Same size, new content and time: git has to read the file (through the clean filter) to know it changed. */
async function touchContent(): Promise<void> {
  await writeFile(join(top, 'a.txt'), 'one\nTWO\nthree\n');
}

describe("a repository's own programs never run through Akira's git calls", { timeout: 60_000 }, () => {
  it('control: plain git runs them (fsmonitor, filters, diff programs, textconv, hooks)', async () => {
    await touchContent();
    gitCli(top, 'status', '--porcelain');
    gitCli(top, 'diff');
    gitCli(top, 'log', '-p', '-1', '--no-ext-diff');
    gitCli(top, 'add', 'a.txt');
    const ran = await repo.ran();
    expect(ran).toEqual(expect.arrayContaining(['fsmonitor', 'clean', 'smudge', 'diff-command', 'textconv', 'hook:post-index-change']));
  });

  it('git.status, git.diff, git.hunks and @diff run none of them', async () => {
    await touchContent();
    await writeFile(join(top, 'new.txt'), 'untracked\n');
    const git = await open();
    const status = await git.status();
    expect(status.files.map((f) => `${f.path}:${f.status}`).sort()).toEqual(['a.txt:modified', 'new.txt:untracked']);
    const diff = await git.diff({ path: 'a.txt' });
    expect(diff).toMatchObject({ original: 'one\ntwo\nthree\n', modified: 'one\nTWO\nthree\n' });
    const hunks = await fileHunks(await git.repo(), 'a.txt');
    expect(hunks.unstaged).toHaveLength(1);
    const working = await git.workingDiff();
    expect(working?.diff).toContain('+TWO');
    expect(working?.untracked).toEqual(['new.txt']);
    expect(await repo.ran()).toEqual([]);
  });

  it('staging, hunks, commit, discard and checkout run none of them (no hook either)', async () => {
    await touchContent();
    const git = await open();
    const r = await git.repo();
    await git.act(() => stagePaths(r, ['a.txt']));
    await git.act(() => unstagePaths(r, ['a.txt']));
    const { unstaged } = await fileHunks(r, 'a.txt');
    await git.act(() => stageHunk(r, 'a.txt', unstaged[0]));
    await git.act(() => commit(r, 'from Akira', false));
    expect(gitCli(top, 'log', '-1', '--format=%s').trim()).toBe('from Akira');
    gitCli(top, 'branch', 'other');
    await repo.reset(); // the person's own git ran the reference-transaction hook
    await git.act(() => checkoutBranch(r, 'other'));
    await writeFile(join(top, 'b.txt'), 'BEE\n');
    await git.act(() => discardPaths(r, ['b.txt'], async () => ({ checkpointId: 'cp-test', skipped: [] })));
    expect(await readFile(join(top, 'b.txt'), 'utf8')).toBe('bee\n');
    expect(await repo.ran()).toEqual([]);
  });

  it('a process filter does not run either', async () => {
    await armProcessFilter(top, join(base, 'probe'));
    await touchContent();
    const git = await open();
    expect((await git.status()).files.map((f) => f.path)).toEqual(['a.txt']);
    expect((await git.workingDiff())?.diff).toContain('+TWO');
    expect(await repo.ran()).toEqual([]);
  });

  it("keeps the user's own global filter: a repository that redefines it gets the user's value back", async () => {
    const home = join(base, 'home');
    await mkdir(home);
    await writeFile(join(home, '.gitconfig'), `[filter "probe"]\n\tclean = sed s/TWO/two/\n\tsmudge = cat\n`);
    const before = process.env.HOME;
    process.env.HOME = home;
    try {
      await touchContent();
      const git = await open();
      // The user's clean filter turns TWO back into two: the file is unchanged as git sees it.
      expect((await git.status()).files).toEqual([]);
      expect(await repo.ran()).toEqual([]);
    } finally {
      process.env.HOME = before;
    }
  });

  it('git.programs lists them; once trusted they run (a hook can refuse a commit); a changed hook needs trusting again', async () => {
    const git = await open();
    const listed = await git.programs();
    expect(listed).toMatchObject({ isRepo: true, trusted: false });
    const names = listed.programs.map((p) => `${p.kind}:${p.name}`);
    expect(names).toEqual(
      expect.arrayContaining(['config:core.fsmonitor', 'config:filter.probe.clean', 'config:diff.probe.textconv', 'config:diff.external', 'config:merge.probe.driver', 'config:gpg.program', 'hook:pre-commit', 'hook:post-checkout']),
    );
    // The hooks listed are core.hooksPath's (the repository set it), not the unused ones in .git/hooks.
    expect(listed.programs.find((p) => p.name === 'pre-commit')?.command).toBe(join(top, '.githooks', 'pre-commit'));
    await expect(git.trustPrograms('not-the-fingerprint', true)).rejects.toMatchObject({ code: 'conflict' });

    expect(await git.trustPrograms(listed.fingerprint!, true)).toMatchObject({ trusted: true });
    await writeFile(join(top, '.githooks', 'pre-commit'), '#!/bin/sh\necho "lint failed: a.txt" >&2\nexit 1\n');
    // The hook changed after it was trusted: it is a program nobody trusted yet.
    expect(await git.programs()).toMatchObject({ trusted: false });
    await touchContent();
    const r = await git.repo();
    await git.act(() => stagePaths(r, ['a.txt']));
    expect(await repo.ran()).toEqual([]);
    expect((await git.act(() => commit(r, 'Not blocked', false))).commit.subject).toBe('Not blocked');

    const again = await git.programs();
    await git.trustPrograms(again.fingerprint!, true);
    await writeFile(join(top, 'a.txt'), 'one\nTwo\nthree\n');
    await git.act(() => stagePaths(r, ['a.txt']));
    expect(await repo.ran()).toEqual(expect.arrayContaining(['clean', 'hook:post-index-change']));
    await expect(git.act(() => commit(r, 'Blocked', false))).rejects.toMatchObject({ message: expect.stringContaining('lint failed: a.txt') });

    // Withdrawn: nothing runs again.
    expect(await git.trustPrograms(again.fingerprint!, false)).toMatchObject({ trusted: false });
    await repo.reset();
    await touchContent();
    await git.status();
    expect(await repo.ran()).toEqual([]);
  });

  it("a submodule's own programs do not run either (git does not look into a submodule's work tree)", async () => {
    // A superproject that names nothing itself, with a submodule whose own configuration names programs.
    const superproject = join(base, 'super');
    const sub = join(base, 'sub');
    await writeTree(superproject, { 'a.txt': 'a\n' });
    initRepoWithCommit(superproject);
    await writeTree(sub, { 'f.txt': 'one\n' });
    initRepoWithCommit(sub);
    gitCli(superproject, '-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', sub, 'sub');
    gitCli(superproject, 'commit', '-qm', 'add the submodule');
    const subRepo = await armRepo(join(superproject, 'sub'), join(base, 'probe-sub'));
    await writeFile(join(superproject, 'sub', 'f.txt'), 'ONE\n');
    await subRepo.reset();
    const trust = createGitTrust(join(base, 'data'));
    const git = await createGitService({ root: superproject, emit: () => undefined, onWorkspaceChanged: () => () => undefined, watch: false, trust });
    services.push(git);
    await git.status();
    await git.workingDiff();
    expect(await subRepo.ran()).toEqual([]);
  });
});
