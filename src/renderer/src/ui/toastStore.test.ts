import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTION_TOAST_MS, TOAST_MS, useToasts } from './toastStore';

const shown = () => useToasts.getState().toasts.map((t) => t.title);

describe('toasts go by themselves (issue 14)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useToasts.setState({ toasts: [] });
  });
  afterEach(() => vi.useRealTimers());

  it('an info or success toast goes after a few seconds, one with an action later', () => {
    const { push } = useToasts.getState();
    push({ tone: 'ok', title: 'Committed' });
    push({ tone: 'info', title: 'Note' });
    push({ tone: 'ok', title: 'Discarded', action: { label: 'Undo', run: () => undefined } });
    expect(TOAST_MS).toBeGreaterThanOrEqual(4_000);
    expect(ACTION_TOAST_MS).toBeGreaterThan(TOAST_MS);
    vi.advanceTimersByTime(TOAST_MS - 1);
    expect(shown()).toEqual(['Committed', 'Note', 'Discarded']);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual(['Discarded']);
    vi.advanceTimersByTime(ACTION_TOAST_MS - TOAST_MS);
    expect(shown()).toEqual([]);
  });

  it('an error stays until it is closed', () => {
    const id = useToasts.getState().push({ tone: 'bad', title: 'Could not stage a.txt' });
    vi.advanceTimersByTime(10 * 60_000);
    expect(shown()).toEqual(['Could not stage a.txt']);
    useToasts.getState().dismiss(id);
    expect(shown()).toEqual([]);
  });

  it('waits while hovered or focused, then counts on from where it was', () => {
    const id = useToasts.getState().push({ tone: 'ok', title: 'Switched to main.' });
    vi.advanceTimersByTime(TOAST_MS - 1_000);
    useToasts.getState().hold(id, 'hover');
    useToasts.getState().hold(id, 'focus');
    vi.advanceTimersByTime(60_000);
    expect(shown()).toEqual(['Switched to main.']);
    useToasts.getState().release(id, 'hover');
    vi.advanceTimersByTime(60_000);
    expect(shown()).toEqual(['Switched to main.']); // still focused
    useToasts.getState().release(id, 'focus');
    vi.advanceTimersByTime(999);
    expect(shown()).toEqual(['Switched to main.']);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual([]);
  });

  it('an explicit time wins, and a toast replaced by key takes its timer with it', () => {
    const { push } = useToasts.getState();
    push({ tone: 'ok', title: 'Checkpoint #3 taken' }, 2_000);
    push({ tone: 'wait', title: 'paused', key: 's1' });
    push({ tone: 'ok', title: 'completed', key: 's1', action: { label: 'View', run: () => undefined } });
    vi.advanceTimersByTime(2_000);
    expect(shown()).toEqual(['completed']);
    vi.advanceTimersByTime(TOAST_MS);
    expect(shown()).toEqual(['completed']);
  });
});
