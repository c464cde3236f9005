import { describe, expect, it } from 'vitest';
import { createExitSentinel } from './exitSentinel';

describe('exitSentinel', () => {
  it('finds the sentinel across chunk boundaries and strips it', () => {
    const s = createExitSentinel('abc123');
    const full = 'hello\u001b]777;akira-exit;abc123;42\u0007';
    const a = s.scan(full.slice(0, 9));
    const b = s.scan(full.slice(9, 20));
    const c = s.scan(full.slice(20));
    expect(a.output + b.output + c.output).toBe('hello');
    expect(c.exitCode).toBe(42);
    expect(s.scan('after').output).toBe('');
  });

  it('passes other escape sequences through', () => {
    const s = createExitSentinel('n0nce');
    const first = s.scan('x\u001b]0;title');
    const second = s.scan('\u0007y\u001b');
    expect(first.output + second.output + s.flush()).toBe('x\u001b]0;title\u0007y\u001b');
    expect(second.exitCode).toBeUndefined();
  });
});
