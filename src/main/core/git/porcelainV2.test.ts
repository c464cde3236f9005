import { describe, expect, it } from 'vitest';
import { parsePorcelainV2, toGitFiles } from './porcelainV2';

const Z = '\0';

describe('parsePorcelainV2', () => {
  it('reads branch headers, including a detached HEAD and an initial repository', () => {
    const out = ['# branch.oid abc123', '# branch.head (detached)', '# branch.upstream origin/main', '# branch.ab +3 -1', ''].join(Z);
    expect(parsePorcelainV2(out).branch).toEqual({ oid: 'abc123', head: null, upstream: 'origin/main', ahead: 3, behind: 1 });
    const initial = parsePorcelainV2(['# branch.oid (initial)', '# branch.head my branch', ''].join(Z));
    expect(initial.branch).toMatchObject({ oid: null, head: 'my branch' });
  });

  it('keeps spaces in paths and pairs renames with their origin', () => {
    const out = [
      '1 .M N... 100644 100644 100644 aaa aaa dir with space/a b.txt',
      '2 R. N... 100644 100644 100644 aaa aaa R100 new name.txt',
      'old name.txt',
      '2 C. N... 100644 100644 100644 aaa aaa C75 copy.txt',
      'source.txt',
      '1 .T N... 100644 100644 120000 aaa aaa link',
      '1 .A N... 000000 000000 100644 000 000 intent.txt',
      '? untracked file',
      '! ignored.log',
      '',
    ].join(Z);
    const { entries } = parsePorcelainV2(out);
    expect(entries.map((e) => [e.kind, e.path, e.origPath])).toEqual([
      ['ordinary', 'dir with space/a b.txt', undefined],
      ['renamed', 'new name.txt', 'old name.txt'],
      ['renamed', 'copy.txt', 'source.txt'],
      ['ordinary', 'link', undefined],
      ['ordinary', 'intent.txt', undefined],
      ['untracked', 'untracked file', undefined],
      ['ignored', 'ignored.log', undefined],
    ]);
    expect(toGitFiles(entries, '')).toEqual([
      { path: 'dir with space/a b.txt', status: 'modified', staged: false },
      { path: 'new name.txt', status: 'renamed', staged: true, origPath: 'old name.txt' },
      { path: 'copy.txt', status: 'added', staged: true, origPath: 'source.txt' },
      { path: 'link', status: 'modified', staged: false },
      { path: 'intent.txt', status: 'added', staged: false },
      { path: 'untracked file', status: 'untracked', staged: false },
    ]);
  });

  it('strips the workspace prefix and drops what lies outside it', () => {
    const { entries } = parsePorcelainV2(['? pkg/in.txt', '? pkgx/out.txt', '? top.txt', ''].join(Z));
    expect(toGitFiles(entries, 'pkg/')).toEqual([{ path: 'in.txt', status: 'untracked', staged: false }]);
  });

  it('refuses lines it does not understand', () => {
    expect(() => parsePorcelainV2('X what\0')).toThrow(/Unexpected git status line/);
  });
});
