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
import { watchRenderMode } from '../../ui/diffRenderMode';
import { layoutOf, type DiffLayout } from '../../ui/DiffLayoutButton';
import { lineCountOfFile, oneSideOf, oneSidedText, type OneSide } from './oneSidedDiff';

/** Above this many characters (both sides together) the diff uses the faster, older algorithm. */
const LARGE_DIFF_CHARS = 1_000_000;

interface Models {
  path: string;
  original: Monaco.editor.ITextModel;
  modified: Monaco.editor.ITextModel;
  /** A file on one side only: both models hold its lines (see oneSidedDiff.ts). */
  oneSide: OneSide | null;
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
  /** Told how Monaco really draws the diff (it goes inline by itself in a narrow pane). */
  onLayout?(layout: DiffLayout): void;
}

/**
 * Two versions of a file, read-only in Monaco's diff editor; the caller says where they come from.
 * Owns the diff editor and both models: creates them and disposes them.
 */
export function DiffViewer({ path, sideBySide, sides, error, absentMessage, reveal, onLayout }: DiffViewerProps) {
  const t = useText(editorStrings);
  const diff = { data: sides, error: error ?? null };
  const { monaco, error: loadError } = useMonaco();
  const hostRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<Monaco.editor.IStandaloneDiffEditor | null>(null);
  const modelsRef = useRef<Models | null>(null);
  const decoRef = useRef<Monaco.editor.IEditorDecorationsCollection | null>(null);
  const [rendered, setRendered] = useState<boolean | null>(null);
  const data = diff.data && !diff.data.binary && !diff.data.tooLarge ? diff.data : null;
  const hasData = data !== null;
  const original = data?.original ?? null;
  const modified = data?.modified ?? null;
  const oneSide = hasData ? oneSideOf(original, modified) : null;
  // A one-sided file has one column to show.
  const split = sideBySide && !oneSide;

  useEffect(() => {
    if (!monaco || !hostRef.current) return;
    const editor = monaco.editor.createDiffEditor(hostRef.current, {
      ...viewerOptions,
      originalEditable: false,
      renderSideBySide: split,
      enableSplitViewResizing: true,
      renderMarginRevertIcon: false,
      ignoreTrimWhitespace: false,
      renderOverviewRuler: true,
      minimap: { enabled: false },
    });
    editorRef.current = editor;
    decoRef.current = editor.getModifiedEditor().createDecorationsCollection();
    const unwatch = watchRenderMode(editor, setRendered);
    return () => {
      unwatch();
      decoRef.current = null;
      editor.dispose();
      modelsRef.current?.original.dispose();
      modelsRef.current?.modified.dispose();
      modelsRef.current = null;
      editorRef.current = null;
    };
    // Created once per Monaco; sideBySide changes are applied by the next effect.
  }, [monaco]);

  useEffect(() => {
    editorRef.current?.updateOptions({ renderSideBySide: split });
  }, [split, monaco]);

  const layout = layoutOf(sideBySide, rendered, !!oneSide);
  useEffect(() => onLayout?.(layout), [layout, onLayout]);

  useEffect(() => {
    const editor = editorRef.current;
    if (!monaco || !editor || !hasData) return;
    const alone = oneSide === 'added' ? modified : oneSide === 'deleted' ? original : null;
    const left = alone !== null ? oneSidedText(alone) : (original ?? '');
    const right = alone !== null ? left : (modified ?? '');
    const large = left.length + right.length > LARGE_DIFF_CHARS;
    editor.updateOptions({
      diffAlgorithm: large ? 'legacy' : 'advanced',
      maxComputationTime: large ? 1500 : 5000,
    });
    const current = modelsRef.current;
    const lines = alone !== null ? lineCountOfFile(alone) : 0;
    // Every line of a one-sided file is added (or deleted); set after the models, which a new model clears.
    const mark = () =>
      decoRef.current?.set(
        lines
          ? [{ range: new monaco.Range(1, 1, lines, 1), options: { isWholeLine: true, className: `diff-line-${oneSide}`, linesDecorationsClassName: `diff-sign-${oneSide}` } }]
          : [],
      );
    if (current && current.path === path && current.oneSide === oneSide) {
      // The same file changed: update in place so the scroll position stays.
      if (current.original.getValue() !== left) current.original.setValue(left);
      if (current.modified.getValue() !== right) current.modified.setValue(right);
      mark();
      return;
    }
    const language = languageOf(monaco, path);
    const next: Models = {
      path,
      oneSide,
      original: monaco.editor.createModel(left, language),
      modified: monaco.editor.createModel(right, language),
    };
    editor.setModel({ original: next.original, modified: next.modified });
    modelsRef.current = next;
    current?.original.dispose();
    current?.modified.dispose();
    mark();
  }, [monaco, path, original, modified, hasData, oneSide]);

  useEffect(() => {
    const editor = editorRef.current;
    if (!editor || !reveal || !hasData) return;
    // Inline, only the working tree's side is shown.
    const side = reveal.side === 'original' && split ? editor.getOriginalEditor() : editor.getModifiedEditor();
    side.revealLineInCenter(reveal.line);
    side.setPosition({ lineNumber: reveal.line, column: 1 });
    side.focus();
  }, [reveal, hasData, split]);

  let message: ReactNode = null;
  if (loadError) message = <ViewerMessage tone="error">{t.couldNotLoadEditor(loadError.message)}</ViewerMessage>;
  else if (diff.error) message = <ViewerMessage tone="error">{describeError(diff.error)}</ViewerMessage>;
  else if (diff.data?.binary) message = <ViewerMessage>{t.binaryNoDiff}</ViewerMessage>;
  else if (diff.data?.tooLarge) message = <ViewerMessage>{t.tooLargeToDiff}</ViewerMessage>;
  else if (diff.data && diff.data.original === null && diff.data.modified === null) {
    message = <ViewerMessage>{absentMessage ?? t.absentOnBothSides}</ViewerMessage>;
  } else if (!diff.data || !monaco) message = <ViewerMessage>{t.loading}</ViewerMessage>;

  return (
    <div className="viewer" data-testid="diff-viewer" data-path={path} data-one-side={oneSide ?? undefined}>
      <div className="monaco-host" ref={hostRef} hidden={!!message} />
      {message}
    </div>
  );
}

/** A file at HEAD (left) against the working tree (right), under its hunks with their git actions (GitHunks). */
export function GitDiffViewer({ path, sideBySide, onLayout }: { path: string; sideBySide: boolean; onLayout?(layout: DiffLayout): void }) {
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
        onLayout={onLayout}
      />
    </div>
  );
}
