import { useEffect, useRef, useState } from 'react';
import type * as Monaco from 'monaco-editor/editor/editor.api';
import { languageOf } from '../editor/languageOf';
import { useMonaco } from '../editor/monacoLoader';
import { viewerOptions } from '../editor/editorQueries';
import { ViewerMessage } from '../../ui/ViewerMessage';
import { diffOverride, reviewDiffOptions } from './diffOptions';
import { hunkAnchorLine, type Hunk } from './hunks';
import { setEditFlusher } from './reviewActions';
import { useReviewStore, type PendingItem } from './reviewStore';
import { reviewStrings } from './reviewStrings';
import { editorStrings } from '../editor/editorStrings';
import { textOf, useText } from '../../i18n';
import { watchRenderMode } from '../../ui/diffRenderMode';
import { layoutOf, type DiffLayout } from '../../ui/DiffLayoutButton';

/** How long typing on the right side settles before the hunks are computed again. */
const EDIT_SETTLE_MS = 150;

export interface ReviewDiffEditorProps {
  /** Null: nothing to show (the editor stays, hidden, so the next change does not pay for a new one). */
  item: (PendingItem & { change: NonNullable<PendingItem['change']> }) | null;
  hunks: Hunk[];
  rejected: ReadonlySet<string>;
  hunkIndex: number;
  sideBySide: boolean;
  /** Escape in the editor: give the keyboard back to the review. */
  onLeave(): void;
  /** Told how Monaco really draws the diff (inline by itself when the pane is narrow). */
  onLayout?(layout: DiffLayout): void;
}

interface Models {
  key: string;
  original: Monaco.editor.ITextModel;
  modified: Monaco.editor.ITextModel;
  /** A new file: the left model mirrors the right one (see isNewFile). */
  mirror: boolean;
}

/**
 * A proposed new file (or text for an empty one) has nothing on the left, but Monaco counts an empty text as one
 * empty line and shows it deleted (a red "1 −" line; monaco-editor#630). So such a change is shown inline with a
 * left model that mirrors the right one (Monaco finds no difference) and its lines are marked added by the
 * review's own hunk decorations.
 */
export const isNewFile = (change: NonNullable<PendingItem['change']>): boolean => change.kind !== 'delete' && !change.before;

/**
 * A proposed change in Monaco's diff editor: the file as it is (left, read-only) and as the agent
 * would write it (right, editable before approval unless it is a deletion). Hunks show their state in
 * the right side's gutter (✓ accepted, ✕ rejected: click to toggle) and rejected hunks are struck
 * through. Owns the diff editor and its models.
 */
