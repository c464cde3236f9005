import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gitCommands } from '../../../shared/contract/git';
import { commit } from './commit';
import { porcelain, repoWith, type RepoKit } from './gitTestKit';

const kits: RepoKit[] = [];
afterEach(async () => {
  await Promise.all(kits.splice(0).map((k) => k.dispose()));
});

async function repo(files: Record<string, string> = { 'a.txt': 'one\n' }): Promise<RepoKit> {
  const kit = await repoWith(files);
  kits.push(kit);
  return kit;
}

describe('git.commit', () => {
  it('commits what is staged (only that) and answers the new commit', async () => {
    const kit = await repo({ 'a.txt': 'one\n', 'b.txt': 'bee\n' });
    await writeFile(join(kit.root, 'a.txt'), 'two\n');
    await writeFile(join(kit.root, 'b.txt'), 'not staged\n');
    kit.git('add', 'a.txt');
    const result = await commit(kit.repo, 'Change a\n\nWith a body.', false);
    gitCommands['git.commit'].output.parse(result);
    expect(result.commit).toMatchObject({ subject: 'Change a', branch: 'main' });
    expect(result.commit.hash).toBe(kit.git('rev-parse', 'HEAD').trim());
    expect(kit.git('log', '-1', '--format=%B').trim()).toBe('Change a\n\nWith a body.');
    expect(kit.git('show', '--name-only', '--format=', 'HEAD').trim()).toBe('a.txt');
    expect(porcelain(kit)).toEqual([' M b.txt']);
  });

  it('refuses an empty message and nothing staged, in words', async () => {
    const kit = await repo();
    await writeFile(join(kit.root, 'a.txt'), 'two\n');
    await expect(commit(kit.repo, 'Something', false)).rejects.toMatchObject({ code: 'bad_request', message: expect.stringContaining('Nothing is staged') });
    kit.git('add', 'a.txt');
    await expect(commit(kit.repo, '  \n ', false)).rejects.toMatchObject({ code: 'bad_request', message: 'Write a commit message first.' });
    expect(kit.git('rev-list', '--count', 'HEAD').trim()).toBe('1');
  });

  it('amends the last commit with the new message and what is staged (nothing staged is fine)', async () => {
    const kit = await repo();
    const before = kit.git('rev-parse', 'HEAD').trim();
    const reworded = await commit(kit.repo, 'Reworded', true);
    expect(reworded.commit.subject).toBe('Reworded');
    expect(reworded.commit.hash).not.toBe(before);
    await writeFile(join(kit.root, 'c.txt'), 'c\n');
    kit.git('add', 'c.txt');
    await commit(kit.repo, 'Reworded, with c', true);
    expect(kit.git('rev-list', '--count', 'HEAD').trim()).toBe('1');
    expect(kit.git('show', '--name-only', '--format=', 'HEAD').split('\n').filter(Boolean).sort()).toEqual(['a.txt', 'c.txt']);
  });

  it('makes the first commit of a repository, and refuses to amend when there is none', async () => {
    const kit = await repo();
    kit.git('update-ref', '-d', 'HEAD');
    await expect(commit(kit.repo, 'x', true)).rejects.toMatchObject({ code: 'bad_request', message: 'There is no commit to amend yet.' });
    const first = await commit(kit.repo, 'First', false);
    expect(first.commit).toMatchObject({ subject: 'First', branch: 'main' });
  });

  it("runs none of the repository's hooks (issue 26: a folder's .git/hooks may have come with it)", async () => {
    const kit = await repo();
    const hook = join(kit.top, '.git', 'hooks', 'pre-commit');
    await writeFile(hook, '#!/bin/sh\necho "lint failed: a.txt" >&2\nexit 1\n');
    await chmod(hook, 0o755);
    await writeFile(join(kit.root, 'a.txt'), 'two\n');
    kit.git('add', 'a.txt');
    expect((await commit(kit.repo, 'Not blocked', false)).commit.subject).toBe('Not blocked');
  });
});
