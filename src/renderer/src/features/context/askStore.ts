import { create } from 'zustand';
import { useUiStore } from '../../appState/uiStore';
import { askMention, type LineRange } from './askText';

/**
 * "Ask the agent about this": the file viewer asks (its header button, its context menu) and the Agent view's box
 * that should answer takes the mention — the current session's message box while that session has not ended, else
 * the task box (features/agent/useAskInsert.ts decides and inserts). The viewer's selection is kept here so that
 * the header button can mention the selected lines too.
 */

export interface AskRequest {
  id: number;
  /** The mention to insert, with its trailing space. */
  text: string;
  /** The box chosen by the person when it was not clear (features/agent/askRoute.ts). */
  to?: 'task' | 'message';
}

interface AskState {
  request: AskRequest | null;
  /** The file viewer's selected lines (null: nothing selected). */
  selection: { path: string; lines: LineRange } | null;
  take(id: number): void;
  /** Sends the request to the box the person chose. */
  route(id: number, to: 'task' | 'message'): void;
  setSelection(selection: { path: string; lines: LineRange } | null): void;
}

let nextId = 1;

export const useAskStore = create<AskState>((set) => ({
  request: null,
  selection: null,
  take: (id) => set((s) => (s.request?.id === id ? { request: null } : s)),
  route: (id, to) => set((s) => (s.request?.id === id ? { request: { ...s.request, to } } : s)),
  setSelection: (selection) => set({ selection }),
}));

/** Opens the Agent view with `@path ` (or `@path:a-b ` for `lines`) put in the box that answers. */
export function askAgentAbout(path: string, lines: LineRange | null): void {
  useAskStore.setState({ request: { id: nextId++, text: askMention(path, lines) } });
  useUiStore.getState().setSidebar('agent');
}

/** The viewer's selection of `path` if any: what the header button mentions. */
export function selectionOf(path: string): LineRange | null {
  const s = useAskStore.getState().selection;
  return s && s.path === path ? s.lines : null;
}
