import { useQueryClient } from '@tanstack/react-query';
import { useGitStatus } from './useGitStatus';
import { useState, type MouseEvent, type ReactNode } from 'react';
import type { GitFile, GitStatus } from '../../../../shared/contract';
import { useUiStore } from '../../appState/uiStore';
import { groupChanges, splitPath, statusLetter, statusWord, type ChangeGroup } from './changeGroups';
import { CommitBox } from './CommitBox';
import { DiscardDialog } from './DiscardDialog';
import { useGitActions } from './useGitActions';
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

/** The row's hover actions (shown on hover and when a button in the row has the keyboard focus). */
function RowActions({ file, onDiscard }: { file: GitFile; onDiscard(files: GitFile[]): void }) {
  const actions = useGitActions();
  const stop = (e: MouseEvent, run: () => void) => {
    e.stopPropagation();
    run();
  };
  if (file.staged) {
    return (
      <span className="change-actions">
        <button type="button" className="change-action" title="Unstage" aria-label={`Unstage ${file.path}`} data-testid="change-unstage" onClick={(e) => stop(e, () => void actions.unstage([file.path]))}>
          −
        </button>
      </span>
    );
  }
  return (
    <span className="change-actions">
      {file.status !== 'conflicted' && (
        <button
          type="button"
          className="change-action"
          title={file.status === 'untracked' ? 'Delete this new file (asks first)' : 'Discard changes (asks first)'}
          aria-label={`Discard ${file.path}`}
          data-testid="change-discard"
          onClick={(e) => stop(e, () => onDiscard([file]))}
        >
          ↶
        </button>
      )}
      <button type="button" className="change-action" title="Stage" aria-label={`Stage ${file.path}`} data-testid="change-stage" onClick={(e) => stop(e, () => void actions.stage([file.path]))}>
        +
      </button>
    </span>
  );
}

function ChangeRow({ file, selected, onDiscard }: { file: GitFile; selected: boolean; onDiscard(files: GitFile[]): void }) {
  const { folder, name } = splitPath(file.path);
  const open = () => useUiStore.getState().openDiff(file.path);
  const title = `${file.path} — ${statusWord[file.status]}${file.staged ? ' (staged)' : ''}${file.origPath ? `, from ${file.origPath}` : ''}`;
  return (
    <div
      className={`row change-row ${selected ? 'selected' : ''} ${file.status === 'deleted' ? 'is-deleted' : ''}`}
      title={title}
      onClick={open}
      data-testid="change-row"
      data-path={file.path}
      data-status={file.status}
      data-staged={file.staged}
    >
      <button type="button" className="change-open" onClick={(e) => (e.stopPropagation(), open())} aria-label={`Open the diff of ${title}`}>
        <span className="name">{name}</span>
        {folder && <span className="dim">{folder}</span>}
      </button>
      <RowActions file={file} onDiscard={onDiscard} />
      <span className={`status-letter status-${file.status}`} aria-label={statusWord[file.status]}>
        {statusLetter[file.status]}
      </span>
    </div>
  );
}

function GroupActions({ group, onDiscard }: { group: ChangeGroup; onDiscard(files: GitFile[]): void }) {
  const actions = useGitActions();
  const paths = group.files.map((f) => f.path);
  if (group.id === 'staged') {
    return (
      <span className="change-actions">
        <button type="button" className="change-action" title="Unstage all" aria-label="Unstage all" data-testid="group-unstage" onClick={() => void actions.unstage(paths)}>
          −
        </button>
      </span>
    );
  }
  const discardable = group.files.filter((f) => f.status !== 'conflicted');
  return (
    <span className="change-actions">
      {discardable.length > 0 && (
        <button type="button" className="change-action" title="Discard all (asks first)" aria-label={`Discard all ${group.label.toLowerCase()}`} data-testid="group-discard" onClick={() => onDiscard(discardable)}>
          ↶
        </button>
      )}
      <button type="button" className="change-action" title="Stage all" aria-label={`Stage all ${group.label.toLowerCase()}`} data-testid="group-stage" onClick={() => void actions.stage(paths)}>
        +
      </button>
    </span>
  );
}

function Group({ group, selectedPath, onDiscard }: { group: ChangeGroup; selectedPath: string | null; onDiscard(files: GitFile[]): void }) {
  const [open, setOpen] = useState(true);
  return (
    <section className="changes-group" data-testid={`changes-group-${group.id}`}>
      <div className="changes-group-head">
        <button className="changes-group-title" onClick={() => setOpen(!open)} aria-expanded={open}>
          <span className="chevron">{open ? '▾' : '▸'}</span>
          <span>{group.label}</span>
        </button>
        <GroupActions group={group} onDiscard={onDiscard} />
        <span className="count">{group.files.length}</span>
      </div>
      {open &&
        group.files.map((file) => (
          <ChangeRow key={`${group.id}:${file.path}`} file={file} selected={file.path === selectedPath} onDiscard={onDiscard} />
        ))}
    </section>
  );
}

/**
 * The git status of the workspace: the branch, the commit box, then staged, unstaged and untracked files; a click
 * opens the diff (with its hunks' actions, GitHunks). Each row and group has Stage / Unstage / Discard; a discard
 * asks first (DiscardDialog) and can be undone from the notice that follows (useGitActions).
 */
export function ChangesPanel() {
  const queryClient = useQueryClient();
  const status = useGitStatus();
  const editor = useUiStore((s) => s.editor);
  useGitRefresh();

  const actions = useGitActions();
  const [discarding, setDiscarding] = useState<GitFile[] | null>(null);
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
        <CommitBox status={status.data} />
        {groups.length === 0 ? (
          <div className="empty" data-testid="changes-clean">No changes — the working tree is clean.</div>
        ) : (
          groups.map((g) => <Group key={g.id} group={g} selectedPath={selectedPath} onDiscard={setDiscarding} />)
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
      {discarding && (
        <DiscardDialog
          target={{ kind: 'files', files: discarding }}
          onCancel={() => setDiscarding(null)}
          onConfirm={async () => {
            await actions.discard(discarding.map((f) => f.path));
            setDiscarding(null);
          }}
        />
      )}
    </div>
  );
}
