import { describe, expect, it } from 'vitest';
import { rulesKindLabel, rulesLine, ruleWhy, tokensText } from './contextWords';

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
  it('says which tool a rules file is for and why it is in the context (issue 24)', () => {
    expect(rulesKindLabel('kiro')).toBe('Kiro steering');
    expect(rulesKindLabel('copilot')).toBe('Copilot');
    expect(ruleWhy({ applies: 'match', because: 'src/api/orders.ts' })).toBe('for src/api/orders.ts');
    expect(ruleWhy({ applies: 'mentioned', because: '#release-checklist' })).toBe('asked for with #release-checklist');
    expect(ruleWhy({ applies: 'mode', because: 'autonomous' })).toBe('autonomous mode');
    expect(ruleWhy({ applies: 'listed' })).toBe('listed: the agent reads it when it applies');
    expect(ruleWhy({ applies: 'always', sameAs: 'AGENTS.md' })).toBe('same text as AGENTS.md: sent once');
    expect(ruleWhy({ applies: 'always' })).toBeNull();
    expect(ruleWhy({})).toBeNull(); // a session logged before issue 24
  });
});
