/**
 * The SSE face's memory of recent events: every event of the core's bus, serialised once as an SSE frame
 * (`id: <seq>\nevent: <name>\ndata: <json>\n\n`, UTF-8) and shared by every reader. Bounded by a count and
 * by bytes (the oldest go first, the newest always stays), so `Last-Event-ID` can resume a reader that
 * dropped off, and a slow reader reads at its own pace from here instead of from memory of its own.
 */
import type { EventEnvelope } from '../../shared/contract';
import type { EventBus } from '../core/eventBus';

export interface ReplayEntry {
  seq: number;
  event: string;
  frame: Buffer;
}

export interface EventReplayOptions {
  /** Most events held (default 10,000). */
  maxEvents?: number;
  /** Most frame bytes held (default 16 MB). */
  maxBytes?: number;
}

export interface EventReplay {
  /** The seq of the oldest event held, or null before the first event. */
  oldest(): number | null;
  /** The seq of the newest event held, or null before the first event. */
  latest(): number | null;
  /**
   * The seq of the first event this buffer ever held (null before it): events before it were never held, so
   * a reader asking for them lost nothing here (e.g. `Last-Event-ID: 0` on a server started after the core).
   */
  first(): number | null;
  /** The first event held whose seq is `seq` or later (undefined when there is none yet). */
  from(seq: number): ReplayEntry | undefined;
  /** Called after each event is appended (and older ones evicted). */
  onAppend(listener: () => void): () => void;
  /** Events and bytes held now. */
  size(): { events: number; bytes: number };
  close(): void;
}

/** One event as an SSE frame. JSON.stringify never emits a raw line break, so `data` is one line. */
export function sseFrame(seq: number, event: string, data: unknown): Buffer {
  return Buffer.from(`id: ${seq}\nevent: ${event}\ndata: ${JSON.stringify(data ?? null)}\n\n`, 'utf8');
}

export function createEventReplay(bus: EventBus, options: EventReplayOptions = {}): EventReplay {
  const maxEvents = options.maxEvents ?? 10_000;
  const maxBytes = options.maxBytes ?? 16 * 1024 * 1024;
  // A queue as an array with a moving head, compacted now and then (shift() would copy on every event).
  let entries: ReplayEntry[] = [];
  let head = 0;
  let bytes = 0;
  let first: number | null = null;
  const listeners = new Set<() => void>();

  const count = () => entries.length - head;

  function append(envelope: EventEnvelope): void {
    let frame: Buffer;
    try {
      frame = sseFrame(envelope.seq, envelope.event, envelope.data);
    } catch (err) {
      // A payload JSON cannot hold still takes its seq, so readers see no hole in the numbers.
      const message = `Unserialisable ${envelope.event} payload: ${(err as Error).message}`;
      frame = sseFrame(envelope.seq, envelope.event, { error: { code: 'internal', message } });
    }
    first ??= envelope.seq;
    entries.push({ seq: envelope.seq, event: envelope.event, frame });
    bytes += frame.length;
    while (count() > 1 && (count() > maxEvents || bytes > maxBytes)) {
      bytes -= entries[head].frame.length;
      head++;
    }
    if (head > 1024 && head * 2 > entries.length) {
      entries = entries.slice(head);
      head = 0;
    }
    for (const listener of listeners) listener();
  }

  const unsubscribe = bus.subscribe(append);

  return {
    oldest: () => (count() ? entries[head].seq : null),
    latest: () => (count() ? entries[entries.length - 1].seq : null),
    first: () => first,
    from(seq) {
      if (!count() || seq > entries[entries.length - 1].seq) return undefined;
      if (seq <= entries[head].seq) return entries[head];
      // The bus numbers events one by one, so the index is exact; a binary search covers any hole.
      const guess = entries[head + (seq - entries[head].seq)];
      if (guess?.seq === seq) return guess;
      let lo = head;
      let hi = entries.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (entries[mid].seq < seq) lo = mid + 1;
        else hi = mid;
      }
      return entries[lo];
    },
    onAppend(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    size: () => ({ events: count(), bytes }),
    close() {
      unsubscribe();
      listeners.clear();
      entries = [];
      head = 0;
      bytes = 0;
    },
  };
}
