/**
 * Holding a fake backend's answers, to test what a store does with a request still in flight:
 *
 *   const held = heldAnswers();
 *   invoke: async (…) => { const wait = held.pending(); if (wait) await wait; … }   // in the fake client
 *   const release = held.hold(); …act…; release();        // answers wait until release
 */
export function heldAnswers() {
  let gate: Promise<void> | null = null;
  return {
    /** What an answer waits for now (null: nothing, answer at once without yielding). */
    pending: (): Promise<void> | null => gate,
    /** Answers wait from now on; call the returned function to let them go. */
    hold(): () => void {
      let release!: () => void;
      gate = new Promise((r) => (release = r));
      return () => {
        gate = null;
        release();
      };
    },
  };
}
