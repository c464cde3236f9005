import { describe, expect, it } from 'vitest';
import { defaultTerminalHeight } from './terminalSize';

describe('the terminal panel default height (issue 27 defect 15)', () => {
  it('leaves the board room in a short window and keeps 260 px in a tall one', () => {
    expect(defaultTerminalHeight(700)).toBe(175); // was 260: 37% of the window
    expect(defaultTerminalHeight(700) / 700).toBeLessThanOrEqual(0.25);
    expect(defaultTerminalHeight(860)).toBe(260);
    expect(defaultTerminalHeight(1200)).toBe(260);
    expect(defaultTerminalHeight(500)).toBe(140);
    expect(defaultTerminalHeight(Number.NaN)).toBe(260);
  });
});
