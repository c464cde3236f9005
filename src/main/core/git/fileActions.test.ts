import { readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gitCommands } from '../../../shared/contract/git';
import { discardPaths, stagePaths, unstagePaths } from './fileActions';
import { porcelain, repoWith, type RepoKit } from './gitTestKit';
import type { TakeCheckpoint } from './takeCheckpoint';

const kits: RepoKit[] = [];
afterEach(async () => {
  await Promise.all(kits.splice(0).map((k) => k.dispose()));
});

async function repo(files: Record<string, string>, options?: { subfolder?: string }): Promise<RepoKit> {
  const kit = await repoWith(files, options);
  kits.push(kit);
  return kit;
}

function recordingCheckpoint(onTake?: () => Promise<void>): TakeCheckpoint & { labels: string[] } {
  const labels: string[] = [];
  const take = async (label: string) => {
    labels.push(label);
    await onTake?.();
    return { checkpointId: `cp-${labels.length}`, skipped: [] };
  };
  return Object.assign(take, { labels });
}

describe('git.stage / git.unstage', () => {
  it('stages a change, a new file and a deletion, then unstages them', async () => {
    const kit = await repo({ 'a.txt': 'one\n', 'gone.txt': 'bye\n' });
    await writeFile(join(kit.root, 'a.txt'), 'two\n');
    await writeFile(join(kit.root, 'new.txt'), 'new\n');
    await rm(join(kit.root, 'gone.txt'));

    const staged = await stagePaths(kit.repo, ['a.txt', 'new.txt', './gone.txt', 'a.txt']);
    gitCommands['git.stage'].output.parse(staged);
    expect(staged.paths).toEqual(['a.txt', 'new.txt', 'gone.txt']);
    expect(porcelain(kit)).toEqual(['A  new.txt', 'D  gone.txt', 'M  a.txt']);

    await unstagePaths(kit.repo, ['a.txt', 'new.txt', 'gone.txt']);
    expect(porcelain(kit)).toEqual([' D gone.txt', ' M a.txt', '?? new.txt']);
    expect(await readFile(join(kit.root, 'a.txt'), 'utf8')).toBe('two\n');
  });

  it('unstages a staged rename whole (the file it came from too)', async () => {
    const kit = await repo({ 'old.txt': 'rename me\n'.repeat(20) });
    kit.git('mv', 'old.txt', 'renamed.txt');
    await unstagePaths(kit.repo, ['renamed.txt']);
    expect(porcelain(kit)).toEqual([' D old.txt', '?? renamed.txt']);
  });

  it('unstages in a repository without commits', async () => {
    const kit = await repo({ 'a.txt': 'one\n' });
    kit.git('update-ref', '-d', 'HEAD');
    expect(porcelain(kit)).toEqual(['A  a.txt']);
    await unstagePaths(kit.repo, ['a.txt']);
    expect(porcelain(kit)).toEqual(['?? a.txt']);
  });

  it('works with workspace paths when the workspace is a subfolder of the repository', async () => {
    const kit = await repo({ 'sub/a.txt': 'one\n', 'top.txt': 'top\n' }, { subfolder: 'sub' });
    await writeFile(join(kit.root, 'a.txt'), 'two\n');
    await stagePaths(kit.repo, ['a.txt']);
    expect(porcelain(kit)).toEqual(['M  sub/a.txt']);
    await unstagePaths(kit.repo, ['a.txt']);
    expect(porcelain(kit)).toEqual([' M sub/a.txt']);
  });

  it('refuses paths outside the workspace, in .git, and the workspace itself', async () => {
    const kit = await repo({ 'sub/a.txt': 'one\n', 'top.txt': 'top\n' }, { subfolder: 'sub' });
    await writeFile(join(kit.top, 'top.txt'), 'changed\n');
    await expect(stagePaths(kit.repo, ['../top.txt'])).rejects.toMatchObject({ code: 'forbidden' });
    await expect(stagePaths(kit.repo, ['.git/config'])).rejects.toMatchObject({ code: 'forbidden' });
    await expect(stagePaths(kit.repo, ['.'])).rejects.toMatchObject({ code: 'bad_request' });
    expect(porcelain(kit)).toEqual([' M top.txt']);
  });

  it('says what git said when it refuses (an ignored file)', async () => {
    const kit = await repo({ '.gitignore': '*.log\n' });
    await writeFile(join(kit.root, 'x.log'), 'log\n');
    await expect(stagePaths(kit.repo, ['x.log'])).rejects.toMatchObject({ message: expect.stringMatching(/^Staging x\.log failed: .*ignored/) });
  });
});

