import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gitCommands } from '../../../shared/contract/git';
import { gitCli } from '../../../testing/gitCli';
import { tempDir } from '../../../testing/tempTree';
import { checkoutBranch, listBranches } from './branches';
import { porcelain, repoWith, type RepoKit } from './gitTestKit';

const kits: RepoKit[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(kits.splice(0).map((k) => k.dispose()));
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

async function repo(files: Record<string, string> = { 'a.txt': 'one\n' }): Promise<RepoKit> {
  const kit = await repoWith(files);
  kits.push(kit);
  return kit;
}

async function branches(kit: RepoKit) {
  const result = await listBranches(kit.repo);
  gitCommands['git.branches'].output.parse(result);
  return result;
}

describe('git.branches', () => {
  it('lists local branches, the current one, and ahead/behind of an upstream', async () => {
    const kit = await repo();
    // An upstream: a clone of the repository, the branch one commit ahead and one behind.
    const remote = await tempDir('akira-git-remote-');
    cleanups.push(remote.cleanup);
    gitCli(remote.dir, 'clone', '-q', '--bare', kit.top, 'origin.git');
    kit.git('remote', 'add', 'origin', join(remote.dir, 'origin.git'));
    kit.git('fetch', '-q', 'origin');
    kit.git('branch', '-q', '--set-upstream-to=origin/main', 'main');
    kit.git('branch', 'feature');
    await writeFile(join(kit.root, 'a.txt'), 'two\n');
    kit.git('commit', '-q', '-am', 'local change');
    gitCli(join(remote.dir, 'origin.git'), 'update-ref', 'refs/heads/main', gitCli(join(remote.dir, 'origin.git'), 'commit-tree', 'HEAD^{tree}', '-p', 'HEAD', '-m', 'remote change').trim());
    kit.git('fetch', '-q', 'origin');

    const result = await branches(kit);
    expect(result.current).toBe('main');
    expect(result.detached).toBe(false);
    expect(result.branches.map((b) => [b.name, b.current, b.upstream, b.ahead, b.behind])).toEqual([
      ['feature', false, null, 0, 0],
      ['main', true, 'origin/main', 1, 1],
    ]);
    expect(result.branches[1].subject).toBe('local change');
  });

  it('says when HEAD is detached, and lists the unborn branch of a repository without commits', async () => {
    const kit = await repo();
    kit.git('checkout', '-q', '--detach');
    expect(await branches(kit)).toMatchObject({ current: null, detached: true, branches: [{ name: 'main', current: false }] });
    kit.git('checkout', '-q', '--orphan', 'fresh');
    const unborn = await branches(kit);
    expect(unborn.current).toBe('fresh');
    expect(unborn.branches[0]).toMatchObject({ name: 'fresh', current: true, shortHash: '' });
  });
});

describe('git.checkout', () => {
  it('switches to a local branch, carrying changes that do not collide', async () => {
    const kit = await repo({ 'a.txt': 'one\n', 'b.txt': 'bee\n' });
    kit.git('checkout', '-q', '-b', 'feature');
    await writeFile(join(kit.root, 'a.txt'), 'feature\n');
    kit.git('commit', '-q', '-am', 'feature');
    kit.git('checkout', '-q', 'main');
    await writeFile(join(kit.root, 'b.txt'), 'my edit\n');

    const result = await checkoutBranch(kit.repo, 'feature');
    gitCommands['git.checkout'].output.parse(result);
    expect(result).toEqual({ branch: 'feature' });
    expect((await branches(kit)).current).toBe('feature');
    expect(await readFile(join(kit.root, 'a.txt'), 'utf8')).toBe('feature\n');
    expect(porcelain(kit)).toEqual([' M b.txt']);
  });

  it('refuses with conflict, naming the files, when local changes would be overwritten; nothing changes', async () => {
    const kit = await repo();
    kit.git('checkout', '-q', '-b', 'feature');
    await writeFile(join(kit.root, 'a.txt'), 'feature\n');
    kit.git('commit', '-q', '-am', 'feature');
    kit.git('checkout', '-q', 'main');
    await writeFile(join(kit.root, 'a.txt'), 'my edit\n');

    await expect(checkoutBranch(kit.repo, 'feature')).rejects.toMatchObject({
      code: 'conflict',
      message: 'Switching to feature would overwrite your local changes to a.txt. Commit, stash or discard them first; nothing was changed.',
    });
    expect((await branches(kit)).current).toBe('main');
    expect(await readFile(join(kit.root, 'a.txt'), 'utf8')).toBe('my edit\n');
  });

  it('refuses when an untracked file is in the way', async () => {
    const kit = await repo();
    kit.git('checkout', '-q', '-b', 'feature');
    await writeFile(join(kit.root, 'new.txt'), 'on feature\n');
    kit.git('add', 'new.txt');
    kit.git('commit', '-q', '-m', 'new');
    kit.git('checkout', '-q', 'main');
    await writeFile(join(kit.root, 'new.txt'), 'mine\n');
    await expect(checkoutBranch(kit.repo, 'feature')).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('would overwrite untracked files: new.txt') });
  });

  it('refuses what is not a local branch: an option, a commit, a missing name', async () => {
    const kit = await repo();
    await expect(checkoutBranch(kit.repo, '--orphan=x')).rejects.toMatchObject({ code: 'bad_request' });
    await expect(checkoutBranch(kit.repo, 'HEAD~0')).rejects.toMatchObject({ code: 'not_found' });
    await expect(checkoutBranch(kit.repo, 'nope')).rejects.toMatchObject({ code: 'not_found', message: 'There is no local branch "nope".' });
    expect(await checkoutBranch(kit.repo, 'main')).toEqual({ branch: 'main' });
  });
});
