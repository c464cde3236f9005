import { describe, expect, it } from 'vitest';
import { createReplayBuffer } from './replayBuffer';

describe('replayBuffer', () => {
  it('keeps only the newest characters and knows what a reader missed', () => {
    const r = createReplayBuffer(10);
    r.push('0123456789');
    r.push('abcde');
    expect(r.text()).toBe('56789abcde');
    expect(r.end()).toBe(15);
    expect(r.since(12)).toEqual({ data: 'cde', gap: false });
    expect(r.since(2)).toEqual({ data: '56789abcde', gap: true });
    expect(r.since(15)).toEqual({ data: '', gap: false });
  });

  it('does not start with half a surrogate pair', () => {
    const r = createReplayBuffer(3);
    r.push('a😀bc');
    expect(r.text()).toBe('bc');
  });
});
