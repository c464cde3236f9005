/**
 * Flow control of one terminal. Output handed to clients counts as unacknowledged until a client acks
 * what it rendered. Acks are cumulative (`upTo`: the `end` of the last `terminal.onData` rendered) or,
 * for older clients, a count of characters rendered since their previous ack (`chars`).
 *
 * The rule (the contract's `terminal.ack` says it to clients): the pty is paused while more than `high`
 * characters are unacknowledged (the program writing blocks, memory stays bounded) and resumes as soon
 * as an ack brings that down to `low` or less. `low` defaults to `high`, so a client acking in batches
 * of any size up to `high` (after every 64K, say) always resumes output.
 *
 * If the pty stays paused with no ack, the clients hear of it: after `stallMs / 3` the state turns
 * `paused`, after `stallMs` the client is taken to be gone and the terminal turns `unattended` (reading
 * resumes, output only goes to the replay buffer) until a client acks or asks for a replay again; then it
 * is `flowing` again. Each change of state is reported through `onState`.
 */
export type FlowState = 'flowing' | 'paused' | 'unattended';

export interface FlowAck {
  /** Characters rendered since this client's previous ack. */
  chars?: number;
  /** Cumulative: every character up to this offset of the terminal's output was rendered. */
  upTo?: number;
}

export interface FlowControl {
  /** Counts characters handed to clients. */
  sent(chars: number): void;
  /** A client rendered output. Returns true when this re-attached an unattended terminal. */
  ack(ack: FlowAck): boolean;
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
  state: FlowState;
}

export interface FlowOptions {
  high?: number;
  low?: number;
  stallMs?: number;
  /** Start with a reader (default) or unattended until a client acks or attaches. */
  attended?: boolean;
  pause(): void;
  resume(): void;
  /** The state changed (not called for the initial state). */
  onState?(state: FlowState): void;
}

export const flowDefaults = { high: 256 * 1024, stallMs: 3000 };

export function createFlowControl(options: FlowOptions): FlowControl {
  const high = options.high ?? flowDefaults.high;
  const low = Math.min(options.low ?? high, high);
  const stallMs = options.stallMs ?? flowDefaults.stallMs;
  const noticeMs = stallMs / 3;
  /** Characters handed to clients while attended, and how many of them were acknowledged. */
  let handed = 0;
  let acked = 0;
  let paused = false;
  let attended = options.attended ?? true;
  let state: FlowState = attended ? 'flowing' : 'unattended';
  let stallTimer: NodeJS.Timeout | null = null;

  const unacked = () => handed - acked;

  function setState(next: FlowState) {
    if (next === state) return;
    state = next;
    options.onState?.(next);
  }

  function clearStall() {
    if (stallTimer) clearTimeout(stallTimer);
    stallTimer = null;
  }

  /** (Re)starts the wait for an ack: `paused` after noticeMs, `unattended` after stallMs. */
  function armStall() {
    clearStall();
    stallTimer = setTimeout(() => {
      setState('paused');
      stallTimer = setTimeout(() => {
        stallTimer = null;
        attended = false;
        acked = handed;
        resumePty();
        setState('unattended');
      }, stallMs - noticeMs);
      stallTimer.unref?.();
    }, noticeMs);
    stallTimer.unref?.();
  }

  function pause() {
    if (paused) return;
    paused = true;
    options.pause();
    armStall();
  }

  function resumePty() {
    clearStall();
    if (!paused) return;
    paused = false;
    options.resume();
  }

  function reattach() {
    attended = true;
    acked = handed;
    resumePty();
    setState('flowing');
  }

  return {
    sent(chars) {
      if (!attended) return;
      handed += chars;
      if (unacked() > high) pause();
    },
    ack({ chars, upTo }) {
      if (!attended) {
        reattach();
        return true;
      }
      if (upTo !== undefined) acked = Math.max(acked, Math.min(upTo, handed));
      if (chars !== undefined) acked = Math.min(handed, acked + chars);
      if (paused) {
        if (unacked() <= low) {
          resumePty();
          setState('flowing');
        } else {
          armStall();
        }
      }
      return false;
    },
    attach: reattach,
    attended: () => attended,
    stats: () => ({ paused, unacked: unacked(), attended, state }),
    dispose: clearStall,
  };
}
