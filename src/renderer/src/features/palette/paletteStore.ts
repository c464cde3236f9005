import { create } from 'zustand';

/**
 * Which of the palette's dialogs is open: quick open (`files`, Ctrl+P) or the command palette (`commands`,
 * Ctrl+Shift+P, F1) — one place that switches between the two, as VS Code's — the Keyboard Shortcuts page, and
 * the question before the palette stops a session. `text` is what the input starts with (`:` for Go to Line).
 * `returnFocus` is where the focus was before the first of them opened: it goes back there once all are closed
 * (PaletteHost), unless what was run took it.
 */

export type PaletteMode = 'files' | 'commands';

interface PaletteState {
  mode: PaletteMode | null;
  /** What the input starts with; `opened` tells two openings apart (the input is reset each time). */
  text: string;
  opened: number;
  shortcuts: boolean;
  /** The session the palette's "Stop the Session…" asks about. */
  stopping: string | null;
  returnFocus: HTMLElement | null;
  show(mode: PaletteMode, text?: string): void;
  close(): void;
  showShortcuts(): void;
  hideShortcuts(): void;
  askStop(sessionId: string | null): void;
}

const anyOpen = (s: PaletteState) => s.mode !== null || s.shortcuts || s.stopping !== null;
const focused = () => (typeof document !== 'undefined' && document.activeElement instanceof HTMLElement ? document.activeElement : null);

export const usePaletteStore = create<PaletteState>((set) => {
  /** Remembers the focus when the first dialog opens (kept until PaletteHost has put it back). */
  const opening = (s: PaletteState) => s.returnFocus ?? (anyOpen(s) ? null : focused());
  return {
    mode: null,
    text: '',
    opened: 0,
    shortcuts: false,
    stopping: null,
    returnFocus: null,
    show: (mode, text = '') => set((s) => ({ returnFocus: opening(s), mode, text, opened: s.opened + 1, shortcuts: false })),
    close: () => set({ mode: null, text: '' }),
    showShortcuts: () => set((s) => ({ returnFocus: opening(s), shortcuts: true, mode: null })),
    hideShortcuts: () => set({ shortcuts: false }),
    askStop: (stopping) => set((s) => ({ returnFocus: stopping ? opening(s) : s.returnFocus, stopping, mode: stopping ? null : s.mode })),
  };
});

export const paletteStore = () => usePaletteStore.getState();
export const paletteOpen = (): boolean => anyOpen(usePaletteStore.getState());
