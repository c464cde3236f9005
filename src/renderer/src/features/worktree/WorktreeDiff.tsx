import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AgentEventType } from '../../../../shared/contract';
import { useClient } from '../../client/ClientContext';
import { agentEventHub } from '../agent/agentEventHub';
import { message } from '../agent/sessionFormat';
import { DIFF_STATUS, diffFileNote, diffSummary, worktreeDiffKey, type WorktreeDiffFile } from '../agent/worktreeWords';
import { DiffViewer } from '../editor/DiffViewer';
import { DiffLayoutButton, layoutOf, type DiffLayout } from '../../ui/DiffLayoutButton';
import { useText } from '../../i18n';
import { worktreeStrings } from './worktreeStrings';
import '../editor/editor.css';
import './worktree.css';

/** The session's events after which its branch may hold other changes (the diff is fetched again, settled). */
const CHANGING: ReadonlySet<AgentEventType> = new Set<AgentEventType>(['change_applied', 'command_finished', 'rollback', 'session_completed', 'session_failed', 'session_stopped', 'worktree_merged']);
const SETTLE_MS = 400;

/**
 * A worktree session's changes against its base (agent.worktreeDiff: committed or not): the files with their
 * status on the left, the selected one's before / after in the shared Monaco diff viewer (editor/DiffViewer.tsx,
 * which says binary and too-large files in words). Follows the session's events while it is shown.
 *
 * Its own folder, given to the session view by App.tsx (`<SessionView diffView={…} />`): the editor's diff viewer
 * reaches the timeline, which reaches the agent, so the agent folder cannot import it (src/architecture.test.ts).
 */
export function WorktreeDiff({ sessionId, base }: { sessionId: string; base: string }) {
  const t = useText(worktreeStrings);
  const client = useClient();
  const queryClient = useQueryClient();
  const diff = useQuery({ queryKey: worktreeDiffKey(sessionId), queryFn: () => client.invoke('agent.worktreeDiff', { sessionId }), staleTime: 0, retry: false });
  const [selected, setSelected] = useState<string | null>(null);
  const [sideBySide, setSideBySide] = useState(true);
  const [layout, setLayout] = useState<DiffLayout | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const off = agentEventHub(client).listen((entry) => {
      if (entry.kind !== 'agent' || entry.event.sessionId !== sessionId || !CHANGING.has(entry.event.type)) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: worktreeDiffKey(sessionId) }), SETTLE_MS);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, [client, queryClient, sessionId]);

  const files = diff.data?.files ?? [];
  const file = files.find((f) => f.path === selected) ?? files[0] ?? null;

  return (
    <section className="worktree-diff" aria-label={t.diffAgainstBase} data-testid="worktree-diff">
      <div className="worktree-diff-files">
        <div className="worktree-diff-head">
          <span className="worktree-diff-summary" data-testid="worktree-diff-summary">
            {diff.data ? diffSummary(files.length, base) : diff.error ? t.couldNotRead : t.reading}
          </span>
          <button type="button" className="icon-button" title={t.readAgain} aria-label={t.readAgain} onClick={() => void diff.refetch()} data-testid="worktree-diff-refresh">
            ↻
          </button>
        </div>
        {diff.error && (
          <div className="error-text worktree-diff-error" role="alert">
            {message(diff.error)}
          </div>
        )}
        <ul className="worktree-diff-list" role="listbox" aria-label={t.changedFiles}>
          {files.map((f) => (
            <FileRow key={f.path} file={f} selected={f === file} onSelect={() => setSelected(f.path)} />
          ))}
        </ul>
      </div>
      <div className="worktree-diff-view">
        {file ? (
          <>
            <div className="editor-header worktree-diff-file-head">
              <span className="path" title={file.path} data-testid="worktree-diff-path">
                {file.path}
              </span>
              {file.oldPath && <span className="folder">{t.fromPath(file.oldPath)}</span>}
              {file.symlinkTarget !== undefined && (
                <span className="folder" title={t.linkTo(file.symlinkTarget)}>
                  → {file.symlinkTarget}
                </span>
              )}
              <span className={`tag wt-status-${file.status}`}>{DIFF_STATUS[file.status].word}</span>
              <span className="spacer" />
              <DiffLayoutButton className="header-button" layout={layout ?? layoutOf(sideBySide, null, false)} onToggle={() => setSideBySide((v) => !v)} />
            </div>
            <DiffViewer
              path={file.path}
              sideBySide={sideBySide}
              sides={{ original: file.before, modified: file.after, binary: file.binary, tooLarge: file.tooLarge }}
              onLayout={setLayout}
            />
          </>
        ) : (
          <div className="viewer-message">{diff.data ? t.nothingYet : ''}</div>
        )}
      </div>
    </section>
  );
}

function FileRow({ file, selected, onSelect }: { file: WorktreeDiffFile; selected: boolean; onSelect(): void }) {
  const t = useText(worktreeStrings);
  const status = DIFF_STATUS[file.status];
  const note = diffFileNote(file);
  const slash = file.path.lastIndexOf('/');
  return (
    <li>
      <button
        type="button"
        role="option"
        aria-selected={selected}
        className={`worktree-diff-file ${selected ? 'selected' : ''}`}
        onClick={onSelect}
        title={t.fileTitle(file.path, status.word, file.oldPath ?? null, note)}
        data-testid="worktree-diff-file"
        data-path={file.path}
        data-status={file.status}
      >
        <span className={`wt-letter wt-status-${file.status}`} aria-label={status.word}>
          {status.letter}
        </span>
        <span className="wt-name">{slash >= 0 ? file.path.slice(slash + 1) : file.path}</span>
        {slash >= 0 && <span className="wt-dir">{file.path.slice(0, slash)}</span>}
        {note && <span className="wt-note">{file.binary ? t.binary : t.tooLarge}</span>}
        {file.symlinkTarget !== undefined && (
          <span className="wt-note wt-link" title={t.linkTo(file.symlinkTarget)} data-testid="worktree-diff-link">
            → {file.symlinkTarget}
          </span>
        )}
      </button>
    </li>
  );
}
