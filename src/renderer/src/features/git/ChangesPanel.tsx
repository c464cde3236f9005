import { useQueryClient } from '@tanstack/react-query';
import { useGitStatus } from './useGitStatus';
import { useState, type MouseEvent, type ReactNode } from 'react';
import type { GitFile, GitStatus } from '../../../../shared/contract';
import { useUiStore } from '../../appState/uiStore';
import { useText } from '../../i18n';
import { gitStrings } from './gitStrings';
import { Marked } from './Marked';
import { groupChanges, splitPath, statusLetter, statusWord, type ChangeGroup } from './changeGroups';
import { CommitBox } from './CommitBox';
import { RepoPrograms } from './RepoPrograms';
import { DiscardDialog } from './DiscardDialog';
import { useGitActions } from './useGitActions';
import { useGitRefresh } from './useGitRefresh';
import './changes.css';

function BranchLine({ status }: { status: GitStatus }) {
  const t = useText(gitStrings);
  return (
    <div className="changes-branch" data-testid="changes-branch">
      <span className="branch-icon">⎇</span>
      <span className="branch-name">{status.branch ?? t.detachedHead}</span>
      {status.ahead > 0 && <span className="branch-count" title={t.ahead(status.ahead)}>↑{status.ahead}</span>}
      {status.behind > 0 && <span className="branch-count" title={t.behind(status.behind)}>↓{status.behind}</span>}
    </div>
  );
}

/** The row's hover actions (shown on hover and when a button in the row has the keyboard focus). */
function RowActions({ file, onDiscard }: { file: GitFile; onDiscard(files: GitFile[]): void }) {
  const t = useText(gitStrings);
  const actions = useGitActions();
  const stop = (e: MouseEvent, run: () => void) => {
    e.stopPropagation();
    run();
  };
  if (file.staged) {
    return (
      <span className="change-actions">
        <button type="button" className="change-action" title={t.unstage} aria-label={t.unstagePath(file.path)} data-testid="change-unstage" onClick={(e) => stop(e, () => void actions.unstage([file.path]))}>
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
          title={file.status === 'untracked' ? t.deleteNewFileTitle : t.discardTitle}
          aria-label={t.discardPath(file.path)}
          data-testid="change-discard"
          onClick={(e) => stop(e, () => onDiscard([file]))}
        >
          ↶
        </button>
      )}
      <button type="button" className="change-action" title={t.stage} aria-label={t.stagePath(file.path)} data-testid="change-stage" onClick={(e) => stop(e, () => void actions.stage([file.path]))}>
        +
      </button>
    </span>
  );
}

function ChangeRow({ file, selected, onDiscard }: { file: GitFile; selected: boolean; onDiscard(files: GitFile[]): void }) {
  const t = useText(gitStrings);
  const { folder, name } = splitPath(file.path);
  const open = () => useUiStore.getState().openDiff(file.path);
  const title = t.rowTitle(file.path, statusWord(file.status), file.staged, file.origPath ?? null);
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
      <button type="button" className="change-open" onClick={(e) => (e.stopPropagation(), open())} aria-label={t.openDiffOf(title)}>
        <span className="name">{name}</span>
        {folder && <span className="dim">{folder}</span>}
      </button>
      <RowActions file={file} onDiscard={onDiscard} />
      <span className={`status-letter status-${file.status}`} aria-label={statusWord(file.status)}>
        {statusLetter[file.status]}
      </span>
    </div>
  );
}

function GroupActions({ group, onDiscard }: { group: ChangeGroup; onDiscard(files: GitFile[]): void }) {
  const t = useText(gitStrings);
  const actions = useGitActions();
  const paths = group.files.map((f) => f.path);
  if (group.id === 'staged') {
    return (
      <span className="change-actions">
        <button type="button" className="change-action" title={t.unstageAll} aria-label={t.unstageAll} data-testid="group-unstage" onClick={() => void actions.unstage(paths)}>
          −
        </button>
      </span>
    );
  }
  const discardable = group.files.filter((f) => f.status !== 'conflicted');
  return (
    <span className="change-actions">
      {discardable.length > 0 && (
        <button type="button" className="change-action" title={t.discardAllTitle} aria-label={t.discardAllOf(group.label)} data-testid="group-discard" onClick={() => onDiscard(discardable)}>
          ↶
        </button>
      )}
      <button type="button" className="change-action" title={t.stageAll} aria-label={t.stageAllOf(group.label)} data-testid="group-stage" onClick={() => void actions.stage(paths)}>
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
  const t = useText(gitStrings);
  const queryClient = useQueryClient();
  const status = useGitStatus();
  const editor = useUiStore((s) => s.editor);
  useGitRefresh();

  const actions = useGitActions();
  const [discarding, setDiscarding] = useState<GitFile[] | null>(null);
  const selectedPath = editor?.kind === 'diff' ? editor.path : null;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['git.status'] });

  let body: ReactNode;
  if (status.isPending) body = <div className="empty">{t.readingStatus}</div>;
  else if (status.isError) {
    body = (
      <div className="empty error-text" role="alert">
        {t.couldNotReadStatus(status.error.message)}
      </div>
    );
  } else if (status.data.gitMissing) {
    body = (
      <div className="empty" role="status" data-testid="changes-no-git">
        {t.gitMissing}
        <div className="changes-hint">
          <Marked text={t.installGit} part="https://git-scm.com/downloads" as="code" />
        </div>
      </div>
    );
  } else if (!status.data.isRepo) {
    body = (
      <div className="empty" data-testid="changes-not-repo">
        {t.notRepo}
        <div className="changes-hint">
          <Marked text={t.runGitInit} part="git init" as="code" />
        </div>
      </div>
    );
  } else {
    const groups = groupChanges(status.data.files);
    body = (
      <>
        <BranchLine status={status.data} />
        <RepoPrograms />
        <CommitBox status={status.data} />
        {groups.length === 0 ? (
          <div className="empty" data-testid="changes-clean">{t.clean}</div>
        ) : (
          groups.map((g) => <Group key={g.id} group={g} selectedPath={selectedPath} onDiscard={setDiscarding} />)
        )}
        {status.data.truncated && <div className="empty">{t.onlyFirst(status.data.files.length)}</div>}
      </>
    );
  }

  return (
    <div className="changes" data-testid="changes-panel">
      <div className="changes-toolbar">
        <button className="icon-button" onClick={refresh} title={t.refresh} aria-label={t.refreshAria}>
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
