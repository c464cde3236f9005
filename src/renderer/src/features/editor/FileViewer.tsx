import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import type * as Monaco from 'monaco-editor/editor/editor.api';
import { useClient } from '../../client/ClientContext';
import { askAgentAbout, useAskStore } from '../context/askStore';
import { selectedLines } from '../context/askText';
import { languageOf } from './languageOf';
import { useMonaco } from './monacoLoader';
import { fileQuery, viewerOptions } from './editorQueries';
import { formatBytes, ViewerMessage, describeError } from '../../ui/ViewerMessage';

/**
 * A workspace file, read-only in Monaco. Owns its editor and model: creates them and disposes them. Its context menu
 * has "Ask the agent about this" (the file, or the selected lines), and its selection is kept for the header's button.
 */
export function FileViewer({ path }: { path: string }) {
  const client = useClient();
  const file = useQuery(fileQuery(client, path));
  const { monaco, error: loadError } = useMonaco();
  const hostRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<Monaco.editor.IStandaloneCodeEditor | null>(null);
  const modelPathRef = useRef<string | null>(null);
  const pathRef = useRef(path);
  pathRef.current = path;

  useEffect(() => {
    if (!monaco || !hostRef.current) return;
    const editor = monaco.editor.create(hostRef.current, { ...viewerOptions, model: null });
    editorRef.current = editor;
    editor.addAction({
      id: 'akira.askAgent',
      label: 'Ask the agent about this',
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
      if (useAskStore.getState().selection?.path === pathRef.current) useAskStore.getState().setSelection(null);
      const model = editor.getModel();
      editor.dispose();
      model?.dispose();
      editorRef.current = null;
      modelPathRef.current = null;
    };
  }, [monaco]);

  const text = file.data && !file.data.binary ? file.data.content : null;
  useEffect(() => {
    const editor = editorRef.current;
    if (!monaco || !editor || text === null) return;
    const current = editor.getModel();
    if (current && modelPathRef.current === path) {
      // Same file changed on disk: keep the scroll position and cursor.
      if (current.getValue() !== text) {
        const view = editor.saveViewState();
        current.setValue(text);
        if (view) editor.restoreViewState(view);
      }
      return;
    }
    const model = monaco.editor.createModel(text, languageOf(monaco, path));
    editor.setModel(model);
    modelPathRef.current = path;
    current?.dispose();
  }, [monaco, path, text]);

  let message: ReactNode = null;
  if (loadError) message = <ViewerMessage tone="error">Could not load the editor: {loadError.message}</ViewerMessage>;
  else if (file.isError) message = <ViewerMessage tone="error">{describeError(file.error)}</ViewerMessage>;
  else if (file.data?.binary) {
    message = <ViewerMessage>Binary file ({formatBytes(file.data.size)}) — not shown.</ViewerMessage>;
  } else if (!file.data || !monaco) message = <ViewerMessage>Loading…</ViewerMessage>;

  return (
    <div className="viewer" data-testid="file-viewer" data-path={path}>
      {file.data?.truncated && !file.data.binary && (
        <div className="viewer-banner" role="status">
          Large file ({formatBytes(file.data.size)}): showing the first {formatBytes(file.data.content.length)}.
        </div>
      )}
      {/* monaco-component: the theme's colour variables reach the context menu, which Monaco puts in a shadow root beside the editor. */}
      <div className="monaco-host monaco-component" ref={hostRef} hidden={!!message} />
      {message}
    </div>
  );
}
