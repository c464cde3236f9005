import { describe, expect, it } from 'vitest';
import { rulesLine, tokensText } from './contextWords';

describe('contextWords', () => {
  it('says sizes as approximate tokens', () => {
    expect(tokensText(1234)).toBe('~1.2k tokens');
    expect(tokensText(40)).toBe('~40 tokens');
    expect(tokensText(1)).toBe('~1 token');
  });
  it('names the rules files, or nothing', () => {
    expect(rulesLine([{ path: 'AGENTS.md' }, { path: 'CLAUDE.md' }])).toBe('Rules: AGENTS.md, CLAUDE.md');
    expect(rulesLine([])).toBeNull();
  });
});
