import { MAX_OPEN_TABS, SELECTION_MAX_CHARS, type EditorContextInput } from '../../../../shared/context/contextShapes';
import { activeTab, type TabsState } from '../../appState/editorTabs';
import { selectedLines, type LineRange } from '../context/askText';

/**
 * The editor's context of a new task (issue 25, seed 003's context collector), pure: from the editor's state (its
 * tabs, the active file's selected lines and the text its buffer holds) the chips shown under the task box, and
 * from the chips the person kept what agent.start sends (`editorContext`). A removed chip is left out by its key,
 * so the same file or selection stays removed while the editor shows it, and a new one comes back as a chip.
 *
 *   const chips = collectEditorChips({tabs, selection, textOf});   keptEditorContext(chips, removed)
 */

export interface EditorState {
  tabs: TabsState;
  /** The file viewer's selected lines (features/context/askStore.ts). */
  selection: { path: string; lines: LineRange } | null;
  /** The lines' text as the editor's buffer holds it, and whether the buffer has unsaved edits; null: no buffer. */
  textOf(path: string, lines: LineRange): { text: string; unsaved: boolean } | null;
}

export type EditorChip =
  | { key: string; kind: 'file'; path: string }
  | { key: string; kind: 'selection'; path: string; startLine: number; endLine: number; text: string; unsaved: boolean; cut: boolean }
  | { key: string; kind: 'tabs'; paths: string[] };

/** `src/a.ts:12-30`, `src/a.ts:7`: how a selection is named on its chip and to the model. */
export const rangeRef = (path: string, startLine: number, endLine: number) => `${path}:${startLine === endLine ? startLine : `${startLine}-${endLine}`}`;

export const TABS_KEY = 'tabs';

type Pos = { lineNumber: number; column: number };

/**
 * The lines selected in a file's saved view state (Monaco's `cursorState`, kept by its buffer while the Agent view
 * fills the editor area), or null: the selection the file's tab shows again when it comes back.
 */
export function savedSelection(viewState: { cursorState?: readonly { selectionStart: Pos; position: Pos }[] } | null | undefined): LineRange | null {
  const cursor = viewState?.cursorState?.[0];
  if (!cursor) return null;
  const [a, b] = [cursor.selectionStart, cursor.position];
  const [from, to] = a.lineNumber < b.lineNumber || (a.lineNumber === b.lineNumber && a.column <= b.column) ? [a, b] : [b, a];
  return selectedLines({ startLineNumber: from.lineNumber, startColumn: from.column, endLineNumber: to.lineNumber, endColumn: to.column });
}

/** The chips of the editor's state: the active file, its selection (when it has one), the open files' names. */
export function collectEditorChips(state: EditorState): EditorChip[] {
  const chips: EditorChip[] = [];
  const active = activeTab(state.tabs);
  const path = active?.target.kind === 'file' ? active.target.path : null;
  if (path) {
    chips.push({ key: `file:${path}`, kind: 'file', path });
    const sel = state.selection?.path === path ? state.selection.lines : null;
    const held = sel ? state.textOf(path, sel) : null;
    if (sel && held) {
      const cut = held.text.length > SELECTION_MAX_CHARS;
      chips.push({
        key: `selection:${rangeRef(path, sel.startLine, sel.endLine)}`,
        kind: 'selection',
        path,
        startLine: sel.startLine,
        endLine: sel.endLine,
        text: cut ? held.text.slice(0, SELECTION_MAX_CHARS) : held.text,
        unsaved: held.unsaved,
        cut,
      });
    }
  }
  const files = [...new Set(state.tabs.tabs.flatMap((t) => (t.target.kind === 'file' ? [t.target.path] : [])))].slice(0, MAX_OPEN_TABS);
  if (files.length) chips.push({ key: TABS_KEY, kind: 'tabs', paths: files });
  return chips;
}

/** What agent.start sends of the chips the person did not remove; undefined when nothing is left. */
export function keptEditorContext(chips: readonly EditorChip[], removed: ReadonlySet<string>): EditorContextInput | undefined {
  const out: EditorContextInput = {};
  for (const chip of chips) {
    if (removed.has(chip.key)) continue;
    if (chip.kind === 'file') out.activeFile = chip.path;
    else if (chip.kind === 'selection') {
      const { path, startLine, endLine, text, unsaved, cut } = chip;
      out.selection = { path, startLine, endLine, text, unsaved, cut };
    } else out.openTabs = chip.paths;
  }
  return Object.keys(out).length ? out : undefined;
}