describe('git.discard', () => {
  it('checkpoints first, then puts tracked files back to the index and deletes untracked ones', async () => {
    const kit = await repo({ 'a.txt': 'one\n', 'b.txt': 'bee\n', 'gone.txt': 'bye\n' });
    await writeFile(join(kit.root, 'a.txt'), 'staged\n');
    kit.git('add', 'a.txt');
    await writeFile(join(kit.root, 'a.txt'), 'staged, then more\n');
    await writeFile(join(kit.root, 'b.txt'), 'changed\n');
    await rm(join(kit.root, 'gone.txt'));
    await writeFile(join(kit.root, 'new.txt'), 'new\n');
    const seenAtCheckpoint: string[] = [];
    const checkpoint = recordingCheckpoint(async () => {
      seenAtCheckpoint.push(await readFile(join(kit.root, 'b.txt'), 'utf8'), String(existsSync(join(kit.root, 'new.txt'))));
    });

    const result = await discardPaths(kit.repo, ['a.txt', 'b.txt', 'gone.txt', 'new.txt'], checkpoint);
    gitCommands['git.discard'].output.parse(result);
    expect(result).toEqual({ paths: ['a.txt', 'b.txt', 'gone.txt', 'new.txt'], checkpointId: 'cp-1' });
    expect(checkpoint.labels).toEqual(['Before discarding 4 files']);
    // The checkpoint saw the files before the discard.
    expect(seenAtCheckpoint).toEqual(['changed\n', 'true']);
    // a.txt keeps what was staged; the rest is as at HEAD; new.txt is gone.
    expect(porcelain(kit)).toEqual(['M  a.txt']);
    expect(await readFile(join(kit.root, 'a.txt'), 'utf8')).toBe('staged\n');
    expect(await readFile(join(kit.root, 'gone.txt'), 'utf8')).toBe('bye\n');
    expect(existsSync(join(kit.root, 'new.txt'))).toBe(false);
  });

  it('deletes an untracked link itself, never what it points to', async () => {
    const kit = await repo({ 'a.txt': 'one\n' });
    await symlink(join(kit.root, 'a.txt'), join(kit.root, 'link'));
    await discardPaths(kit.repo, ['link'], recordingCheckpoint());
    expect(existsSync(join(kit.root, 'link'))).toBe(false);
    expect(await readFile(join(kit.root, 'a.txt'), 'utf8')).toBe('one\n');
  });

  it('refuses, before any checkpoint, a file without unstaged changes or with merge conflicts', async () => {
    const kit = await repo({ 'a.txt': 'one\n', 'c.txt': 'base\n' });
    await writeFile(join(kit.root, 'a.txt'), 'two\n');
    kit.git('add', 'a.txt');
    const checkpoint = recordingCheckpoint();
    await expect(discardPaths(kit.repo, ['a.txt'], checkpoint)).rejects.toMatchObject({ code: 'bad_request', message: 'No unstaged changes to discard in a.txt.' });
    await expect(discardPaths(kit.repo, ['nothing.txt'], checkpoint)).rejects.toMatchObject({ code: 'bad_request' });

    // A merge conflict in c.txt.
    kit.git('commit', '-q', '-am', 'a');
    kit.git('checkout', '-q', '-b', 'other', 'HEAD~1');
    await writeFile(join(kit.root, 'c.txt'), 'theirs\n');
    kit.git('commit', '-q', '-am', 'theirs');
    kit.git('checkout', '-q', 'main');
    await writeFile(join(kit.root, 'c.txt'), 'ours\n');
    kit.git('commit', '-q', '-am', 'ours');
    expect(() => kit.git('merge', '-q', 'other')).toThrow();
    await expect(discardPaths(kit.repo, ['c.txt'], checkpoint)).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('merge conflicts') });
    expect(checkpoint.labels).toEqual([]);
  });
});
