import type { GitFile, GitFileStatus } from '../../../../shared/contract';

export type GroupId = 'staged' | 'changes' | 'untracked';

export interface ChangeGroup {
  id: GroupId;
  label: string;
  files: GitFile[];
}

/** The one-letter badge of a status, as in VS Code's source control view. */
export const statusLetter: Record<GitFileStatus, string> = {
  modified: 'M',
  added: 'A',
  deleted: 'D',
  untracked: 'U',
  renamed: 'R',
  conflicted: 'C',
};

export const statusWord: Record<GitFileStatus, string> = {
  modified: 'Modified',
  added: 'Added',
  deleted: 'Deleted',
  untracked: 'Untracked',
  renamed: 'Renamed',
  conflicted: 'Conflicted',
};

const byPath = (a: GitFile, b: GitFile) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/** Staged, Changes (conflicts first) and Untracked; empty groups are left out. */
export function groupChanges(files: GitFile[]): ChangeGroup[] {
  const staged = files.filter((f) => f.staged).sort(byPath);
  const changes = files
    .filter((f) => !f.staged && f.status !== 'untracked')
    .sort((a, b) => Number(b.status === 'conflicted') - Number(a.status === 'conflicted') || byPath(a, b));
  const untracked = files.filter((f) => !f.staged && f.status === 'untracked').sort(byPath);
  const groups: ChangeGroup[] = [
    { id: 'staged', label: 'Staged', files: staged },
    { id: 'changes', label: 'Changes', files: changes },
    { id: 'untracked', label: 'Untracked', files: untracked },
  ];
  return groups.filter((g) => g.files.length > 0);
}

export function splitPath(path: string): { folder: string; name: string } {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? { folder: '', name: path } : { folder: path.slice(0, slash), name: path.slice(slash + 1) };
}
