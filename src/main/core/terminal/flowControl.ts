/**
 * Flow control of one terminal. Output handed to clients counts as unacknowledged until a client acks
 * what it rendered; above `high` the pty is paused (the program writing blocks, memory stays bounded),
 * below `low` it resumes. If the pty stays paused with no ack for `stallMs`, the client is taken to be
 * gone: the terminal turns unattended (reading resumes, output only goes to the replay buffer) until
 * a client acks or asks for a replay again.
 */
export interface FlowControl {
  /** Counts characters handed to clients. */
  sent(chars: number): void;
  /** A client rendered `chars` characters. Returns true when this re-attached an unattended terminal. */
  ack(chars: number): boolean;
  /** A client attached (replay): forget what earlier clients left unacknowledged. */
  attach(): void;
  attended(): boolean;
  stats(): FlowStats;
  dispose(): void;
}

export interface FlowStats {
  paused: boolean;
  unacked: number;
  attended: boolean;
}

export interface FlowOptions {
  high?: number;
  low?: number;
  stallMs?: number;
  /** Start with a reader (default) or unattended until a client acks or attaches. */
  attended?: boolean;
  pause(): void;
  resume(): void;
}

export const flowDefaults = { high: 256 * 1024, low: 32 * 1024, stallMs: 3000 };

export function createFlowControl(options: FlowOptions): FlowControl {
  const high = options.high ?? flowDefaults.high;
  const low = options.low ?? flowDefaults.low;
  const stallMs = options.stallMs ?? flowDefaults.stallMs;
  let unacked = 0;
  let paused = false;
  let attended = options.attended ?? true;
  let stallTimer: NodeJS.Timeout | null = null;

  function clearStall() {
    if (stallTimer) clearTimeout(stallTimer);
    stallTimer = null;
  }

  function armStall() {
    clearStall();
    stallTimer = setTimeout(() => {
      stallTimer = null;
      attended = false;
      unacked = 0;
      resume();
    }, stallMs);
    stallTimer.unref?.();
  }

  function pause() {
    if (paused) return;
    paused = true;
    options.pause();
    armStall();
  }

  function resume() {
    clearStall();
    if (!paused) return;
    paused = false;
    options.resume();
  }

  return {
    sent(chars) {
      if (!attended) return;
      unacked += chars;
      if (unacked > high) pause();
    },
    ack(chars) {
      if (!attended) {
        attended = true;
        unacked = 0;
        return true;
      }
      unacked = Math.max(0, unacked - chars);
      if (paused) {
        if (unacked < low) resume();
        else armStall();
      }
      return false;
    },
    attach() {
      attended = true;
      unacked = 0;
      resume();
    },
    attended: () => attended,
    stats: () => ({ paused, unacked, attended }),
    dispose: clearStall,
  };
}
