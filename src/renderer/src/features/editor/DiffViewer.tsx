import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type * as Monaco from 'monaco-editor/editor/editor.api';
import { useClient } from '../../client/ClientContext';
import { languageOf } from './languageOf';
import { useMonaco } from './monacoLoader';
import { diffQuery, viewerOptions } from './editorQueries';
import { describeError, ViewerMessage } from '../../ui/ViewerMessage';
import { GitHunks, type HunkSide } from '../git/GitHunks';
import { editorStrings } from './editorStrings';
import { useText } from '../../i18n';

/** Above this many characters (both sides together) the diff uses the faster, older algorithm. */
const LARGE_DIFF_CHARS = 1_000_000;

interface Models {
  path: string;
  original: Monaco.editor.ITextModel;
  modified: Monaco.editor.ITextModel;
}

/** The two sides of a diff, from any source (git, checkpoints); null text = the file is absent on that side. */
export interface DiffSides {
  original: string | null;
  modified: string | null;
  binary: boolean;
  tooLarge?: boolean;
}

export interface DiffViewerProps {
  path: string;
  sideBySide: boolean;
  /** Undefined while loading. */
  sides: DiffSides | undefined;
  error?: Error | null;
  /** Shown when the file is absent on both sides. */
  absentMessage?: string;
  /** Scrolls to a line of one side (a new `seq` scrolls again). */
  reveal?: { side: HunkSide; line: number; seq: number } | null;
}

/**
 * Two versions of a file, read-only in Monaco's diff editor; the caller says where they come from.
 * Owns the diff editor and both models: creates them and disposes them.
 */
export function DiffViewer({ path, sideBySide, sides, error, absentMessage, reveal }: DiffViewerProps) {
  const t = useText(editorStrings);
  const diff = { data: sides, error: error ?? null };
  const { monaco, error: loadError } = useMonaco();
  const hostRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<Monaco.editor.IStandaloneDiffEditor | null>(null);
  const modelsRef = useRef<Models | null>(null);

  useEffect(() => {
    if (!monaco || !hostRef.current) return;
    const editor = monaco.editor.createDiffEditor(hostRef.current, {
      ...viewerOptions,
      originalEditable: false,
      renderSideBySide: sideBySide,
      enableSplitViewResizing: true,
      renderMarginRevertIcon: false,
      ignoreTrimWhitespace: false,
      renderOverviewRuler: true,
      minimap: { enabled: false },
    });
    editorRef.current = editor;
    return () => {
      editor.dispose();
      modelsRef.current?.original.dispose();
      modelsRef.current?.modified.dispose();
      modelsRef.current = null;
      editorRef.current = null;
    };
    // Created once per Monaco; sideBySide changes are applied by the next effect.
  }, [monaco]);

  useEffect(() => {
    editorRef.current?.updateOptions({ renderSideBySide: sideBySide });
  }, [sideBySide, monaco]);

  const data = diff.data && !diff.data.binary && !diff.data.tooLarge ? diff.data : null;
  const hasData = data !== null;
  const original = data?.original ?? null;
  const modified = data?.modified ?? null;
  useEffect(() => {
    const editor = editorRef.current;
    if (!monaco || !editor || !hasData) return;
    const left = original ?? '';
    const right = modified ?? '';
    const large = left.length + right.length > LARGE_DIFF_CHARS;
    editor.updateOptions({
      diffAlgorithm: large ? 'legacy' : 'advanced',
      maxComputationTime: large ? 1500 : 5000,
    });
    const current = modelsRef.current;
    if (current && current.path === path) {
      // The same file changed: update in place so the scroll position stays.
      if (current.original.getValue() !== left) current.original.setValue(left);
      if (current.modified.getValue() !== right) current.modified.setValue(right);
      return;
    }
    const language = languageOf(monaco, path);
    const next: Models = {
      path,
      original: monaco.editor.createModel(left, language),
      modified: monaco.editor.createModel(right, language),
    };
    editor.setModel({ original: next.original, modified: next.modified });
    modelsRef.current = next;
    current?.original.dispose();
    current?.modified.dispose();
  }, [monaco, path, original, modified, hasData]);

  useEffect(() => {
    const editor = editorRef.current;
    if (!editor || !reveal || !hasData) return;
    // Inline, only the working tree's side is shown.
    const side = reveal.side === 'original' && sideBySide ? editor.getOriginalEditor() : editor.getModifiedEditor();
    side.revealLineInCenter(reveal.line);
    side.setPosition({ lineNumber: reveal.line, column: 1 });
    side.focus();
  }, [reveal, hasData, sideBySide]);

  let message: ReactNode = null;
  if (loadError) message = <ViewerMessage tone="error">{t.couldNotLoadEditor(loadError.message)}</ViewerMessage>;
  else if (diff.error) message = <ViewerMessage tone="error">{describeError(diff.error)}</ViewerMessage>;
  else if (diff.data?.binary) message = <ViewerMessage>{t.binaryNoDiff}</ViewerMessage>;
  else if (diff.data?.tooLarge) message = <ViewerMessage>{t.tooLargeToDiff}</ViewerMessage>;
  else if (diff.data && diff.data.original === null && diff.data.modified === null) {
    message = <ViewerMessage>{absentMessage ?? t.absentOnBothSides}</ViewerMessage>;
  } else if (!diff.data || !monaco) message = <ViewerMessage>{t.loading}</ViewerMessage>;

  return (
    <div className="viewer" data-testid="diff-viewer" data-path={path}>
      <div className="monaco-host" ref={hostRef} hidden={!!message} />
      {message}
    </div>
  );
}

/** A file at HEAD (left) against the working tree (right), under its hunks with their git actions (GitHunks). */
export function GitDiffViewer({ path, sideBySide }: { path: string; sideBySide: boolean }) {
  const t = useText(editorStrings);
  const client = useClient();
  const diff = useQuery(diffQuery(client, path));
  const [reveal, setReveal] = useState<DiffViewerProps['reveal']>(null);
  return (
    <div className="git-diff">
      <GitHunks path={path} onReveal={(side, line) => setReveal((r) => ({ side, line, seq: (r?.seq ?? 0) + 1 }))} />
      <DiffViewer
        path={path}
        sideBySide={sideBySide}
        sides={diff.data}
        error={diff.error}
        absentMessage={t.absentInGit}
        reveal={reveal}
      />
    </div>
  );
}
