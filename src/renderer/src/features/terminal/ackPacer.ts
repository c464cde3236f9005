/**
 * When a terminal view acks the output xterm has parsed (issue 16). An ack per chunk costs a request and an
 * answer each (every 5 ms during a flood); the core only needs to hear before its window (256K unacknowledged,
 * see terminal.ack) fills. So acks go by watermark: as soon as `batch` characters were parsed since the last
 * ack, and otherwise at most `idleMs` after the first unacknowledged character was parsed (the tail of an output,
 * the echo of a keystroke). Acks are cumulative (`upTo`, the `end` of the last event parsed); for a core that
 * sends no `end`, counted (`chars` parsed since the previous ack).
 */
export interface AckPacerOptions {
  /** Characters parsed that trigger an ack at once (default 64K: four acks per window). */
  batch?: number;
  /** Longest wait before parsed output is acked (default 50 ms). */
  idleMs?: number;
  sendUpTo(upTo: number): void;
  sendChars(chars: number): void;
}

export interface AckPacer {
  /** xterm parsed `chars` characters of an event whose `end` is `end` (undefined: the core sent none). */
  parsed(chars: number, end?: number): void;
  /** Acks whatever is parsed and not acked yet. */
  flush(): void;
  /** Flushes and stops the timer. */
  dispose(): void;
}

export const ackDefaults = { batch: 64 * 1024, idleMs: 50 };

export function createAckPacer(options: AckPacerOptions): AckPacer {
  const batch = options.batch ?? ackDefaults.batch;
  const idleMs = options.idleMs ?? ackDefaults.idleMs;
  let parsedUpTo = 0;
  let ackedUpTo = 0;
  /** Characters parsed but not acked, from events without `end`. */
  let counted = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let disposed = false;

  function flush() {
    if (timer) clearTimeout(timer);
    timer = null;
    if (parsedUpTo > ackedUpTo) {
      ackedUpTo = parsedUpTo;
      counted = 0;
      options.sendUpTo(parsedUpTo);
    } else if (counted > 0) {
      const chars = counted;
      counted = 0;
      options.sendChars(chars);
    }
  }

  return {
    parsed(chars, end) {
      if (disposed) return;
      if (end !== undefined) parsedUpTo = Math.max(parsedUpTo, end);
      else counted += chars;
      if (parsedUpTo - ackedUpTo >= batch || counted >= batch) flush();
      else if (!timer && (parsedUpTo > ackedUpTo || counted > 0)) timer = setTimeout(flush, idleMs);
    },
    flush,
    dispose() {
      if (disposed) return;
      flush();
      disposed = true;
    },
  };
}
