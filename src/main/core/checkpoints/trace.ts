/**
 * Phase timings for diagnosing slow checkpoints: set AKIRA_CHECKPOINT_TRACE=1 to print them on
 * stderr (`checkpoints: create walk 812.3 ms`). Free when unset.
 */
export function tracer(operation: string): (phase: string) => void {
  if (!process.env.AKIRA_CHECKPOINT_TRACE) return () => undefined;
  let last = performance.now();
  return (phase) => {
    const now = performance.now();
    process.stderr.write(`checkpoints: ${operation} ${phase} ${(now - last).toFixed(1)} ms\n`);
    last = now;
  };
}
