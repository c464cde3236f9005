import { describe, expect, it } from 'vitest';
import { waitFor } from '../../../testing/waitFor';
import { createOutputCoalescer } from './outputCoalescer';

const until = (probe: () => boolean, what: string) => waitFor(probe, what, 5000);

describe('outputCoalescer', () => {
  it('batches small writes into one flush', async () => {
    const out: string[] = [];
    const c = createOutputCoalescer({ intervalMs: 5, onFlush: (d) => out.push(d) });
    c.push('a');
    c.push('b');
    c.push('c');
    expect(out).toEqual([]);
    await until(() => out.length > 0, 'flush');
    expect(out).toEqual(['abc']);
    c.dispose();
  });

  it('flushes at once past maxChars and never ends a batch inside a surrogate pair', () => {
    const out: string[] = [];
    const c = createOutputCoalescer({ intervalMs: 60_000, maxChars: 4, onFlush: (d) => out.push(d) });
    const smile = '😀'; // two UTF-16 code units
    c.push('ab' + smile[0]);
    expect(out).toEqual([]);
    c.push(smile[1] + 'cd' + smile[0]);
    expect(out).toEqual(['ab' + smile + 'cd']); // the high half waits for its partner
    expect(c.pendingChars()).toBe(1);
    c.push(smile[1] + 'x');
    c.flush();
    expect(out).toEqual(['ab😀cd', '😀x']);
    c.dispose();
  });
});
