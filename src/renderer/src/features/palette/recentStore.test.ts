import { describe, expect, it } from 'vitest';
import { pushRecent, RECENT_FOLDERS_KEPT, useRecentStore } from './recentStore';

describe('pushRecent', () => {
  it('puts the item first, once, and keeps at most max', () => {
    expect(pushRecent([], 'a', 3)).toEqual(['a']);
    expect(pushRecent(['a', 'b', 'c'], 'c', 3)).toEqual(['c', 'a', 'b']);
    expect(pushRecent(['a', 'b', 'c'], 'd', 3)).toEqual(['d', 'a', 'b']);
  });
});

describe('useRecentStore', () => {
  it('keeps recent files per folder, newest first, and the newest folders only', () => {
    const s = useRecentStore.getState;
    s().openedFile('/w1', 'a.ts');
    s().openedFile('/w1', 'b.ts');
    s().openedFile('/w2', 'x.ts');
    s().openedFile('/w1', 'a.ts');
    expect(s().files['/w1']).toEqual(['a.ts', 'b.ts']);
    expect(s().files['/w2']).toEqual(['x.ts']);
    for (let i = 0; i < RECENT_FOLDERS_KEPT; i++) s().openedFile(`/other${i}`, 'f.ts');
    expect(Object.keys(s().files)).toHaveLength(RECENT_FOLDERS_KEPT);
    expect(s().files['/w1']).toBeUndefined();
  });
  it('keeps recently used commands newest first', () => {
    const s = useRecentStore.getState;
    s().usedCommand('terminal.toggle');
    s().usedCommand('view.files');
    s().usedCommand('terminal.toggle');
    expect(s().commands.slice(0, 2)).toEqual(['terminal.toggle', 'view.files']);
  });
});
