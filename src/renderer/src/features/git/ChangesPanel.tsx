import { useQueryClient } from '@tanstack/react-query';
import { useGitStatus } from './useGitStatus';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import type { GitFile, GitStatus } from '../../../../shared/contract';
import { useUiStore } from '../../appState/uiStore';
import { groupChanges, splitPath, statusLetter, statusWord, type ChangeGroup } from './changeGroups';
import { useGitRefresh } from './useGitRefresh';
import './changes.css';

function BranchLine({ status }: { status: GitStatus }) {
  return (
    <div className="changes-branch" data-testid="changes-branch">
      <span className="branch-icon">⎇</span>
      <span className="branch-name">{status.branch ?? 'detached HEAD'}</span>
      {status.ahead > 0 && <span className="branch-count" title={`${status.ahead} commit(s) ahead of upstream`}>↑{status.ahead}</span>}
      {status.behind > 0 && <span className="branch-count" title={`${status.behind} commit(s) behind upstream`}>↓{status.behind}</span>}
    </div>
  );
}

function ChangeRow({ file, selected }: { file: GitFile; selected: boolean }) {
  const { folder, name } = splitPath(file.path);
  const open = () => useUiStore.getState().openDiff(file.path);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      open();
    }
  };
  const title = `${file.path} — ${statusWord[file.status]}${file.staged ? ' (staged)' : ''}${file.origPath ? `, from ${file.origPath}` : ''}`;
  return (
    <div
      className={`row change-row ${selected ? 'selected' : ''} ${file.status === 'deleted' ? 'is-deleted' : ''}`}
      role="button"
      tabIndex={0}
      title={title}
      onClick={open}
      onKeyDown={onKey}
      data-testid="change-row"
      data-path={file.path}
      data-status={file.status}
      data-staged={file.staged}
    >
      <span className="name">{name}</span>
      {folder && <span className="dim">{folder}</span>}
      <span className={`status-letter status-${file.status}`} aria-label={statusWord[file.status]}>
        {statusLetter[file.status]}
      </span>
    </div>
  );
}

function Group({ group, selectedPath }: { group: ChangeGroup; selectedPath: string | null }) {
  const [open, setOpen] = useState(true);
  return (
    <section className="changes-group" data-testid={`changes-group-${group.id}`}>
      <button className="changes-group-title" onClick={() => setOpen(!open)} aria-expanded={open}>
        <span className="chevron">{open ? '▾' : '▸'}</span>
        <span>{group.label}</span>
        <span className="count">{group.files.length}</span>
      </button>
      {open &&
        group.files.map((file) => (
          <ChangeRow key={`${group.id}:${file.path}`} file={file} selected={file.path === selectedPath} />
        ))}
    </section>
  );
}

/** The git status of the workspace: branch, then staged, unstaged and untracked files; a click opens the diff. */
export function ChangesPanel() {
  const queryClient = useQueryClient();
  const status = useGitStatus();
  const editor = useUiStore((s) => s.editor);
  useGitRefresh();

  const selectedPath = editor?.kind === 'diff' ? editor.path : null;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['git.status'] });

  let body: ReactNode;
  if (status.isPending) body = <div className="empty">Reading git status…</div>;
  else if (status.isError) {
    body = (
      <div className="empty error-text" role="alert">
        Could not read git status: {status.error.message}
      </div>
    );
  } else if (!status.data.isRepo) {
    body = (
      <div className="empty" data-testid="changes-not-repo">
        This folder is not a git repository.
        <div className="changes-hint">Run <code>git init</code> in the terminal to start tracking changes.</div>
      </div>
    );
  } else {
    const groups = groupChanges(status.data.files);
    body = (
      <>
        <BranchLine status={status.data} />
        {groups.length === 0 ? (
          <div className="empty" data-testid="changes-clean">No changes — the working tree is clean.</div>
        ) : (
          groups.map((g) => <Group key={g.id} group={g} selectedPath={selectedPath} />)
        )}
        {status.data.truncated && <div className="empty">Only the first {status.data.files.length} changes are listed.</div>}
      </>
    );
  }

  return (
    <div className="changes" data-testid="changes-panel">
      <div className="changes-toolbar">
        <button className="icon-button" onClick={refresh} title="Refresh" aria-label="Refresh git status">
          ↻
        </button>
      </div>
      {body}
    </div>
  );
}
