import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useUiStore } from '../../appState/uiStore';
import { useClient } from '../../client/ClientContext';
import { askAgentAbout, selectionOf } from '../context/askStore';
import { useGitRefresh } from '../git/useGitRefresh';
import { CheckpointDiffTag, CheckpointDiffViewer } from './CheckpointDiffViewer';
import { GitDiffViewer } from './DiffViewer';
import { DiffLayoutButton, layoutOf, type DiffLayout } from '../../ui/DiffLayoutButton';
import { CloseDirtyDialog } from './CloseDirtyDialog';
import { ConflictDialog } from './ConflictDialog';
import { EditorTabs } from './EditorTabs';
import { FileViewer } from './FileViewer';
import { diffQuery } from './editorQueries';
import { useDiskSync } from './useDiskSync';
import { editorStrings } from './editorStrings';
import { useText } from '../../i18n';
import './editor.css';

function splitPath(path: string): { folder: string; name: string } {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? { folder: '', name: path } : { folder: path.slice(0, slash), name: path.slice(slash + 1) };
}

/** The diff's result, shared with DiffViewer (same query key). */
function useDiff(path: string) {
  const client = useClient();
  return useQuery(diffQuery(client, path)).data;
}

/** What the diff compares, in words: a new file, a deleted one, or a change. */
function DiffKind({ path }: { path: string }) {
  const t = useText(editorStrings);
  const d = useDiff(path);
  if (!d || d.binary || d.tooLarge) return null;
  if (d.original === null && d.modified !== null) return <span className="tag tag-added">{t.newFile}</span>;
  if (d.original !== null && d.modified === null) return <span className="tag tag-deleted">{t.deleted}</span>;
  return <span className="tag">{t.headVsWorkingTree}</span>;
}

/** Opens the working-tree file; absent when the file was deleted. */
function OpenFileButton({ path }: { path: string }) {
  const t = useText(editorStrings);
  const d = useDiff(path);
  if (d && d.modified === null && !d.binary && !d.tooLarge) return null;
  return (
    <button className="header-button" onClick={() => useUiStore.getState().openFile(path)} title={t.openWorkingTreeFile}>
      {t.openFile}
    </button>
  );
}

/** Opens the Agent view with `@<path> ` (or the selected lines, `@<path>:a-b `) in its task or message box. */
function AskAgentButton({ path }: { path: string }) {
  const t = useText(editorStrings);
  return (
    <button
      className="header-button"
      onClick={() => askAgentAbout(path, selectionOf(path))}
      title={t.askAgentTitle}
      data-testid="ask-agent"
    >
      {t.askAgent}
    </button>
  );
}

/**
 * The editor area: the tab bar (EditorTabs) over the active tab — a file in the editor (FileViewer: edit, Ctrl+S saves
 * through the core), a file's diff against HEAD, or a file between two checkpoints — or a calm empty state. A file's
 * header has "Ask the agent" (features/context/askStore.ts); `fileBanner` puts a bar above a file (App gives the
 * review's "the agent proposes a change to this file"); `emptyState` replaces the empty state's words (App gives the first screen). The disk sync and the dialogs (a save conflict, closing
 * unsaved edits) live here too; the keys (Ctrl+S, Ctrl+W, Ctrl+Shift+T) are the app's registry's (features/palette).
 */
export function EditorArea({ fileBanner, emptyState }: { fileBanner?: (path: string) => ReactNode; emptyState?: ReactNode }) {
  const t = useText(editorStrings);
  const target = useUiStore((s) => s.editor);
  const client = useClient();
  const queryClient = useQueryClient();
  const deps = useMemo(() => ({ client, queryClient }), [client, queryClient]);
  const [sideBySide, setSideBySide] = useState(true);
  const [layout, setLayout] = useState<DiffLayout | null>(null);

  useGitRefresh();
  useDiskSync(deps);

  const dialogs = (
    <>
      <ConflictDialog deps={deps} />
      <CloseDirtyDialog deps={deps} />
    </>
  );
  if (!target) {
    return (
      <div className="editor-empty" data-testid="editor-empty">
        {emptyState ?? (
          <>
            <div className="editor-empty-title">{t.nothingOpen}</div>
            <div>{t.emptyHint}</div>
          </>
        )}
        <div className="editor-empty-keys">
          <kbd>Ctrl+S</kbd> {t.keySave} · <kbd>Ctrl+W</kbd> {t.keyClose} · <kbd>Ctrl+Shift+T</kbd> {t.keyReopen} · <kbd>Ctrl+G</kbd> {t.keyGoToLine}
        </div>
        {dialogs}
      </div>
    );
  }

  const { folder, name } = splitPath(target.path);
  return (
    <div className="editor-pane">
      <EditorTabs />
      <div className="editor-header" data-testid="editor-header">
        <span className="path" title={target.path}>
          {name}
        </span>
        {folder && <span className="folder">{folder}</span>}
        {target.kind === 'diff' && <DiffKind path={target.path} />}
        {target.kind === 'checkpointDiff' && <CheckpointDiffTag path={target.path} from={target.from} to={target.to} />}
        <span className="spacer" />
        {target.kind === 'file' && <AskAgentButton path={target.path} />}
        {target.kind !== 'file' && (
          <>
            <DiffLayoutButton className="header-button" testId="diff-layout-toggle" layout={layout ?? layoutOf(sideBySide, null, false)} onToggle={() => setSideBySide((v) => !v)} />
            {target.kind === 'diff' && <OpenFileButton path={target.path} />}
          </>
        )}
      </div>
      {target.kind === 'file' ? (
        <FileViewer key={`file:${target.path}`} path={target.path} banner={fileBanner?.(target.path)} />
      ) : target.kind === 'diff' ? (
        <GitDiffViewer key={`diff:${target.path}`} path={target.path} sideBySide={sideBySide} onLayout={setLayout} />
      ) : (
        <CheckpointDiffViewer
          key={`checkpointDiff:${target.path}:${target.from}:${target.to}`}
          path={target.path}
          from={target.from}
          to={target.to}
          sideBySide={sideBySide}
          onLayout={setLayout}
        />
      )}
      {dialogs}
    </div>
  );
}
