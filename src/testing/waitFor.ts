/**
 * Polling instead of fixed sleeps, for every test:
 *
 *   await waitFor(() => events.length > 2, 'three events');            // until something happens
 *   await expectQuietFor(300, () => events.length > 0 && 'an event');  // that nothing happens for a while
 */

/** Polls `check` until it returns a truthy value or `timeoutMs` passes (then throws with `what`). */
export async function waitFor<T>(check: () => T | Promise<T>, what: string, timeoutMs = 10_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * For "nothing happens" checks: polls `happened` for `ms` and throws as soon as it answers something
 * (a string says what happened). A check that passes costs the whole `ms`; one that fails, no more than it takes.
 */
export async function expectQuietFor(ms: number, happened: () => string | false | null | undefined | Promise<string | false | null | undefined>): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const what = await happened();
    if (what) throw new Error(`Expected nothing to happen for ${ms} ms, but: ${what}`);
    if (Date.now() >= deadline) return;
    await new Promise((r) => setTimeout(r, Math.min(25, Math.max(1, deadline - Date.now()))));
  }
}
