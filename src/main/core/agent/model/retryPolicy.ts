/**
 * When and how long to wait before retrying a model call (docs/architecture.md "Pinned surfaces": 1 s, 2 s, 4 s with jitter on network
 * errors, 5xx and 429; honour Retry-After).
 *
 *   isRetryableStatus(status)                         5xx, 429, 408, 409 (OpenAI's own retry set)
 *   parseRetryAfter(headers, now)                     ms from `retry-after-ms`, `retry-after` (seconds or HTTP date), or null
 *   retryDelayMs(retryIndex, {retryAfterMs, random})  the delay before retry number retryIndex (0-based)
 *   sleep(ms, signal)                                 the default, abortable wait
 */

export const BASE_DELAYS_MS = [1000, 2000, 4000] as const;
export const JITTER = 0.2;
export const MAX_RETRY_AFTER_MS = 60_000;

export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 429 || status === 408 || status === 409;
}

type HeaderSource = Headers | Record<string, string | string[] | null | undefined> | null | undefined;

function header(headers: HeaderSource, name: string): string | null {
  if (!headers) return null;
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name);
  const record = headers as Record<string, string | string[] | null | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

/** The wait a server asks for, in ms, or null when it asks for none (or says something unreadable). */
export function parseRetryAfter(headers: HeaderSource, now: number = Date.now()): number | null {
  const ms = header(headers, 'retry-after-ms');
  if (ms !== null && /^\s*\d+(\.\d+)?\s*$/.test(ms)) return Math.max(0, Number(ms));
  const value = header(headers, 'retry-after')?.trim();
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.max(0, Number(value) * 1000);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}

export interface DelayOptions {
  /** The server's Retry-After in ms; when given it replaces the backoff (capped at maxRetryAfterMs). */
  retryAfterMs?: number | null;
  /** [0, 1), for the jitter; Math.random by default. */
  random?: () => number;
  maxRetryAfterMs?: number;
}

/** Delay before retry `retryIndex` (0 = the first retry): 1 s, 2 s, 4 s (then 4 s) ±20%, or the server's Retry-After. */
export function retryDelayMs(retryIndex: number, options: DelayOptions = {}): number {
  const cap = options.maxRetryAfterMs ?? MAX_RETRY_AFTER_MS;
  if (options.retryAfterMs !== undefined && options.retryAfterMs !== null) {
    return Math.round(Math.min(Math.max(0, options.retryAfterMs), cap));
  }
  const base = BASE_DELAYS_MS[Math.min(retryIndex, BASE_DELAYS_MS.length - 1)];
  const r = (options.random ?? Math.random)();
  return Math.round(base * (1 + (r * 2 - 1) * JITTER));
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
