import type { AkiraClient } from '../../client/client';
import { filesWord } from './checkpointNames';
import { useTimelineStore } from './timelineStore';

/**
 * "Checkpoint now" (the Timeline's button and the command palette): one at a time; the Timeline shows what it
 * says under its button (`createNote`), and the caller gets the same words (null: one is being taken already).
 * The list itself follows `checkpoints.onChanged`.
 */
export async function checkpointNow(client: AkiraClient, label = ''): Promise<{ tone: 'ok' | 'error'; text: string } | null> {
  const { patch } = useTimelineStore.getState();
  if (useTimelineStore.getState().creating) return null;
  patch({ creating: true, createNote: null });
  let note: { tone: 'ok' | 'error'; text: string };
  try {
    const text = label.trim();
    const result = await client.invoke('checkpoints.create', text ? { label: text } : {});
    note = {
      tone: 'ok',
      text: result.unchanged
        ? `Nothing changed since #${result.n}.`
        : `Checkpoint #${result.n} taken: ${filesWord(result.filesChanged)} changed${result.skippedCount ? `, ${result.skippedCount} too large to capture` : ''}.`,
    };
  } catch (err) {
    note = { tone: 'error', text: `Could not take a checkpoint: ${(err as Error).message}` };
  } finally {
    patch({ creating: false });
  }
  patch({ createNote: note });
  return note;
}
