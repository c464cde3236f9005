/**
 * Routes `terminal.onData` (one subscription for the whole panel) to the view of each terminal.
 * A view attaches by asking for its terminal's replay (recent output); until that answer arrived,
 * live output for it is dropped: the transport is ordered, so whatever came before the answer is in
 * the replay, and whatever comes after is new. The same holds for a shell this page just started
 * (its first prompt may arrive before its tab renders), a reload and a reconnect.
 */
export interface TerminalSink {
  /** `end`: the event's offset in the terminal's output (terminal.onData `end`), for cumulative acks. */
  write(data: string, end?: number): void;
}

export interface Attachment {
  /** The replay was written: live output flows to the sink from now on. */
  replayDone(): void;
  detach(): void;
}

export interface TerminalRouter {
  push(terminalId: string, data: string, end?: number): void;
  attach(terminalId: string, sink: TerminalSink): Attachment;
  /** Forgets a terminal (closed). */
  forget(terminalId: string): void;
}

export function createTerminalRouter(): TerminalRouter {
  const sinks = new Map<string, { sink: TerminalSink; live: boolean }>();

  return {
    push(terminalId, data, end) {
      const entry = sinks.get(terminalId);
      if (entry?.live) entry.sink.write(data, end);
    },
    attach(terminalId, sink) {
      const entry = { sink, live: false };
      sinks.set(terminalId, entry);
      return {
        replayDone: () => {
          entry.live = true;
        },
        detach: () => {
          if (sinks.get(terminalId) === entry) sinks.delete(terminalId);
        },
      };
    },
    forget(terminalId) {
      sinks.delete(terminalId);
    },
  };
}
