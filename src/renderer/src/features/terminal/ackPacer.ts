/**
 * When a terminal view acks the output xterm has parsed (issue 16).
 *
 * Fewer acks: an ack per chunk costs a request and an answer each (every 5 ms during a flood); the core only needs
 * to hear before its window (256K unacknowledged, see terminal.ack) fills. So acks go by watermark: as soon as
 * `batch` characters more can be acked, and otherwise at most `idleMs` after output was parsed (the tail of an
 * output, the echo of a keystroke).
 *
 * A smaller window of its own, if asked: while xterm is behind what arrived, the view holds back `coreWindow - window`
 * of its ack, so at most `window` characters wait in xterm's queue. That queue is what Ctrl+C waits for (the program
 * stops at once; what was sent must still be drawn), without asking the core for a smaller window (the contract
 * promises other clients 256K). Once xterm has caught up, everything parsed is acked. The view uses the whole 256K:
 * measured on the build machines (bench/terminal/RESULTS.md), a 128K window made Ctrl+C no faster (median 51 ms
 * against 41 ms, five tries each) and `seq` slower (0.80× the bare reference against 1.14×).
 *
 * Acks are cumulative (`upTo`, the `end` of the last event parsed); for a core that sends no `end`, counted
 * (`chars` parsed since the previous ack, no holding back).
 */
export interface AckPacerOptions {
  /** Characters that trigger an ack at once (default 32K). */
  batch?: number;
  /** Longest wait before parsed output is acked (default 50 ms). */
  idleMs?: number;
  /** The core's window (the contract's 256K). */
  coreWindow?: number;
  /** The most characters this view lets wait in xterm's queue (default: the core's window). */
  window?: number;
  sendUpTo(upTo: number): void;
  sendChars(chars: number): void;
}

export interface AckPacer {
  /** An event arrived and went to xterm: its `end` (undefined: the core sent none). */
  received(end?: number): void;
  /** xterm parsed `chars` characters of an event whose `end` is `end` (undefined: the core sent none). */
  parsed(chars: number, end?: number): void;
  /** Acks everything parsed and not acked yet. */
  flush(): void;
  /** Flushes and stops the timer. */
  dispose(): void;
}

export const ackDefaults = { batch: 32 * 1024, idleMs: 50, coreWindow: 256 * 1024, window: 256 * 1024 };

export function createAckPacer(options: AckPacerOptions): AckPacer {
  const batch = options.batch ?? ackDefaults.batch;
  const idleMs = options.idleMs ?? ackDefaults.idleMs;
  const reserve = Math.max(0, (options.coreWindow ?? ackDefaults.coreWindow) - (options.window ?? ackDefaults.window));
  let receivedUpTo = 0;
  let parsedUpTo = 0;
  let ackedUpTo = 0;
  /** Characters parsed but not acked, from events without `end`. */
  let counted = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let disposed = false;

  /** How far an ack may go now: all that was parsed once xterm caught up, else short of it by the reserve. */
  const target = () => (parsedUpTo >= receivedUpTo ? parsedUpTo : Math.max(ackedUpTo, parsedUpTo - reserve));

  function ackUpTo(upTo: number) {
    if (upTo <= ackedUpTo) return;
    ackedUpTo = upTo;
    options.sendUpTo(upTo);
  }

  function sendCounted() {
    if (counted <= 0) return;
    const chars = counted;
    counted = 0;
    options.sendChars(chars);
  }

  function arm() {
    if (timer || disposed || (parsedUpTo <= ackedUpTo && counted === 0)) return;
    timer = setTimeout(() => {
      timer = null;
      ackUpTo(target());
      sendCounted();
      arm();
    }, idleMs);
  }

  function flush() {
    if (timer) clearTimeout(timer);
    timer = null;
    ackUpTo(parsedUpTo);
    sendCounted();
  }

  return {
    received(end) {
      if (end !== undefined) receivedUpTo = Math.max(receivedUpTo, end);
    },
    parsed(chars, end) {
      if (disposed) return;
      if (end !== undefined) parsedUpTo = Math.max(parsedUpTo, end);
      else counted += chars;
      if (target() - ackedUpTo >= batch) ackUpTo(target());
      if (counted >= batch) sendCounted();
      arm();
    },
    flush,
    dispose() {
      if (disposed) return;
      flush();
      disposed = true;
    },
  };
}
