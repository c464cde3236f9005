import { describe, expect, it } from 'vitest';
import { sessionAge } from './sessionAge';

describe('session age (issue 27 defect 2)', () => {
  it('is measured against the list tick: a session started after the tick reads "now", and the age only grows', () => {
    const tick = Date.parse('2026-11-28T10:00:00Z');
    const started = new Date(tick + 22_000).toISOString(); // started 22 s after the list last ticked
    expect(sessionAge('en', started, tick)).toBe('now');
    expect(sessionAge('en', started, tick + 30_000)).toBe('8 seconds ago');
    expect(sessionAge('en', started, tick + 60_000)).toBe('38 seconds ago');
    expect(sessionAge('en', started, tick + 90_000)).toBe('1 minute ago');
    expect(sessionAge('zh-CN', started, tick)).toBe('现在');
    expect(sessionAge('en', 'not a date', tick)).toBe('');
  });
});
