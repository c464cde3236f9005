import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAckPacer } from './ackPacer';

function pacer(options: { batch?: number; idleMs?: number } = {}) {
  const sent: (string | number)[] = [];
  const acks = createAckPacer({ ...options, sendUpTo: (n) => sent.push(n), sendChars: (n) => sent.push(`+${n}`) });
  return { acks, sent };
}

describe('ackPacer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('acks by watermark during a flood, not per chunk', () => {
    const { acks, sent } = pacer({ batch: 1000 });
    // 100 chunks of 100 characters: ten acks, each at a watermark, cumulative.
    for (let i = 1; i <= 100; i++) acks.parsed(100, i * 100);
    expect(sent).toEqual([1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000]);
  });

  it('acks the tail of an output once it has waited idleMs, once', () => {
    const { acks, sent } = pacer({ batch: 1000, idleMs: 50 });
    acks.parsed(5, 5);
    acks.parsed(7, 12);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(49);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([12]);
    vi.advanceTimersByTime(500);
    expect(sent).toEqual([12]);
  });

  it('counts characters for a core that sends no end', () => {
    const { acks, sent } = pacer({ batch: 10, idleMs: 50 });
    acks.parsed(4);
    acks.parsed(8);
    acks.parsed(3);
    vi.advanceTimersByTime(50);
    expect(sent).toEqual(['+12', '+3']);
  });

  it('acks what was parsed when the view goes away, and nothing after', () => {
    const { acks, sent } = pacer({ batch: 1000 });
    acks.parsed(10, 10);
    acks.dispose();
    acks.parsed(10, 20);
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual([10]);
  });

  it('never acks backwards when events are parsed out of order (a replay and live output)', () => {
    const { acks, sent } = pacer({ batch: 10 });
    acks.parsed(20, 20);
    acks.parsed(5, 15);
    acks.flush();
    expect(sent).toEqual([20]);
  });
});
