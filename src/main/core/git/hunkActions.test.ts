import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gitCommands } from '../../../shared/contract/git';
import { porcelain, repoWith, type RepoKit } from './gitTestKit';
import { discardHunk, fileHunks, stageHunk, unstageHunk } from './hunkActions';
import type { TakeCheckpoint } from './takeCheckpoint';

const kits: RepoKit[] = [];
afterEach(async () => {
  await Promise.all(kits.splice(0).map((k) => k.dispose()));
});

const lines = Array.from({ length: 30 }, (_, i) => `line ${i + 1}\n`).join('');
/** Two changes far apart: two hunks. */
const edited = lines.replace('line 2\n', 'line two\n').replace('line 27\n', 'line 27\nline 27½\n');

async function repo(files: Record<string, string> = { 'a.txt': lines }): Promise<RepoKit> {
  const kit = await repoWith(files);
  kits.push(kit);
  return kit;
}

async function hunks(kit: RepoKit, path = 'a.txt') {
  const result = await fileHunks(kit.repo, path);
  gitCommands['git.hunks'].output.parse(result);
  return result;
}

const noCheckpoint: TakeCheckpoint = async () => ({ checkpointId: 'none', skipped: [] });

describe('git.hunks', () => {
  it("lists a file's unstaged and staged hunks", async () => {
    const kit = await repo();
    await writeFile(join(kit.root, 'a.txt'), edited);
    const before = await hunks(kit);
    expect(before.staged).toEqual([]);
    expect(before.unstaged.map((h) => [h.oldStart, h.oldLines, h.newStart, h.newLines])).toEqual([
      [1, 5, 1, 5],
      [25, 6, 25, 7],
    ]);
    expect(before.unstaged[0].lines).toContain('-line 2');
    expect(before.unstaged[0].lines).toContain('+line two');
    expect(before.binary).toBe(false);
  });

  it('answers no hunks for an untracked file and flags a binary one', async () => {
    const kit = await repo({ 'a.txt': lines, 'b.bin': 'x\0y' });
    await writeFile(join(kit.root, 'new.txt'), 'new\n');
    expect(await hunks(kit, 'new.txt')).toMatchObject({ staged: [], unstaged: [], binary: false });
    await writeFile(join(kit.root, 'b.bin'), 'x\0z');
    expect(await hunks(kit, 'b.bin')).toMatchObject({ unstaged: [], binary: true });
  });
});

describe('git.stageHunk / git.unstageHunk', () => {
  it('stages one hunk of two, then unstages it', async () => {
    const kit = await repo();
    await writeFile(join(kit.root, 'a.txt'), edited);
    const [first, second] = (await hunks(kit)).unstaged;

    await stageHunk(kit.repo, 'a.txt', second);
    expect(kit.git('diff', '--cached')).toContain('+line 27½');
    expect(kit.git('diff', '--cached')).not.toContain('+line two');
    const after = await hunks(kit);
    expect(after.staged).toHaveLength(1);
    expect(after.unstaged).toHaveLength(1);
    expect(after.unstaged[0].lines).toEqual(first.lines);
    // The working tree is untouched.
    expect(await readFile(join(kit.root, 'a.txt'), 'utf8')).toBe(edited);

    await unstageHunk(kit.repo, 'a.txt', after.staged[0]);
    expect(kit.git('diff', '--cached')).toBe('');
    expect((await hunks(kit)).unstaged).toHaveLength(2);
  });

  it('refuses a stale hunk with conflict and changes nothing', async () => {
    const kit = await repo();
    await writeFile(join(kit.root, 'a.txt'), edited);
    const [first] = (await hunks(kit)).unstaged;
    // The file changes after its diff was read: the hunk as shown is gone.
    await writeFile(join(kit.root, 'a.txt'), edited.replace('line two\n', 'line 2, again\n'));
    await expect(stageHunk(kit.repo, 'a.txt', first)).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('no longer in its unstaged changes') });
    expect(kit.git('diff', '--cached')).toBe('');
    await expect(discardHunk(kit.repo, 'a.txt', first, noCheckpoint)).rejects.toMatchObject({ code: 'conflict' });
    await expect(unstageHunk(kit.repo, 'a.txt', first)).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('staged changes') });
  });

  it('stages a hunk of a file in a workspace that is a subfolder of the repository', async () => {
    const kit = await repoWith({ 'sub/a.txt': lines, 'top.txt': 'top\n' }, { subfolder: 'sub' });
    kits.push(kit);
    await writeFile(join(kit.root, 'a.txt'), edited);
    const [, second] = (await hunks(kit)).unstaged;
    await stageHunk(kit.repo, 'a.txt', second);
    expect(kit.git('diff', '--cached', '--name-only').trim()).toBe('sub/a.txt');
  });

  it("stages the deletion of a file (its one hunk) and unstages a new file's", async () => {
    const kit = await repo({ 'a.txt': lines, 'gone.txt': 'bye\n' });
    await writeFile(join(kit.root, 'fresh.txt'), 'fresh\n');
    kit.git('add', 'fresh.txt');
    await rm(join(kit.root, 'gone.txt'));

    const [deletion] = (await hunks(kit, 'gone.txt')).unstaged;
    await stageHunk(kit.repo, 'gone.txt', deletion);
    const [creation] = (await hunks(kit, 'fresh.txt')).staged;
    await unstageHunk(kit.repo, 'fresh.txt', creation);
    expect(porcelain(kit)).toEqual(['?? fresh.txt', 'D  gone.txt']);
  });
});

describe('git.discardHunk', () => {
  it('takes a checkpoint first, then removes only that hunk from the working tree', async () => {
    const kit = await repo();
    await writeFile(join(kit.root, 'a.txt'), edited);
    const [first] = (await hunks(kit)).unstaged;
    const labels: string[] = [];
    let fileAtCheckpoint = '';
    const checkpoint: TakeCheckpoint = async (label) => {
      labels.push(label);
      fileAtCheckpoint = await readFile(join(kit.root, 'a.txt'), 'utf8');
      return { checkpointId: 'cp-1', skipped: [] };
    };
    const result = await discardHunk(kit.repo, 'a.txt', first, checkpoint);
    gitCommands['git.discardHunk'].output.parse(result);
    expect(result).toEqual({ paths: ['a.txt'], checkpointId: 'cp-1' });
    expect(labels).toEqual(['Before discarding a hunk of a.txt']);
    expect(fileAtCheckpoint).toBe(edited);
    expect(await readFile(join(kit.root, 'a.txt'), 'utf8')).toBe(lines.replace('line 27\n', 'line 27\nline 27½\n'));
  });

  it('discards nothing when the checkpoint could not keep the file', async () => {
    const kit = await repo();
    await writeFile(join(kit.root, 'a.txt'), edited);
    const [first] = (await hunks(kit)).unstaged;
    const tooLarge: TakeCheckpoint = async () => ({ checkpointId: 'cp-2', skipped: ['a.txt'] });
    await expect(discardHunk(kit.repo, 'a.txt', first, tooLarge)).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('could not be checkpointed') });
    expect(await readFile(join(kit.root, 'a.txt'), 'utf8')).toBe(edited);
  });

  it('refuses paths outside the workspace or in .git', async () => {
    const kit = await repo();
    const hunk = { oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: [' x'] };
    await expect(stageHunk(kit.repo, '../x.txt', hunk)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(stageHunk(kit.repo, '.git/config', hunk)).rejects.toMatchObject({ code: 'forbidden' });
  });
});
