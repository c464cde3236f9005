import { afterEach, describe, expect, it } from 'vitest';
import { startSettingsKit, type SettingsKit } from '../../../testing/settingsKit';

// `context.rules.disabled` (issue 24): a workspace switches a kind of rules files off in .akira/settings.json;
// context.rules (the task box's rules line, the sessions) leaves that kind out, and the settings view says what is
// wrong with the setting in words, without losing the kinds it does name.

let kit: SettingsKit | null = null;
afterEach(async () => {
  await kit?.close();
  kit = null;
});

const FILES = { 'AGENTS.md': 'agents', '.cursorrules': 'cursor legacy', '.cursor/rules/a.mdc': '---\nalwaysApply: true\n---\ncursor', 'GEMINI.md': 'gemini', '.kiro/steering/tech.md': 'kiro' };

describe('context.rules.disabled', () => {
  it('switches kinds off; an unknown kind is a problem the settings view says, the known ones still apply', async () => {
    kit = await startSettingsKit({ files: { ...FILES, '.akira/settings.json': JSON.stringify({ context: { rules: { disabled: ['cursor', 'kiro', 'cursr'] } } }) } });
    const rules = await kit.call('context.rules');
    expect(rules.files.map((f) => f.path)).toEqual(['AGENTS.md', 'GEMINI.md']);
    const s = await kit.call('settings.get');
    expect(s.problems).toContain('.akira/settings.json: context.rules.disabled.2: "cursr" is not a kind of rules files (kinds: akira, agents, claude, gemini, cline, cursor, windsurf, roo, copilot, kiro) (not used until it is fixed)');
    expect(s.problemWords?.some((w) => w?.values.includes('settings.unknownRulesKind'))).toBe(true);
  });

  it('a value that is no list is said too, and switches nothing off', async () => {
    kit = await startSettingsKit({ files: { ...FILES, '.akira/settings.json': JSON.stringify({ context: { rules: { disabled: 'cursor' } } }) } });
    expect((await kit.call('context.rules')).files.map((f) => f.path)).toEqual(['AGENTS.md', 'GEMINI.md', '.cursorrules', '.cursor/rules/a.mdc', '.kiro/steering/tech.md']);
    expect((await kit.call('settings.get')).problems.join('\n')).toContain('.akira/settings.json: context.rules.disabled: a list of kinds of rules files is expected, e.g. ["cursor", "kiro"]');
  });
});
