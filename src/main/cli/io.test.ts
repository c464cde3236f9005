import { describe, expect, it } from 'vitest';
import { inCi, isInteractive } from './io';

const terminal = { stdin: true, stdout: true, stderr: true };

describe('isInteractive', () => {
  it('is a terminal on stdin and stderr, outside CI', () => {
    expect(isInteractive({ tty: terminal, env: {} })).toBe(true);
    expect(isInteractive({ tty: { ...terminal, stdin: false }, env: {} })).toBe(false);
    expect(isInteractive({ tty: { ...terminal, stderr: false }, env: {} })).toBe(false);
  });

  it('counts CI=true (and CI=1, a provider name) as not interactive, even at a terminal', () => {
    for (const CI of ['true', '1', 'TRUE', 'woodpecker']) expect(isInteractive({ tty: terminal, env: { CI } }), CI).toBe(false);
    for (const CI of ['', '0', 'false', 'False']) expect(isInteractive({ tty: terminal, env: { CI } }), CI).toBe(true);
    expect(inCi({ CI: 'true' })).toBe(true);
  });
});
