import { describe, expect, it } from 'vitest';
import { commandItems } from './commandItems';

const actions = [
  { id: 'view.files', category: 'View', title: 'Show Files' },
  { id: 'terminal.toggle', category: 'Terminal', title: 'Toggle Terminal' },
  { id: 'terminal.new', category: 'Terminal', title: 'New Terminal' },
  { id: 'layout.sidebar', category: 'View', title: 'Toggle Sidebar' },
  { id: 'checkpoint.now', category: 'Checkpoints', title: 'Checkpoint Now' },
];
const ids = (query: string, recent: string[] = []) => commandItems(actions, query, recent).map((c) => c.action.id);

describe('commandItems', () => {
  it('lists everything by label for an empty query, the recently used first (newest first)', () => {
    expect(ids('')).toEqual(['checkpoint.now', 'terminal.new', 'terminal.toggle', 'view.files', 'layout.sidebar']);
    expect(ids('', ['layout.sidebar', 'terminal.new'])).toEqual(['layout.sidebar', 'terminal.new', 'checkpoint.now', 'terminal.toggle', 'view.files']);
  });
  it('filters fuzzily on "Category: Title", without a ">"', () => {
    expect(ids('toggle term')).toEqual(['terminal.toggle']);
    expect(ids('tgsb')).toEqual(['layout.sidebar']);
    expect(ids('zzz')).toEqual([]);
    const [first] = commandItems(actions, 'sidebar', []);
    expect(first.label).toBe('View: Toggle Sidebar');
    expect(first.positions).toEqual([13, 14, 15, 16, 17, 18, 19]);
  });
  it('ranks by the match, but the recently used matching ones first', () => {
    expect(ids('terminal')).toEqual(['terminal.new', 'terminal.toggle']);
    expect(ids('terminal', ['terminal.toggle'])).toEqual(['terminal.toggle', 'terminal.new']);
    expect(ids('terminal', ['view.files'])).toEqual(['terminal.new', 'terminal.toggle']);
  });
});
