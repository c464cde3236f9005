import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTION_TOAST_MS, TOAST_MS } from '../../ui/toastTimers';
import { useRestoreStore } from './restoreStore';

const message = () => useRestoreStore.getState().toast?.message ?? null;

describe('the restore banner goes by itself (issue 14)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useRestoreStore.setState({ toast: null });
  });
  afterEach(() => vi.useRealTimers());

  it('after a restore (with Undo) later than a plain notice; an error stays', () => {
    const store = useRestoreStore.getState();
    store.showToast({ kind: 'info', message: 'Forked a new session' });
    vi.advanceTimersByTime(TOAST_MS);
    expect(message()).toBeNull();
    store.showToast({ kind: 'restored', message: 'Restored', undoId: 'cp1' });
    vi.advanceTimersByTime(ACTION_TOAST_MS - 1);
    expect(message()).toBe('Restored');
    vi.advanceTimersByTime(1);
    expect(message()).toBeNull();
    store.showToast({ kind: 'error', message: 'Could not undo the restore', undoId: 'cp1' });
    vi.advanceTimersByTime(10 * 60_000);
    expect(message()).toBe('Could not undo the restore');
  });

  it('waits while hovered, and a newer banner is not cut short by the older one\'s timer', () => {
    const store = useRestoreStore.getState();
    store.showToast({ kind: 'restored', message: 'Restored', undoId: 'cp1' });
    store.holdToast('hover');
    vi.advanceTimersByTime(5 * 60_000);
    expect(message()).toBe('Restored');
    store.releaseToast('hover');
    vi.advanceTimersByTime(ACTION_TOAST_MS - 1_000);
    store.showToast({ kind: 'undone', message: 'Restore undone', undoId: 'cp2' });
    vi.advanceTimersByTime(ACTION_TOAST_MS - 1);
    expect(message()).toBe('Restore undone');
    vi.advanceTimersByTime(1);
    expect(message()).toBeNull();
  });
});
