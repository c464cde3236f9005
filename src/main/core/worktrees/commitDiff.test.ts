import { chmodSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeTree } from '../../../testing/tempTree';
import { parseRawDiff } from './treeDiff';
import { gitIn, userState, useRepos } from './worktreesTestKit';

const SESSION = '0123abcd-1111-4222-8333-444455556666';
const renamedBody = Array.from({ length: 40 }, (_, i) => `line ${i}\n`).join('');

const repo = useRepos();

describe('diff', { timeout: 60_000 }, () => {
  it('lists every change against the base, committed or not, with statuses and contents; binary and large files flagged', async () => {
    const f = await repo({
      'a.txt': 'one\ntwo\nthree\n',
      'del.txt': 'bye\n',
      'old-name.txt': renamedBody,
      'run.sh': 'echo hi\n',
      'big.txt': 'small at first\n',
      '.gitignore': '*.log\n',
    });
    const info = await f.wt.create(SESSION);
    expect(await f.wt.diff(info)).toEqual({ files: [] });

    writeFileSync(join(info.path, 'a.txt'), 'one\n2\nthree\n');
    await f.wt.commit(info, 'first step');
    unlinkSync(join(info.path, 'del.txt'));
    renameSync(join(info.path, 'old-name.txt'), join(info.path, 'new-name.txt'));
    writeFileSync(join(info.path, 'new-name.txt'), `${renamedBody}line 40\n`);
    await writeTree(info.path, {
      'added/n.ts': 'export {};\n',
      'img.bin': Buffer.from([0x89, 0x50, 0x00, 0x01, 0x02]),
      'big.txt': 'x'.repeat(1024 * 1024 + 1),
      'noise.log': 'ignored\n',
      '.akira/sessions/s/events.jsonl': '{}\n',
    });
    chmodSync(join(info.path, 'run.sh'), 0o755);

    const { files } = await f.wt.diff(info);
    const byPath = Object.fromEntries(files.map((file) => [file.path, file]));
    expect(Object.keys(byPath).sort()).toEqual(['a.txt', 'added/n.ts', 'big.txt', 'del.txt', 'img.bin', 'new-name.txt', 'run.sh']);
    expect(byPath['a.txt']).toEqual({ path: 'a.txt', status: 'modified', binary: false, tooLarge: false, before: 'one\ntwo\nthree\n', after: 'one\n2\nthree\n' });
    expect(byPath['del.txt']).toEqual({ path: 'del.txt', status: 'deleted', binary: false, tooLarge: false, before: 'bye\n', after: null });
    expect(byPath['added/n.ts']).toEqual({ path: 'added/n.ts', status: 'added', binary: false, tooLarge: false, before: null, after: 'export {};\n' });
    expect(byPath['new-name.txt']).toEqual({ path: 'new-name.txt', oldPath: 'old-name.txt', status: 'renamed', binary: false, tooLarge: false, before: renamedBody, after: `${renamedBody}line 40\n` });
    expect(byPath['img.bin']).toMatchObject({ status: 'added', binary: true, before: null, after: null });
    expect(byPath['big.txt']).toMatchObject({ status: 'modified', tooLarge: true, before: null, after: null });
    expect(byPath['run.sh']).toMatchObject({ status: 'modified', before: 'echo hi\n', after: 'echo hi\n' });
  });

  it('counts from the snapshot: the user changes present at the start are not the session changes', async () => {
    const f = await repo();
    writeFileSync(join(f.dir, 'a.txt'), 'user edit\n');
    const info = await f.wt.create(SESSION);
    expect((await f.wt.diff(info)).files).toEqual([]);
    writeFileSync(join(info.path, 'src/b.ts'), 'export const b = 2;\n');
    expect((await f.wt.diff(info)).files.map((x) => x.path)).toEqual(['src/b.ts']);
  });

  it('reads the branch when the worktree folder is gone', async () => {
    const f = await repo();
    const info = await f.wt.create(SESSION);
    writeFileSync(join(info.path, 'a.txt'), 'x\n');
    await f.wt.commit(info, 'x');
    gitIn(f.dir, 'worktree', 'remove', '--force', info.path);
    expect((await f.wt.diff(info)).files.map((x) => [x.path, x.after])).toEqual([['a.txt', 'x\n']]);
  });

  it('parses renames, copies of paths with spaces and tabs in raw -z output', () => {
    const raw = ':100644 100644 aaaa bbbb R087\0old name\0new\tname\0:000000 100644 0000 cccc A\0x y\0';
    expect(parseRawDiff(raw)).toEqual([
      { status: 'renamed', path: 'new\tname', oldPath: 'old name', oldMode: '100644', newMode: '100644', oldId: 'aaaa', newId: 'bbbb' },
      { status: 'added', path: 'x y', oldMode: '000000', newMode: '100644', oldId: null, newId: 'cccc' },
    ]);
  });
});

describe('commit', { timeout: 60_000 }, () => {
  it('commits everything in the worktree on its branch; nothing to commit → null; the user repository untouched', async () => {
    const f = await repo();
    const info = await f.wt.create(SESSION);
    const before = userState(f.dir);
    expect(await f.wt.commit(info, 'nothing yet')).toBeNull();

    writeFileSync(join(info.path, 'a.txt'), 'one\nTWO\nthree\n');
    await writeTree(info.path, { 'new/file.ts': 'x\n', 'out.log': 'ignored\n', '.akira/sessions/s/session.md': 'log\n', '.akira/checkpoints/s/1.md': 'cp\n' });
    const result = await f.wt.commit(info, 'Add the file\n\nThe task, in full.');
    expect(result).toEqual({ commit: expect.stringMatching(/^[0-9a-f]{40}$/) });
    expect(gitIn(info.path, 'rev-parse', 'HEAD').trim()).toBe(result!.commit);
    expect(f.git('rev-parse', 'akira/0123abcd').trim()).toBe(result!.commit);
    expect(f.git('log', '-1', '--format=%B', result!.commit).trim()).toBe('Add the file\n\nThe task, in full.');
    expect(f.git('rev-parse', `${result!.commit}^`).trim()).toBe(info.baseCommit);
    expect(f.git('show', '--name-only', '--format=', result!.commit).trim().split('\n').sort()).toEqual(['a.txt', 'new/file.ts']);
    expect(gitIn(info.path, 'status', '--porcelain')).toBe('?? .akira/\n');
    expect(await f.wt.commit(info, 'again')).toBeNull();
    expect(userState(f.dir)).toEqual(before);
  });

  it('refuses when the worktree left its branch, or is gone', async () => {
    const f = await repo();
    const info = await f.wt.create(SESSION);
    gitIn(info.path, 'checkout', '-q', '--detach');
    await expect(f.wt.commit(info, 'x')).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/no longer on akira\/0123abcd/) });
    await f.wt.discard(info);
    await expect(f.wt.commit(info, 'x')).rejects.toMatchObject({ code: 'not_found' });
  });
});
