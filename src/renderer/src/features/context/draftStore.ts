import { useCallback } from 'react';
import { create } from 'zustand';
import type { AttachedImage } from './useImageAttachments';

/**
 * What is typed in a task or message box and the images given to it, kept while the box is not shown (the Agent
 * panel unmounts when another view opens), so that "Ask the agent about this" from the file viewer adds to a task
 * being written instead of replacing it. Keyed by box: `task`, `message:<sessionId>`.
 */

interface Draft {
  text: string;
  images: AttachedImage[];
}

interface DraftState {
  drafts: Record<string, Draft>;
  patch(key: string, patch: Partial<Draft>): void;
}

const EMPTY: Draft = { text: '', images: [] };

export const useDraftStore = create<DraftState>((set) => ({
  drafts: {},
  patch: (key, patch) => set((s) => ({ drafts: { ...s.drafts, [key]: { ...(s.drafts[key] ?? EMPTY), ...patch } } })),
}));

export const draftOf = (key: string): Draft => useDraftStore.getState().drafts[key] ?? EMPTY;

/** The box's text and its setter (stable per key). */
export function useDraftText(key: string): [string, (text: string) => void] {
  const text = useDraftStore((s) => s.drafts[key]?.text ?? '');
  const setText = useCallback((t: string) => useDraftStore.getState().patch(key, { text: t }), [key]);
  return [text, setText];
}
