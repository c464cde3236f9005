/**
 * Which cards of the activity a conversation rewind went back over. The log stays whole (a rewind is a `rollback`
 * event with `toSeq`, src/shared/agent/sessionRewind.ts), so the stream keeps every card and marks those that are no
 * longer part of the session: the same branch rule as `branchEvents`, on positions in the log.
 *
 * A card's position (`at`) is the seq of the event that made it, or the last seq seen plus ½ for a live notice
 * (model text, approvals), which comes after that event and before the next one.
 *
 *   const live = liveRanges(rewinds);      // rewinds: every rewinding rollback so far, {seq, toSeq}, in log order
 *   isLive(live, item.at)
 */

export interface RewindMark {
  /** The rollback's seq. */
  seq: number;
  /** The event the session went back to. */
  toSeq: number;
}

/** Half-open ranges (from, to] of positions on the branch the log ends on; `to` Infinity for the open end. */
export type LiveRanges = readonly (readonly [number, number])[];

export function liveRanges(rewinds: readonly RewindMark[]): LiveRanges {
  const ranges: [number, number][] = [];
  let end = Infinity;
  // The branch up to `end`: after the last rewind before it, then (recursively) the branch up to where it went back to.
  for (let i = rewinds.length - 1; ; ) {
    while (i >= 0 && rewinds[i].seq > end) i--;
    if (i < 0) {
      ranges.push([0, end]);
      return ranges;
    }
    ranges.push([rewinds[i].seq, end]);
    end = rewinds[i].toSeq;
    i--;
  }
}

export function isLive(ranges: LiveRanges, at: number): boolean {
  return ranges.some(([from, to]) => at > from && at <= to);
}
