import type { AkiraClient } from '../../client/client';
import { textOf } from '../../i18n';
import { filesWord } from './checkpointNames';
import { timelineStrings } from './timelineStrings';
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
    const t = textOf(timelineStrings);
    note = {
      tone: 'ok',
      text: result.unchanged ? t.nothingChanged(result.n) : t.taken(result.n, filesWord(result.filesChanged), result.skippedCount),
    };
  } catch (err) {
    note = { tone: 'error', text: textOf(timelineStrings).couldNotTake((err as Error).message) };
  } finally {
    patch({ creating: false });
  }
  patch({ createNote: note });
  return note;
}
