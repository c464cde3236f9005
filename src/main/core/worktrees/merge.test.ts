import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reasonIn } from '../../../shared/errors';
import { filesInTheWay } from './mergeBack';
import { gitIn, makeRepo, userEntries, type RepoFixture } from './worktreesTestKit';

const SESSION = '0123abcd-1111-4222-8333-444455556666';
const OTHER = '9876fedc-1111-4222-8333-444455556666';

const fixtures: RepoFixture[] = [];
async function repo(): Promise<RepoFixture> {
  const f = await makeRepo({ 'a.txt': 'one\ntwo\nthree\n', 'b.txt': 'b1\nb2\nb3\n', 'c.txt': 'c\n', '.gitignore': '*.log\n' });
  fixtures.push(f);
  return f;
}
afterEach(async () => {
  await Promise.all(fixtures.splice(0).map((f) => f.cleanup()));
});

const read = (dir: string, p: string) => readFileSync(join(dir, p), 'utf8');

describe('merge', { timeout: 60_000 }, () => {
  it('brings the session branch in with a --no-ff merge commit naming the session, committing what the worktree had left first', async () => {
    const f = await repo();
    const info = await f.wt.create(SESSION);
    writeFileSync(join(info.path, 'a.txt'), 'one\nTWO\nthree\n');
    await f.wt.commit(info, 'step 1');
    writeFileSync(join(info.path, 'new.txt'), 'uncommitted in the worktree\n');
    writeFileSync(join(f.dir, 'c.txt'), 'user edit, not touched by the session\n');

    const result = await f.wt.merge(info, 'Make two loud');
    expect(result).toEqual({ merged: true, commit: expect.stringMatching(/^[0-9a-f]{40}$/) });
    if (!result.merged) return;
    expect(f.git('rev-parse', 'HEAD').trim()).toBe(result.commit);
    expect(f.git('rev-parse', 'HEAD^1').trim()).toBe(info.baseCommit);
    expect(f.git('rev-parse', 'HEAD^2').trim()).toBe(f.git('rev-parse', 'akira/0123abcd').trim());
    expect(f.git('log', '-1', '--format=%B').trim()).toBe(`Make two loud\n\nMerge of akira/0123abcd (Akira session ${SESSION}).`);
    expect(f.git('symbolic-ref', 'HEAD').trim()).toBe('refs/heads/main');
    expect(read(f.dir, 'a.txt')).toBe('one\nTWO\nthree\n');
    expect(read(f.dir, 'new.txt')).toBe('uncommitted in the worktree\n');
    expect(read(f.dir, 'c.txt')).toBe('user edit, not touched by the session\n');
    expect(f.git('status', '--porcelain')).toBe(' M c.txt\n');

    expect(await f.wt.merge(info, 'again')).toEqual({ merged: true, commit: result.commit, alreadyMerged: true });
  });

  it('on a real conflict: merged false, the files listed, the user tree, index and HEAD exactly as before, no MERGE_HEAD', async () => {
    const f = await repo();
    const info = await f.wt.create(SESSION);
    writeFileSync(join(info.path, 'a.txt'), 'one\nsession two\nthree\n');
    writeFileSync(join(info.path, 'b.txt'), 'b1\nsession b2\nb3\n');
    writeFileSync(join(info.path, 'c.txt'), 'c from the session\n');
    await f.wt.commit(info, 'session');
    writeFileSync(join(f.dir, 'a.txt'), 'one\nuser two\nthree\n');
    writeFileSync(join(f.dir, 'b.txt'), 'b1\nuser b2\nb3\n');
    f.git('commit', '-qam', 'user meanwhile');
    writeFileSync(join(f.dir, 'notes.log'), 'ignored\n');
    writeFileSync(join(f.dir, 'untracked.txt'), 'mine\n');
    const before = userEntries(f.dir);

    const result = await f.wt.merge(info, 'task');
    expect(result).toEqual({
      merged: false,
      why: 'conflict',
      conflicts: ['a.txt', 'b.txt'],
      localChanges: [],
      reason: expect.stringMatching(/conflict with yours in a\.txt, b\.txt: nothing was merged/),
      reasonWords: { key: 'spec.mergeConflicts', values: ['a.txt, b.txt', 0, '0123abcd'] },
    });
    // Issue 14: the reason in words too, said in the language (the English stays the reason).
    expect(reasonIn(result.merged ? null : result.reason, result.merged ? null : result.reasonWords, 'zh-CN')).toBe(
      '会话的更改与你的更改在 a.txt, b.txt 中冲突：没有合并任何内容（合并已中止）。请手动解决（git merge akira/0123abcd）或丢弃这个会话。',
    );
    expect(userEntries(f.dir)).toEqual(before);
    expect(before.mergeHead).toBe(false);
  });

  it('refuses before changing anything when the user uncommitted or untracked files are in the way', async () => {
    const f = await repo();
    const info = await f.wt.create(SESSION);
    writeFileSync(join(info.path, 'a.txt'), 'one\nsession\nthree\n');
    writeFileSync(join(info.path, 'fresh.txt'), 'from the session\n');
    await f.wt.commit(info, 'session');

    writeFileSync(join(f.dir, 'a.txt'), 'one\ntwo\nthree\nuser line\n');
    let before = userEntries(f.dir);
    let result = await f.wt.merge(info, 'task');
    expect(result).toMatchObject({ merged: false, why: 'local_changes', localChanges: ['a.txt'], conflicts: [], reason: expect.stringMatching(/uncommitted changes to a\.txt: commit or stash it first/) });
    expect(result.merged ? null : reasonIn(result.reason, result.reasonWords, 'zh-CN')).toBe('合并会覆盖你未提交的更改：a.txt。请先提交或储藏（stash）；没有合并任何内容。');
    expect(userEntries(f.dir)).toEqual(before);

    f.git('add', 'a.txt');
    before = userEntries(f.dir);
    result = await f.wt.merge(info, 'task');
    expect(result).toMatchObject({ merged: false, why: 'local_changes', localChanges: ['a.txt'] });
    expect(userEntries(f.dir)).toEqual(before);

    f.git('reset', '-q', '--hard');
    writeFileSync(join(f.dir, 'fresh.txt'), 'the user own\n');
    before = userEntries(f.dir);
    result = await f.wt.merge(info, 'task');
    expect(result).toMatchObject({ merged: false, why: 'local_changes', localChanges: ['fresh.txt'], reason: expect.stringMatching(/untracked files fresh\.txt/) });
    expect(result.merged ? null : reasonIn(result.reason, result.reasonWords, 'zh-CN')).toBe('合并会覆盖你未跟踪的文件：fresh.txt。请先提交或储藏（stash），或把它们移走；没有合并任何内容。');
    expect(userEntries(f.dir)).toEqual(before);
  });

  it('refuses on a detached HEAD and while a merge is in progress, running nothing', async () => {
    const f = await repo();
    const info = await f.wt.create(SESSION);
    writeFileSync(join(info.path, 'a.txt'), 'session\n');
    await f.wt.commit(info, 's');

    f.git('checkout', '-q', '--detach');
    let before = userEntries(f.dir);
    expect(await f.wt.merge(info, 't')).toMatchObject({
      merged: false,
      why: 'detached_head',
      reason: 'Your repository is on a detached HEAD: check out the branch to merge into first; nothing was merged.',
      reasonWords: { key: 'spec.mergeOnDetachedHead', values: [] },
    });
    expect(userEntries(f.dir)).toEqual(before);
    f.git('checkout', '-q', 'main');

    f.git('checkout', '-q', '-b', 'side');
    writeFileSync(join(f.dir, 'b.txt'), 'side\n');
    f.git('commit', '-qam', 'side');
    f.git('checkout', '-q', 'main');
    writeFileSync(join(f.dir, 'b.txt'), 'main\n');
    f.git('commit', '-qam', 'main');
    expect(() => f.git('merge', 'side')).toThrow();
    before = userEntries(f.dir);
    expect(before.mergeHead).toBe(true);
    const busy = await f.wt.merge(info, 't');
    expect(busy).toMatchObject({
      merged: false,
      why: 'operation_in_progress',
      reason: 'Your repository is in the middle of a merge: finish or abort it first; nothing was merged.',
      reasonWords: { key: 'spec.mergeDuringOperation', values: ['merge'] },
    });
    expect(busy.merged ? null : reasonIn(busy.reason, busy.reasonWords, 'zh-CN')).toBe('你的仓库正在进行合并：请先完成或中止它；没有合并任何内容。');
    expect(userEntries(f.dir)).toEqual(before);
  });

  it('two sessions merged one after the other both land; the second conflicts only where both touched the same lines', async () => {
    const f = await repo();
    const [a, b] = await Promise.all([f.wt.create(SESSION), f.wt.create(OTHER)]);
    writeFileSync(join(a.path, 'a.txt'), 'one\nA\nthree\n');
    writeFileSync(join(b.path, 'b.txt'), 'b1\nB\nb3\n');
    writeFileSync(join(b.path, 'b-new.txt'), 'new from B\n');
    expect(await f.wt.merge(a, 'session A')).toMatchObject({ merged: true });
    expect(await f.wt.merge(b, 'session B')).toMatchObject({ merged: true });
    expect(read(f.dir, 'a.txt')).toBe('one\nA\nthree\n');
    expect(read(f.dir, 'b.txt')).toBe('b1\nB\nb3\n');
    expect(read(f.dir, 'b-new.txt')).toBe('new from B\n');
    expect(f.git('log', '--merges', '--format=%s')).toBe('session B\nsession A\n');
    expect(f.git('status', '--porcelain')).toBe('');

    const [c, d] = await Promise.all([f.wt.create('cccc1111-x'), f.wt.create('dddd2222-y')]);
    writeFileSync(join(c.path, 'c.txt'), 'C\n');
    writeFileSync(join(d.path, 'c.txt'), 'D\n');
    expect(await f.wt.merge(c, 'session C')).toMatchObject({ merged: true });
    const before = userEntries(f.dir);
    expect(await f.wt.merge(d, 'session D')).toMatchObject({ merged: false, why: 'conflict', conflicts: ['c.txt'] });
    expect(userEntries(f.dir)).toEqual(before);
  });

  it('a session started on uncommitted changes merges once the user has committed them', async () => {
    const f = await repo();
    writeFileSync(join(f.dir, 'a.txt'), 'one\nuser wip\nthree\n');
    const info = await f.wt.create(SESSION);
    writeFileSync(join(info.path, 'b.txt'), 'b1\nsession\nb3\n');
    expect(await f.wt.merge(info, 't')).toMatchObject({ merged: false, why: 'local_changes', localChanges: ['a.txt'] });
    f.git('commit', '-qam', 'wip');
    expect(await f.wt.merge(info, 't')).toMatchObject({ merged: true });
    expect(read(f.dir, 'a.txt')).toBe('one\nuser wip\nthree\n');
    expect(read(f.dir, 'b.txt')).toBe('b1\nsession\nb3\n');
    expect(gitIn(f.dir, 'status', '--porcelain')).toBe('');
  });

  it('reads the files git lists when it refuses', () => {
    const stderr = [
      'error: Your local changes to the following files would be overwritten by merge:',
      '\ta.txt',
      '\tsrc/with space.ts',
      'Please commit your changes or stash them before you merge.',
      'error: The following untracked working tree files would be overwritten by merge:',
      '\tfresh.txt',
      'Please move or remove them before you merge.',
      'Aborting',
      'Merge with strategy ort failed.',
    ].join('\n');
    expect(filesInTheWay(stderr)).toEqual(['a.txt', 'src/with space.ts', 'fresh.txt']);
    expect(filesInTheWay('error: Your local changes to the following files would be overwritten by merge:\n  b\nMerge with strategy ort failed.\n')).toEqual(['b']);
  });
});
