import type { GitFile, GitFileStatus } from '../../../../shared/contract';
import { textOf } from '../../i18n';
import { gitStrings } from './gitStrings';

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

/** A status in words, in the UI's language. */
export function statusWord(status: GitFileStatus): string {
  const t = textOf(gitStrings);
  const words: Record<GitFileStatus, string> = {
    modified: t.statusModified,
    added: t.statusAdded,
    deleted: t.statusDeleted,
    untracked: t.statusUntracked,
    renamed: t.statusRenamed,
    conflicted: t.statusConflicted,
  };
  return words[status];
}

const byPath = (a: GitFile, b: GitFile) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/** Staged, Changes (conflicts first) and Untracked; empty groups are left out. */
export function groupChanges(files: GitFile[]): ChangeGroup[] {
  const staged = files.filter((f) => f.staged).sort(byPath);
  const changes = files
    .filter((f) => !f.staged && f.status !== 'untracked')
    .sort((a, b) => Number(b.status === 'conflicted') - Number(a.status === 'conflicted') || byPath(a, b));
  const untracked = files.filter((f) => !f.staged && f.status === 'untracked').sort(byPath);
  const t = textOf(gitStrings);
  const groups: ChangeGroup[] = [
    { id: 'staged', label: t.staged, files: staged },
    { id: 'changes', label: t.changes, files: changes },
    { id: 'untracked', label: t.untracked, files: untracked },
  ];
  return groups.filter((g) => g.files.length > 0);
}

export function splitPath(path: string): { folder: string; name: string } {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? { folder: '', name: path } : { folder: path.slice(0, slash), name: path.slice(slash + 1) };
}
