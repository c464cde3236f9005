import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { armRepo } from '../../../testing/hostileRepo';
import { makeRepo, type RepoFixture } from './worktreesTestKit';

// Issue 26, first part, item 1: worktree creation, the session's commits and the merge back run none of the
// programs a repository's own configuration names (filters, a merge driver from an include, hooks, fsmonitor).

const SESSION = '0123abcd-1111-4222-8333-444455556666';
const fixtures: RepoFixture[] = [];
afterEach(async () => {
  await Promise.all(fixtures.splice(0).map((f) => f.cleanup()));
});

describe('worktree sessions in a repository that names programs', { timeout: 60_000 }, () => {
  it('create, commit, diff and a three-way merge run none of them; the merge is git’s own', async () => {
    const f = await makeRepo({ 'a.txt': 'one\ntwo\nthree\nfour\nfive\n', 'b.txt': 'bee\n' });
    fixtures.push(f);
    const repo = await armRepo(f.dir, join(f.dataDir, '..', 'probe'));

    const info = await f.wt.create(SESSION);
    writeFileSync(join(info.path, 'a.txt'), 'one\ntwo\nthree\nfour\nFIVE\n');
    await f.wt.commit(info, 'session edit');
    expect((await f.wt.diff(info)).files.map((file) => file.path)).toEqual(['a.txt']);
    // The user changed the same file elsewhere: the merge needs a content merge (where a merge driver would run).
    writeFileSync(join(f.dir, 'a.txt'), 'ONE\ntwo\nthree\nfour\nfive\n');
    f.git('-c', 'core.hooksPath=/dev/null', 'commit', '-qam', 'user edit');
    await repo.reset(); // the person's own commit ran the repository's programs

    const result = await f.wt.merge(info, 'Merge the session');
    expect(result).toMatchObject({ merged: true });
    expect(readFileSync(join(f.dir, 'a.txt'), 'utf8')).toBe('ONE\ntwo\nthree\nfour\nFIVE\n');
    expect(await repo.ran()).toEqual([]);
  });
});
