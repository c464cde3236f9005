/**
 * The agent's scheduler (issue 10, seed 002): sessions beyond the policy's maxConcurrentTasks wait here, in
 * order, and start by themselves when a slot frees.
 *
 *   const q = createSessionQueue({capacity, running});
 *   await q.admit({sessionId, shared, parallel, start}, onQueued) → true when it waits (onQueued ran first)
 *   q.add(entry)                                  // waits; q.pump() starts what may start now
 *   q.remove(id)  q.reorder(ids)  q.position(id) → 1-based or null  q.ids()
 *   await q.pump()                                  // after anything that may free a slot
 *
 * Rules, in queue order: a session starts when fewer than `capacity()` sessions run; one that works in the
 * shared workspace tree (`shared`) also waits until no other shared session runs, unless the user chose to
 * run it anyway (`parallel`). The order is kept: a session never overtakes one queued before it for a slot,
 * but one that waits only for the shared tree lets those behind it that do not need the tree go first.
 * Pumps run one at a time (a start counts as running from the moment it is called), so two pumps never start
 * more than the capacity. A start that throws is reported through `onStartFailed` and the pump goes on.
 */

export interface QueueEntry {
  sessionId: string;
  /** Works in the workspace's own tree (not a worktree). */
  shared: boolean;
  /** The user chose to run it beside another shared session. */
  parallel: boolean;
  start(): Promise<void>;
}

export interface RunningCount {
  total: number;
  /** Sessions running in the shared tree. */
  shared: number;
}

export interface SessionQueueOptions {
  capacity(): number;
  running(): RunningCount;
  onStartFailed?(sessionId: string, err: unknown): void;
}

export interface SessionQueue {
  /**
   * Queues the entry and starts what may start, in one turn (no other pump runs in between): answers false
   * when it started, true when it waits — then `onQueued` has run before any later pump could start it.
   */
  admit(entry: QueueEntry, onQueued: () => Promise<void>): Promise<boolean>;
  add(entry: QueueEntry): void;
  remove(sessionId: string): boolean;
  reorder(sessionIds: readonly string[]): void;
  position(sessionId: string): number | null;
  ids(): string[];
  pump(): Promise<void>;
}

export function createSessionQueue(options: SessionQueueOptions): SessionQueue {
  let entries: QueueEntry[] = [];
  let chain: Promise<void> = Promise.resolve();

  async function pumpOnce(): Promise<void> {
    const starting = { total: 0, shared: 0 };
    for (let i = 0; i < entries.length; ) {
      const running = options.running();
      const total = running.total + starting.total;
      if (total >= options.capacity()) return;
      const entry = entries[i];
      if (entry.shared && !entry.parallel && running.shared + starting.shared > 0) {
        i++; // waits for the shared tree; those behind it that do not need it may go
        continue;
      }
      entries.splice(i, 1);
      starting.total++;
      if (entry.shared) starting.shared++;
      try {
        await entry.start();
      } catch (err) {
        options.onStartFailed?.(entry.sessionId, err);
      }
      // The started session now counts in running(); the next round reads it afresh.
      starting.total--;
      if (entry.shared) starting.shared--;
    }
  }

  function turn<T>(fn: () => Promise<T>): Promise<T> {
    const run = chain.then(fn);
    chain = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  return {
    admit(entry, onQueued) {
      return turn(async () => {
        entries = [...entries.filter((e) => e.sessionId !== entry.sessionId), entry];
        await pumpOnce();
        if (!entries.includes(entry)) return false;
        await onQueued();
        return true;
      });
    },
    add(entry) {
      entries = entries.filter((e) => e.sessionId !== entry.sessionId);
      entries.push(entry);
    },
    remove(sessionId) {
      const before = entries.length;
      entries = entries.filter((e) => e.sessionId !== sessionId);
      return entries.length < before;
    },
    reorder(sessionIds) {
      const byId = new Map(entries.map((e) => [e.sessionId, e]));
      const listed = sessionIds.map((id) => byId.get(id)).filter((e): e is QueueEntry => !!e);
      entries = [...new Set(listed), ...entries.filter((e) => !listed.includes(e))];
    },
    position(sessionId) {
      const i = entries.findIndex((e) => e.sessionId === sessionId);
      return i < 0 ? null : i + 1;
    },
    ids: () => entries.map((e) => e.sessionId),
    pump: () => turn(pumpOnce),
  };
}
