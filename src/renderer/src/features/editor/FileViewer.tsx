import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type * as Monaco from 'monaco-editor/editor/editor.api';
import { useUiStore } from '../../appState/uiStore';
import { ClientError } from '../../client/client';
import { useClient } from '../../client/ClientContext';
import { askAgentAbout, useAskStore } from '../context/askStore';
import { selectedLines } from '../context/askText';
import { useMonaco } from './monacoLoader';
import { editorOptions, fileQuery } from './editorQueries';
import { fileStatus, useEditorFiles } from './editorFilesStore';
import { bufferOf, createBuffer, fileTabId, reportDirty, type FileBuffer } from './fileBuffers';
import { reloadFile, syncFromDisk } from './fileDisk';
import { useAutoSaveFor } from './autoSave';
import { useGitGutter } from './useGitGutter';
import { formatBytes, ViewerMessage, describeError } from '../../ui/ViewerMessage';
import { editorStrings } from './editorStrings';
import { textOf, useText } from '../../i18n';

/**
 * A workspace file in Monaco, editable (issue 13). The text lives in the file's buffer (fileBuffers.ts), which outlives
 * this component while the tab is open; this owns only the editor: it creates it, attaches the buffer (with its view
 * state) and disposes it. Reads of the file (react-query, refreshed by useDiskSync) reload the buffer or mark it
 * changed on disk (fileDisk.ts). Its context menu has "Ask the agent about this" (the file, or the selected lines),
 * and its selection is kept for the header's button; `banner` goes above the text (the agent's pending change). The
 * gutter marks the lines that differ from HEAD (useGitGutter.ts).
 */
export function FileViewer({ path, banner }: { path: string; banner?: ReactNode }) {
  const t = useText(editorStrings);
  const client = useClient();
  const queryClient = useQueryClient();
  const deps = useMemo(() => ({ client, queryClient }), [client, queryClient]);
  const file = useQuery(fileQuery(client, path));
  const { monaco, error: loadError } = useMonaco();
  const hostRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<Monaco.editor.IStandaloneCodeEditor | null>(null);
  const [buffer, setBuffer] = useState<FileBuffer | null>(() => bufferOf(path) ?? null);
  const status = useEditorFiles((s) => fileStatus(s, path));
  const dirty = useUiStore((s) => s.tabs.tabs.some((t) => t.id === fileTabId(path) && t.dirty));
  const reveal = useUiStore((s) => (s.reveal?.path === path ? s.reveal : null));
  const pathRef = useRef(path);
  pathRef.current = path;

  useEffect(() => {
    if (!monaco || !hostRef.current) return;
    const editor = monaco.editor.create(hostRef.current, { ...editorOptions, model: null });
    editorRef.current = editor;
    editor.addAction({
      id: 'akira.askAgent',
      label: textOf(editorStrings).askAgentAction,
      contextMenuGroupId: 'navigation',
      contextMenuOrder: 0,
      run: (ed) => askAgentAbout(pathRef.current, selectedLines(ed.getSelection())),
    });
    const selection = editor.onDidChangeCursorSelection(({ selection: sel }) => {
      const lines = selectedLines(sel);
      useAskStore.getState().setSelection(lines ? { path: pathRef.current, lines } : null);
    });
    return () => {
      selection.dispose();
      // The view state (its selection too) is kept first: the task box's editor context reads it once the live selection is gone.
      const open = bufferOf(pathRef.current);
      if (open && editor.getModel() === open.model) open.viewState = editor.saveViewState();
      if (useAskStore.getState().selection?.path === pathRef.current) useAskStore.getState().setSelection(null);
      editor.setModel(null); // the buffer's model stays for the tab
      editor.dispose();
      editorRef.current = null;
    };
  }, [monaco]);

  // Each read: the first one makes the buffer, later ones reload it or mark it changed on disk.
  const data = file.data;
  const gone = file.error instanceof ClientError && file.error.code === 'not_found';
  useEffect(() => {
    if (!monaco) return;
    if (data) syncFromDisk(path, data);
    else if (gone) syncFromDisk(path, null);
    let next = bufferOf(path) ?? null;
    if (!next && data && !data.binary) next = createBuffer(monaco, data);
    setBuffer(next);
  }, [monaco, path, data, gone]);

  useEffect(() => {
    const editor = editorRef.current;
    if (!editor) return;
    if (!buffer || buffer.model.isDisposed()) {
      editor.setModel(null);
      return;
    }
    if (editor.getModel() !== buffer.model) {
      editor.setModel(buffer.model);
      if (buffer.viewState) editor.restoreViewState(buffer.viewState);
      reportDirty(buffer); // the tab may be new (closed without asking, then reopened)
    }
    editor.updateOptions({ readOnly: buffer.readOnly, domReadOnly: buffer.readOnly });
  }, [monaco, buffer]);

  useAutoSaveFor(deps, buffer);
  useGitGutter(buffer && !buffer.model.isDisposed() ? buffer.model : null, path);

  // A line asked for (quick open's `:line:column`, a search result): shown once, with the focus.
  useEffect(() => {
    const editor = editorRef.current;
    if (!reveal || !editor || !buffer || editor.getModel() !== buffer.model) return;
    if (reveal.line) {
      // A host shown just now (hidden while the file loaded) is measured at once, not at the next resize callback:
      // revealing in a viewport of height 0 would leave the line out of sight.
      editor.layout();
      editor.setPosition({ lineNumber: reveal.line, column: reveal.column });
      editor.revealLineInCenter(reveal.line);
    }
    editor.focus();
    useUiStore.setState({ reveal: null });
  }, [reveal, buffer, monaco]);

  let message: ReactNode = null;
  if (loadError) message = <ViewerMessage tone="error">{t.couldNotLoadEditor(loadError.message)}</ViewerMessage>;
  else if (!buffer && file.isError) message = <ViewerMessage tone="error">{describeError(file.error)}</ViewerMessage>;
  else if (!buffer && file.data?.binary) {
    message = <ViewerMessage>{t.binaryNotShown(formatBytes(file.data.size))}</ViewerMessage>;
  } else if (!buffer || !monaco) message = <ViewerMessage>{t.loading}</ViewerMessage>;

  const changedUnderEdits = !!buffer && status.diskChanged && dirty;
  return (
    <div className="viewer" data-testid="file-viewer" data-path={path}>
      {banner}
      {changedUnderEdits && (
        <div className="viewer-banner disk-changed-banner" role="status" data-testid="disk-changed-banner">
          <span>{status.diskHash === null ? t.deletedUnderEdits : t.changedUnderEdits}</span>
          <button className="banner-button" onClick={() => useEditorFiles.getState().setConflict({ path, currentHash: status.diskHash })} data-testid="disk-changed-compare">
            {t.compareEllipsis}
          </button>
          <button className="banner-button" onClick={() => void reloadFile(deps, path)} data-testid="disk-changed-reload">
            {t.discardMineAndReload}
          </button>
        </div>
      )}
      {buffer?.readOnly && file.data?.truncated && (
        <div className="viewer-banner" role="status">
          {t.largeFile(formatBytes(file.data.size), formatBytes(file.data.content.length))}
        </div>
      )}
      {/* monaco-component: the theme's colour variables reach the context menu, which Monaco puts in a shadow root beside the editor. */}
      <div className="monaco-host monaco-component" ref={hostRef} hidden={!!message} />
      {message}
    </div>
  );
}
