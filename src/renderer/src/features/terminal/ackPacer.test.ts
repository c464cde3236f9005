import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAckPacer, type AckPacerOptions } from './ackPacer';

function pacer(options: Partial<AckPacerOptions> = {}) {
  const sent: (string | number)[] = [];
  const acks = createAckPacer({ ...options, sendUpTo: (n) => sent.push(n), sendChars: (n) => sent.push(`+${n}`) });
  return { acks, sent };
}

describe('ackPacer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('acks by watermark during a flood that xterm keeps up with, not per chunk', () => {
    const { acks, sent } = pacer({ batch: 1000 });
    // 100 chunks of 100 characters, each parsed before the next arrives: ten acks, each at a watermark.
    for (let i = 1; i <= 100; i++) {
      acks.received(i * 100);
      acks.parsed(100, i * 100);
    }
    expect(sent).toEqual([1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000]);
  });

  it('holds back coreWindow - window while xterm is behind, so at most `window` waits in its queue', () => {
    const { acks, sent } = pacer({ batch: 10, coreWindow: 100, window: 40 });
    // 200 characters arrived at once; xterm parses them 20 at a time.
    for (let end = 20; end <= 200; end += 20) acks.received(end);
    for (let end = 20; end < 200; end += 20) acks.parsed(20, end);
    // Acked 60 short of what was parsed: the core (window 100) can have at most 40 more in flight.
    expect(sent).toEqual([20, 40, 60, 80, 100, 120]);
    // Caught up: everything parsed is acked.
    acks.parsed(20, 200);
    expect(sent.at(-1)).toBe(200);
  });

  it('never lets the held-back ack stall: the timer acks what it may while behind, then all once caught up', () => {
    const { acks, sent } = pacer({ batch: 1000, idleMs: 50, coreWindow: 100, window: 40 });
    acks.received(90);
    acks.parsed(80, 80);
    vi.advanceTimersByTime(50);
    expect(sent).toEqual([20]);
    acks.parsed(10, 90);
    vi.advanceTimersByTime(50);
    expect(sent).toEqual([20, 90]);
    vi.advanceTimersByTime(500);
    expect(sent).toEqual([20, 90]);
  });

  it('acks the tail of an output once it has waited idleMs, once', () => {
    const { acks, sent } = pacer({ batch: 1000, idleMs: 50 });
    acks.received(5);
    acks.parsed(5, 5);
    acks.received(12);
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

  it('acks all that was parsed when the view goes away, and nothing after', () => {
    const { acks, sent } = pacer({ batch: 1000 });
    acks.received(30);
    acks.parsed(10, 10);
    acks.dispose();
    acks.parsed(10, 20);
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual([10]);
  });

  it('never acks backwards when events are parsed out of order', () => {
    const { acks, sent } = pacer({ batch: 10 });
    acks.received(20);
    acks.parsed(20, 20);
    acks.parsed(5, 15);
    acks.flush();
    expect(sent).toEqual([20]);
  });
});
