import { describe, expect, it } from 'vitest';
import {
  activateTab,
  activeTab,
  CLOSED_KEPT,
  closeTab,
  closeTabs,
  emptyTabs,
  openTab,
  otherTabIds,
  pinTab,
  reopenClosed,
  setDirty,
  tabIdOf,
  type TabsState,
  type TabTarget,
} from './editorTabs';

const file = (path: string): TabTarget => ({ kind: 'file', path });
const preview = (s: TabsState, path: string) => openTab(s, file(path), { preview: true });
const pinned = (s: TabsState, path: string) => openTab(s, file(path), { preview: false });
const id = (path: string) => tabIdOf(file(path));
/** The tabs as `name` (pinned), `~name` (preview), with `*` when dirty, and `>` before the active one. */
const show = (s: TabsState) =>
  s.tabs.map((t) => `${t.id === s.activeId ? '>' : ''}${t.preview ? '~' : ''}${t.target.path}${t.dirty ? '*' : ''}`).join(' ');

describe('editor tabs', () => {
  it('a single click opens a preview that the next single click replaces in place', () => {
    let s = pinned(emptyTabs, 'a.ts');
    s = preview(s, 'b.ts');
    expect(show(s)).toBe('a.ts >~b.ts');
    s = preview(s, 'c.ts');
    expect(show(s)).toBe('a.ts >~c.ts');
    // The replaced preview counts as closed (Ctrl+Shift+T brings it back).
    expect(s.closed).toEqual([file('b.ts')]);
    // Clicking what is open only activates it.
    s = preview(s, 'a.ts');
    expect(show(s)).toBe('>a.ts ~c.ts');
  });

  it('a double click, pin or an edit keeps a preview; the next preview opens beside it', () => {
    let s = preview(emptyTabs, 'a.ts');
    s = pinned(s, 'a.ts'); // double click on the same file
    expect(show(s)).toBe('>a.ts');
    s = preview(s, 'b.ts');
    s = setDirty(s, id('b.ts'), true); // an edit pins
    expect(show(s)).toBe('a.ts >b.ts*');
    s = preview(s, 'c.ts');
    s = pinTab(s, id('c.ts')); // a double click on the tab
    s = preview(s, 'd.ts');
    expect(show(s)).toBe('a.ts b.ts* c.ts >~d.ts');
    // Saved again: no longer dirty, still pinned.
    s = setDirty(s, id('b.ts'), false);
    expect(s.tabs.find((t) => t.id === id('b.ts'))).toMatchObject({ dirty: false, preview: false });
  });

  it('new tabs open right of the active one; diffs and files of the same path are different tabs', () => {
    let s = pinned(emptyTabs, 'a.ts');
    s = pinned(s, 'b.ts');
    s = activateTab(s, id('a.ts'));
    s = pinned(s, 'c.ts');
    expect(show(s)).toBe('a.ts >c.ts b.ts');
    s = openTab(s, { kind: 'diff', path: 'a.ts' }, { preview: true });
    s = openTab(s, { kind: 'checkpointDiff', path: 'a.ts', from: null, to: 'now' }, { preview: false });
    expect(s.tabs.map((t) => t.id)).toEqual(['file:a.ts', 'file:c.ts', 'diff:a.ts', 'checkpointDiff:a.ts::now', 'file:b.ts']);
    expect(activeTab(s)?.target).toEqual({ kind: 'checkpointDiff', path: 'a.ts', from: null, to: 'now' });
  });

  it('closing activates the tab used most recently before; closing the last leaves nothing active', () => {
    let s = pinned(emptyTabs, 'a.ts');
    s = pinned(s, 'b.ts');
    s = pinned(s, 'c.ts');
    s = activateTab(s, id('a.ts'));
    s = activateTab(s, id('c.ts'));
    s = closeTab(s, id('c.ts'));
    expect(show(s)).toBe('>a.ts b.ts');
    s = closeTab(s, id('b.ts')); // not the active one: the active one stays
    expect(show(s)).toBe('>a.ts');
    s = closeTab(s, id('a.ts'));
    expect(s.tabs).toEqual([]);
    expect(s.activeId).toBeNull();
    expect(closeTab(s, id('nope.ts'))).toBe(s);
  });

  it('close others keeps one tab and remembers the rest in tab order', () => {
    let s = pinned(emptyTabs, 'a.ts');
    s = pinned(s, 'b.ts');
    s = pinned(s, 'c.ts');
    expect(otherTabIds(s, id('b.ts'))).toEqual([id('a.ts'), id('c.ts')]);
    s = closeTabs(s, otherTabIds(s, id('b.ts')));
    expect(show(s)).toBe('>b.ts');
    expect(s.closed).toEqual([file('a.ts'), file('c.ts')]);
  });

  it('reopen closed: the last closed first, pinned and active, skipping what is open again', () => {
    let s = pinned(emptyTabs, 'a.ts');
    s = preview(s, 'b.ts');
    s = pinned(s, 'c.ts');
    s = closeTab(s, id('b.ts'));
    s = closeTab(s, id('c.ts'));
    s = closeTab(s, id('a.ts'));
    expect(s.closed).toEqual([file('b.ts'), file('c.ts'), file('a.ts')]);

    s = reopenClosed(s);
    expect(show(s)).toBe('>a.ts');
    s = pinned(s, 'c.ts'); // opened again by hand meanwhile
    s = activateTab(s, id('a.ts'));
    s = reopenClosed(s); // c.ts is open: skipped; b.ts comes back pinned (it was a preview)
    expect(show(s)).toBe('a.ts >b.ts c.ts');
    expect(s.closed).toEqual([]);
    expect(reopenClosed(s)).toBe(s);
  });

  it('reopen closed when every closed tab is open again activates the last of them', () => {
    let s = pinned(emptyTabs, 'a.ts');
    s = pinned(s, 'b.ts');
    s = closeTab(s, id('a.ts'));
    s = pinned(s, 'a.ts');
    s = activateTab(s, id('b.ts'));
    s = reopenClosed(s);
    expect(activeTab(s)?.id).toBe(id('a.ts'));
    expect(s.closed).toEqual([]);
  });

  it('remembers at most CLOSED_KEPT closed tabs, dropping the oldest', () => {
    let s = emptyTabs;
    for (let i = 0; i <= CLOSED_KEPT; i++) s = closeTab(pinned(s, `f${i}.ts`), id(`f${i}.ts`));
    expect(s.closed).toHaveLength(CLOSED_KEPT);
    expect(s.closed[0]).toEqual(file('f1.ts'));
  });

  it('a dirty preview is never replaced (an edit pins it first; a stray dirty preview is kept too)', () => {
    let s = preview(emptyTabs, 'a.ts');
    s = { ...s, tabs: s.tabs.map((t) => ({ ...t, dirty: true })) };
    s = preview(s, 'b.ts');
    expect(show(s)).toBe('~a.ts* >~b.ts');
  });
});
