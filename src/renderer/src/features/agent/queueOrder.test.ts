import { describe, expect, it } from 'vitest';
import { moveInQueue, queueOrder, queueWaitText, statusText, withQueue } from './queueOrder';

const s = (sessionId: string, status: 'queued' | 'running' | 'stopped', queuePosition: number | null = null) => ({ sessionId, status, queuePosition });

describe('the queue in the UI', () => {
  it('says where a queued session waits, and the status of the others', () => {
    expect(statusText('queued', 2)).toBe('Queued · #2');
    expect(statusText('queued', null)).toBe('Queued');
    expect(statusText('queued')).toBe('Queued');
    expect(statusText('running', 1)).toBe('Running');
  });

  it('lists the queued sessions in queue order, those without a place last', () => {
    const sessions = [s('e', 'queued', 2), s('a', 'running'), s('x', 'queued'), s('d', 'queued', 1), s('z', 'stopped', 3)];
    expect(queueOrder(sessions)).toEqual(['d', 'e', 'x']);
    expect(queueOrder([])).toEqual([]);
  });

  it('moves a session one place up or down, not past either end', () => {
    expect(moveInQueue(['d', 'e', 'f'], 'e', -1)).toEqual(['e', 'd', 'f']);
    expect(moveInQueue(['d', 'e', 'f'], 'e', 1)).toEqual(['d', 'f', 'e']);
    expect(moveInQueue(['d', 'e', 'f'], 'd', -1)).toBeNull();
    expect(moveInQueue(['d', 'e', 'f'], 'f', 1)).toBeNull();
    expect(moveInQueue(['d', 'e'], 'gone', -1)).toBeNull();
  });

  it('takes the places the core answered after a reorder', () => {
    const sessions = [s('d', 'queued', 1), s('e', 'queued', 2), s('a', 'running')];
    const next = withQueue(sessions, ['e', 'd']);
    expect(Object.fromEntries(next.map((x) => [x.sessionId, x.queuePosition]))).toEqual({ d: 2, e: 1, a: null });
    expect(next[2]).toBe(sessions[2]); // unchanged objects are kept
    // A session that left the queue meanwhile (started) loses its stale place.
    expect(withQueue([s('d', 'running', 1)], ['e'])[0].queuePosition).toBeNull();
  });

  it('says why a queued session waits and that it starts by itself', () => {
    expect(queueWaitText('Waiting for the session running in this folder to end.')).toBe('Waiting for the session running in this folder to end. It starts by itself.');
    expect(queueWaitText(null)).toBe('Waiting for its turn. It starts by itself.');
  });
});
