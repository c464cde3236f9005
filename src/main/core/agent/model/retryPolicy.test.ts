import { describe, expect, it } from 'vitest';
import { isRetryableStatus, parseRetryAfter, retryDelayMs, sleep } from './retryPolicy';

describe('retry policy', () => {
  it('backs off 1 s, 2 s, 4 s with ±20% jitter', () => {
    expect([0, 1, 2].map((i) => retryDelayMs(i, { random: () => 0.5 }))).toEqual([1000, 2000, 4000]);
    expect([0, 1, 2].map((i) => retryDelayMs(i, { random: () => 0 }))).toEqual([800, 1600, 3200]);
    expect([0, 1, 2].map((i) => retryDelayMs(i, { random: () => 0.999999 }))).toEqual([1200, 2400, 4800]);
    expect(retryDelayMs(7, { random: () => 0.5 })).toBe(4000);
    for (let n = 0; n < 200; n++) {
      const d = retryDelayMs(1);
      expect(d).toBeGreaterThanOrEqual(1600);
      expect(d).toBeLessThanOrEqual(2400);
    }
  });

  it('uses Retry-After instead of the backoff, capped at 60 s', () => {
    expect(retryDelayMs(0, { retryAfterMs: 2500, random: () => 0 })).toBe(2500);
    expect(retryDelayMs(2, { retryAfterMs: 0 })).toBe(0);
    expect(retryDelayMs(0, { retryAfterMs: 3_600_000 })).toBe(60_000);
    expect(retryDelayMs(0, { retryAfterMs: 90_000, maxRetryAfterMs: 120_000 })).toBe(90_000);
  });

  it('reads Retry-After as seconds or an HTTP date, and retry-after-ms first', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter(new Headers({ 'retry-after': '3' }), now)).toBe(3000);
    expect(parseRetryAfter(new Headers({ 'retry-after': '1.5' }), now)).toBe(1500);
    expect(parseRetryAfter(new Headers({ 'retry-after': 'Wed, 01 Jan 2025 00:00:07 GMT' }), now)).toBe(7000);
    expect(parseRetryAfter(new Headers({ 'retry-after': 'Tue, 31 Dec 2024 23:59:00 GMT' }), now)).toBe(0);
    expect(parseRetryAfter(new Headers({ 'retry-after': 'soon' }), now)).toBeNull();
    expect(parseRetryAfter(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }), now)).toBe(250);
    expect(parseRetryAfter({ 'Retry-After': '4' }, now)).toBe(4000);
    expect(parseRetryAfter(new Headers(), now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });

  it('retries 5xx, 429, 408 and 409, not other 4xx', () => {
    expect([500, 502, 503, 529, 429, 408, 409].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 422].some(isRetryableStatus)).toBe(false);
  });

  it('sleeps until aborted', async () => {
    const controller = new AbortController();
    const pending = sleep(60_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
    await expect(sleep(1)).resolves.toBeUndefined();
  });
});
