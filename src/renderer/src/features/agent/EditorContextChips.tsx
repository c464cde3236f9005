import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { mentionFor } from '../../../../shared/context/mentions';
import { SELECTION_MAX_CHARS, type EditorContextInput } from '../../../../shared/context/contextShapes';
import { useUiStore } from '../../appState/uiStore';
import { useClient } from '../../client/ClientContext';
import { useAskStore } from '../context/askStore';
import type { LineRange } from '../context/askText';
import { resolveQuery } from '../context/contextQueries';
import { KIND_ICON, tokensText } from '../context/contextWords';
import { bufferOf, isDirty } from '../editor/fileBuffers';
import { usePrefsStore, useReasonText, useText } from '../../i18n';
import { collectEditorChips, keptEditorContext, rangeRef, savedSelection, type EditorChip, type EditorState } from './editorContext';
import { editorChipStrings } from './editorChipStrings';

/** The selected lines' text as the editor's buffer holds it (whole lines), and whether it has unsaved edits. */
function bufferText(path: string, lines: LineRange): { text: string; unsaved: boolean } | null {
  const buffer = bufferOf(path);
  if (!buffer || buffer.model.isDisposed()) return null;
  const { model } = buffer;
  const end = Math.min(lines.endLine, model.getLineCount());
  if (lines.startLine > end) return null;
  const text = model.getValueInRange({ startLineNumber: lines.startLine, startColumn: 1, endLineNumber: end, endColumn: model.getLineMaxColumn(end) });
  return { text, unsaved: isDirty(buffer) };
}

/** The active file's selection: the viewer's live one, else the one its tab keeps (the Agent view hides the viewer). */
function selectionNow(tabs: EditorState['tabs'], live: EditorState['selection']): EditorState['selection'] {
  const active = tabs.tabs.find((t) => t.id === tabs.activeId);
  if (active?.target.kind !== 'file') return null;
  const path = active.target.path;
  if (live?.path === path) return live;
  const lines = savedSelection(bufferOf(path)?.viewState);
  return lines ? { path, lines } : null;
}

export interface EditorContextChipsState {
  chips: EditorChip[];
  removed: ReadonlySet<string>;
  remove(key: string): void;
  /** What agent.start sends (the editor read afresh, the removed chips left out); undefined: nothing, or turned off. */
  kept(): EditorContextInput | undefined;
  /** After a start: every chip offered again. */
  reset(): void;
}

/**
 * The editor's context of the task box (issue 25): the chips of what the editor shows now (its tabs, the active
 * file's selection; the tab's dirty mark re-collects after an edit), minus those the person removed; none while
 * `ui.editorContext` is false.
 */
export function useEditorContextChips(): EditorContextChipsState {
  const on = usePrefsStore((s) => s.prefs.editorContext !== false);
  const tabs = useUiStore((s) => s.tabs);
  const selection = useAskStore((s) => s.selection);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const chips = on ? collectEditorChips({ tabs, selection: selectionNow(tabs, selection), textOf: bufferText }) : [];
  const kept = useCallback(() => {
    if (usePrefsStore.getState().prefs.editorContext === false) return undefined;
    const { tabs: tabsNow } = useUiStore.getState();
    const fresh = collectEditorChips({ tabs: tabsNow, selection: selectionNow(tabsNow, useAskStore.getState().selection), textOf: bufferText });
    return keptEditorContext(fresh, removed);
  }, [removed]);
  return {
    chips,
    removed,
    remove: (key) => setRemoved((r) => new Set([...r, key])),
    kept,
    reset: () => setRemoved(new Set()),
  };
}

/** The chips under the task box, "From the editor", each with a remove button. */
export function EditorContextChips({ state }: { state: EditorContextChipsState }) {
  const t = useText(editorChipStrings);
  const shown = state.chips.filter((c) => !state.removed.has(c.key));
  if (!shown.length) return null;
  return (
    <div className="editor-ctx" data-testid="editor-context">
      <span className="editor-ctx-label" title={t.fromEditorTitle}>
        {t.fromEditor}
      </span>
      <ul className="ctx-chips" aria-label={t.fromEditor}>
        {shown.map((chip) => (
          <EditorChipItem key={chip.key} chip={chip} onRemove={() => state.remove(chip.key)} />
        ))}
      </ul>
    </div>
  );
}

function EditorChipItem({ chip, onRemove }: { chip: EditorChip; onRemove(): void }) {
  const t = useText(editorChipStrings);
  const client = useClient();
  const reasonText = useReasonText();
  const path = chip.kind === 'tabs' ? null : chip.path;
  // What the core would attach for the file: its size, or why it cannot (gone from disk).
  const preview = useQuery({ ...resolveQuery(client, path ? mentionFor(path) : ''), enabled: path !== null });
  const found = preview.data?.attachments[0];
  const missing = found?.error ? reasonText(found.error, found.errorWords) : null;
  let label: string;
  let detail: string | null = null;
  let bad = false;
  let title: string;
  if (chip.kind === 'file') {
    label = chip.path;
    detail = missing ?? (found ? tokensText(found.tokens) : null);
    bad = missing !== null;
    title = `${t.activeFile}: ${chip.path}${missing ? ` — ${missing}` : ''}`;
  } else if (chip.kind === 'selection') {
    label = rangeRef(chip.path, chip.startLine, chip.endLine);
    const notes = [chip.unsaved ? t.unsaved : null, missing ? t.selectionNotOnDisk : null, chip.cut ? t.cut(SELECTION_MAX_CHARS.toLocaleString()) : null].filter(Boolean);
    detail = notes.length ? notes.join(' · ') : null;
    title = `${t.selection}: ${label}${notes.length ? ` — ${notes.join('; ')}` : ''}\n\n${chip.text.slice(0, 600)}`;
  } else {
    label = t.openTabs(chip.paths.length);
    title = chip.paths.join('\n');
  }
  const refText = chip.kind === 'tabs' ? 'open-tabs' : label;
  return (
    <li className={`ctx-chip ${bad ? 'ctx-chip-bad' : ''}`} data-testid="editor-chip" data-kind={chip.kind} data-ref={refText} title={title}>
      <span className="ctx-chip-icon" aria-hidden="true">
        {KIND_ICON[chip.kind]}
      </span>
      <span className="ctx-chip-ref">{label}</span>
      {detail && (
        <span className={bad ? 'ctx-chip-error' : 'ctx-chip-size'} data-testid="editor-chip-note">
          {detail}
        </span>
      )}
      <button type="button" className="ctx-chip-remove" aria-label={t.remove(label)} onClick={onRemove} data-testid="editor-chip-remove">
        ×
      </button>
    </li>
  );
}
