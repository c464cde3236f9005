import { describe, expect, it } from 'vitest';
import type { GitFile, GitStatus } from '../../../../shared/contract';
import { emptyTabs, openTab, type TabsState } from '../../appState/editorTabs';
import { goneDiffTabIds } from './goneDiffs';

const file = (path: string, status: GitFile['status'] = 'modified'): GitFile => ({ path, status, staged: false }) as GitFile;
const status = (files: GitFile[], extra: Partial<GitStatus> = {}): GitStatus => ({ isRepo: true, branch: 'main', ahead: 0, behind: 0, files, ...extra });

describe('diffs of files that left the changes', () => {
  let tabs: TabsState = emptyTabs;
  tabs = openTab(tabs, { kind: 'diff', path: 'a.ts' }, { preview: false });
  tabs = openTab(tabs, { kind: 'diff', path: 'new.txt' }, { preview: false });
  tabs = openTab(tabs, { kind: 'file', path: 'b.ts' }, { preview: false });
  tabs = openTab(tabs, { kind: 'diff', path: 'gone.ts' }, { preview: false });
  const before = new Set(['a.ts', 'new.txt', 'b.ts']);

  it('close when the file is no longer listed (discarded, or an untracked file deleted); a deleted tracked file stays', () => {
    expect(goneDiffTabIds(tabs, before, status([file('a.ts', 'deleted'), file('b.ts')]))).toEqual(['diff:new.txt']);
    expect(goneDiffTabIds(tabs, before, status([]))).toEqual(['diff:a.ts', 'diff:new.txt']);
  });

  it('a diff of a file that was not listed before (reopened) stays, and a cut-short status closes nothing', () => {
    expect(goneDiffTabIds(tabs, before, status([file('a.ts'), file('new.txt', 'untracked')]))).toEqual([]);
    expect(goneDiffTabIds(tabs, before, status([], { truncated: true }))).toEqual([]);
    expect(goneDiffTabIds(tabs, before, status([], { isRepo: false }))).toEqual([]);
  });
});