export function ReviewDiffEditor({ item, hunks, rejected, hunkIndex, sideBySide, onLeave, onLayout }: ReviewDiffEditorProps) {
  const t = useText(reviewStrings);
  const editorWords = useText(editorStrings);
  const { monaco, error } = useMonaco();
  const hostRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<Monaco.editor.IStandaloneDiffEditor | null>(null);
  const modelsRef = useRef<Models | null>(null);
  const decoRef = useRef<{ left: Monaco.editor.IEditorDecorationsCollection; right: Monaco.editor.IEditorDecorationsCollection } | null>(null);
  /** How many changes Monaco's diff found, per item (1 for a big file with many hunks: it gave up). */
  const [monacoChanges, setMonacoChanges] = useState<{ key: string; count: number } | null>(null);
  const live = useRef({ hunks, item, onLeave });
  live.current = { hunks, item, onLeave };
  const editable = item?.change.kind !== 'delete';
  const newFile = !!item && isNewFile(item.change);
  const split = sideBySide && !newFile;
  const [rendered, setRendered] = useState<boolean | null>(null);
  const layout = layoutOf(sideBySide, rendered, newFile);
  useEffect(() => onLayout?.(layout), [layout, onLayout]);

  // The editor: once per Monaco.
  useEffect(() => {
    if (!monaco || !hostRef.current) return;
    const editor = monaco.editor.createDiffEditor(hostRef.current, {
      ...viewerOptions,
      readOnly: false,
      domReadOnly: false,
      originalEditable: false,
      renderSideBySide: split,
      useInlineViewWhenSpaceIsLimited: true,
      renderSideBySideInlineBreakpoint: 760,
      enableSplitViewResizing: true,
      renderMarginRevertIcon: false,
      renderGutterMenu: false,
      ignoreTrimWhitespace: false,
      renderOverviewRuler: true,
      glyphMargin: true,
      minimap: { enabled: false },
    });
    editorRef.current = editor;
    const unwatch = watchRenderMode(editor, setRendered);
    // Monaco stops its diff worker when the last model goes away (between two waiting changes) and a new
    // worker costs a script load and parse per change: an empty model keeps it alive while the view is open.
    const keepAlive = monaco.editor.createModel('', 'plaintext');
    const right = editor.getModifiedEditor();
    decoRef.current = { left: editor.getOriginalEditor().createDecorationsCollection(), right: right.createDecorationsCollection() };

    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      const models = modelsRef.current;
      if (models) useReviewStore.getState().setEdited(models.key, models.modified.getValue());
    };
    setEditFlusher(flush);
    const typing = right.onDidChangeModelContent(() => {
      const models = modelsRef.current;
      if (models?.mirror) models.original.setValue(models.modified.getValue());
      if (timer) clearTimeout(timer);
      timer = setTimeout(flush, EDIT_SETTLE_MS);
    });
    const clicks = right.onMouseDown((e) => {
      if (e.target.type !== monaco.editor.MouseTargetType.GUTTER_GLYPH_MARGIN) return;
      const line = e.target.position?.lineNumber;
      const count = right.getModel()?.getLineCount() ?? 1;
      const hunk = live.current.hunks.find((h) => hunkAnchorLine(h, count) === line);
      const current = live.current.item;
      if (hunk && current) useReviewStore.getState().toggleHunk(current.key, hunk.key);
    });
    right.addCommand(monaco.KeyCode.Escape, () => live.current.onLeave(), '!suggestWidgetVisible && !findWidgetVisible');
    // The diff is on screen: mark it (bench/review measures from the arrival mark to this one).
    const shown = editor.onDidUpdateDiff(() => {
      const key = modelsRef.current?.key;
      const host = hostRef.current;
      if (!key) return;
      setMonacoChanges({ key, count: editor.getLineChanges()?.length ?? 0 });
      if (!host || host.dataset.diffReady === key) return;
      const computedAt = performance.now();
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          if (modelsRef.current?.key !== key) return;
          host.dataset.diffReady = key;
          // detail.lineChanges: a diff that gave up shows the whole file as one change.
          performance.mark('akira.review.diff-visible', { detail: { changeId: key.slice(key.indexOf('/') + 1), computedAt, lineChanges: editor.getLineChanges()?.length ?? null } });
        }),
      );
    });
    return () => {
      unwatch();
      flush();
      setEditFlusher(null);
      typing.dispose();
      clicks.dispose();
      shown.dispose();
      editor.dispose();
      modelsRef.current?.original.dispose();
      modelsRef.current?.modified.dispose();
      modelsRef.current = null;
      editorRef.current = null;
      decoRef.current = null;
      keepAlive.dispose();
    };
    // Created once per Monaco; the other props are applied by the effects below.
  }, [monaco]);

  useEffect(() => {
    editorRef.current?.updateOptions({ renderSideBySide: split });
  }, [split, monaco]);

  // The models: new ones per waiting item (the person's edit survives switching items: it is in the store).
  const key = item?.key ?? null;
  useEffect(() => {
    const editor = editorRef.current;
    if (!monaco || !editor) return;
    if ((modelsRef.current?.key ?? null) === key) return;
    const old = modelsRef.current;
    if (hostRef.current) delete hostRef.current.dataset.diffReady;
    if (!item || !key) {
      modelsRef.current = null;
      editor.setModel(null);
      old?.original.dispose();
      old?.modified.dispose();
      return;
    }
    const { change, edited } = item;
    const right = edited ?? change.after ?? '';
    const mirror = isNewFile(change);
    const left = mirror ? right : (change.before ?? '');
    // Detach the old pair first: new diff options would otherwise recompute its diff before the new one.
    if (old) editor.setModel(null);
    editor.updateOptions({
      ...reviewDiffOptions(left, right, diffOverride()),
      readOnly: !editable,
      readOnlyMessage: { value: textOf(reviewStrings).deletionAsWhole },
    });
    const language = languageOf(monaco, change.path);
    const next: Models = { key, mirror, original: monaco.editor.createModel(left, language), modified: monaco.editor.createModel(right, language) };
    modelsRef.current = next;
    editor.setModel({ original: next.original, modified: next.modified });
    performance.mark('akira.review.models-set', { detail: { changeId: key.slice(key.indexOf('/') + 1) } });
    old?.original.dispose();
    old?.modified.dispose();
    // Only a new item replaces the models; the person's typing must not be overwritten by the store.
  }, [monaco, key]);

  // Hunk marks: gutter glyphs, struck-through rejected lines, the selected hunk.
  useEffect(() => {
    const deco = decoRef.current;
    const models = modelsRef.current;
    if (!monaco || !deco || !models || models.key !== key) {
      deco?.left.clear();
      deco?.right.clear();
      return;
    }
    const count = models.modified.getLineCount();
    const right: Monaco.editor.IModelDeltaDecoration[] = [];
    const left: Monaco.editor.IModelDeltaDecoration[] = [];
    hunks.forEach((h, i) => {
      const no = rejected.has(h.key);
      const selected = i === hunkIndex;
      const anchor = hunkAnchorLine(h, count);
      right.push({
        range: new monaco.Range(anchor, 1, anchor, 1),
        options: {
          glyphMarginClassName: `review-glyph ${no ? 'review-glyph-rejected' : 'review-glyph-accepted'}${selected ? ' review-glyph-selected' : ''}`,
          glyphMarginHoverMessage: { value: t.hunkHover(i + 1, hunks.length, no) },
        },
      });
      if (h.afterEnd > h.afterStart && (no || selected || models.mirror)) {
        right.push({
          range: new monaco.Range(h.afterStart + 1, 1, h.afterEnd, 1),
          options: {
            isWholeLine: true,
            className: no ? 'review-hunk-rejected' : models.mirror ? 'review-line-added' : undefined,
            linesDecorationsClassName: selected ? 'review-hunk-selected' : undefined,
          },
        });
      }
      if (h.beforeEnd > h.beforeStart && no) {
        left.push({ range: new monaco.Range(h.beforeStart + 1, 1, h.beforeEnd, 1), options: { isWholeLine: true, className: 'review-hunk-kept' } });
      }
    });
    deco.right.set(right);
    deco.left.set(left);
  }, [monaco, key, hunks, rejected, hunkIndex, t]);

  // The selected hunk is brought into view.
  useEffect(() => {
    const editor = editorRef.current;
    const h = hunks[hunkIndex];
    if (!editor || !h || modelsRef.current?.key !== key) return;
    const right = editor.getModifiedEditor();
    right.revealLineInCenterIfOutsideViewport(hunkAnchorLine(h, right.getModel()?.getLineCount() ?? 1));
    // Only when the selection moves, not on every recomputation of the hunks.
  }, [hunkIndex, key]);

  if (error) return <ViewerMessage tone="error">{editorWords.couldNotLoadEditor(error.message)}</ViewerMessage>;
  const gaveUp = !!item && monacoChanges?.key === item.key && monacoChanges.count === 1 && hunks.length > 1;
  return (
    <div className="viewer review-diff" data-testid="review-diff" data-path={item?.change.path} data-editable={editable} hidden={!item}>
      {gaveUp && (
        <div className="viewer-banner" data-testid="review-diff-gave-up">
          {t.gaveUp(hunks.length)}
        </div>
      )}
      <div className="monaco-host" ref={hostRef} data-testid="review-diff-host" />
      {!monaco && <ViewerMessage>{editorWords.loading}</ViewerMessage>}
    </div>
  );
}
