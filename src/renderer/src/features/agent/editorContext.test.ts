import { describe, expect, it } from 'vitest';
import { SELECTION_MAX_CHARS } from '../../../../shared/context/contextShapes';
import { emptyTabs, openTab, type TabsState } from '../../appState/editorTabs';
import { collectEditorChips, keptEditorContext, rangeRef, savedSelection, type EditorState } from './editorContext';

const file = (path: string) => ({ kind: 'file' as const, path });
function tabsOf(...paths: string[]): TabsState {
  return paths.reduce((s, p) => openTab(s, file(p), { preview: false }), emptyTabs);
}
const lines = (text: string) => (_path: string, range: { startLine: number; endLine: number }) => ({
  text: text.split('\n').slice(range.startLine - 1, range.endLine).join('\n'),
  unsaved: false,
});
const DOC = 'one\ntwo\nthree\nfour\nfive';

describe("collecting the editor's context as chips", () => {
  it('takes the active file, its selection with the range and text, and the open files', () => {
    const state: EditorState = { tabs: tabsOf('src/b.ts', 'src/a.ts'), selection: { path: 'src/a.ts', lines: { startLine: 2, endLine: 4 } }, textOf: lines(DOC) };
    expect(collectEditorChips(state)).toEqual([
      { key: 'file:src/a.ts', kind: 'file', path: 'src/a.ts' },
      { key: 'selection:src/a.ts:2-4', kind: 'selection', path: 'src/a.ts', startLine: 2, endLine: 4, text: 'two\nthree\nfour', unsaved: false, cut: false },
      { key: 'tabs', kind: 'tabs', paths: ['src/b.ts', 'src/a.ts'] },
    ]);
  });

  it("leaves out a selection of another file, a diff tab's path and an empty editor", () => {
    const withDiff = openTab(tabsOf('src/a.ts'), { kind: 'diff', path: 'src/z.ts' }, { preview: false });
    const chips = collectEditorChips({ tabs: withDiff, selection: { path: 'src/a.ts', lines: { startLine: 1, endLine: 1 } }, textOf: lines(DOC) });
    // The diff tab is active: no active file, no selection; the open files are only the file tabs.
    expect(chips).toEqual([{ key: 'tabs', kind: 'tabs', paths: ['src/a.ts'] }]);
    const other = collectEditorChips({ tabs: tabsOf('src/a.ts'), selection: { path: 'src/old.ts', lines: { startLine: 1, endLine: 2 } }, textOf: lines(DOC) });
    expect(other.map((c) => c.kind)).toEqual(['file', 'tabs']);
    expect(collectEditorChips({ tabs: emptyTabs, selection: null, textOf: lines(DOC) })).toEqual([]);
  });

  it('says a selection comes from unsaved edits, and bounds its text', () => {
    const long = 'x'.repeat(SELECTION_MAX_CHARS + 50);
    const [, selection] = collectEditorChips({ tabs: tabsOf('a.md'), selection: { path: 'a.md', lines: { startLine: 3, endLine: 3 } }, textOf: () => ({ text: long, unsaved: true }) });
    expect(selection).toMatchObject({ kind: 'selection', key: 'selection:a.md:3', unsaved: true, cut: true });
    expect(selection.kind === 'selection' && selection.text.length).toBe(SELECTION_MAX_CHARS);
  });

  it('sends only the chips the person kept', () => {
    const chips = collectEditorChips({ tabs: tabsOf('src/b.ts', 'src/a.ts'), selection: { path: 'src/a.ts', lines: { startLine: 1, endLine: 2 } }, textOf: lines(DOC) });
    expect(keptEditorContext(chips, new Set())).toEqual({
      activeFile: 'src/a.ts',
      selection: { path: 'src/a.ts', startLine: 1, endLine: 2, text: 'one\ntwo', unsaved: false, cut: false },
      openTabs: ['src/b.ts', 'src/a.ts'],
    });
    expect(keptEditorContext(chips, new Set(['file:src/a.ts', 'tabs']))).toEqual({ selection: { path: 'src/a.ts', startLine: 1, endLine: 2, text: 'one\ntwo', unsaved: false, cut: false } });
    expect(keptEditorContext(chips, new Set(chips.map((c) => c.key)))).toBeUndefined();
  });

  it("reads the selection a file's tab keeps (its saved view state), whichever way it was made", () => {
    const state = (start: [number, number], position: [number, number]) => ({ cursorState: [{ selectionStart: { lineNumber: start[0], column: start[1] }, position: { lineNumber: position[0], column: position[1] } }] });
    expect(savedSelection(state([3, 1], [4, 40]))).toEqual({ startLine: 3, endLine: 4 });
    expect(savedSelection(state([5, 1], [2, 3]))).toEqual({ startLine: 2, endLine: 4 }); // upwards, ending at line 5's first column
    expect(savedSelection(state([2, 3], [2, 3]))).toBeNull(); // a caret, no selection
    expect(savedSelection(null)).toBeNull();
  });

  it('names a range as the mentions do', () => {
    expect(rangeRef('src/a.ts', 12, 30)).toBe('src/a.ts:12-30');
    expect(rangeRef('src/a.ts', 7, 7)).toBe('src/a.ts:7');
  });
});
