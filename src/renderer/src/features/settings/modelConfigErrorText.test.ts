import { describe, expect, it } from 'vitest';
import { modelErrors, plainWords } from '../../../../shared/errors';
import { settingsStrings } from './settingsStrings';
import { modelConfigErrorText } from './modelConfigErrorText';

// Issue 27, defects 4 and 17: Settings says what is missing in its own terms (no flags, no "or in Settings"), its
// placeholders say when they are examples, and "Not saved" points up, to the fields.
describe('Settings in its own terms', () => {
  it('says a missing model as the fields below, not as the command line', () => {
    const none = modelErrors.noModel;
    for (const language of ['en', 'zh-CN'] as const) {
      const text = modelConfigErrorText(none.en, plainWords(none), language);
      expect(text).not.toMatch(/--base-url|OPENAI_|AKIRA_MODEL|Settings \(the gear|设置中（状态栏/);
    }
    expect(modelConfigErrorText(none.en, plainWords(none), 'en')).toBe('No model is set yet: pick a provider, then fill in the base URL and the model below, and Save.');
    const noName = modelErrors.noModelName('http://127.0.0.1:1234/v1');
    expect(modelConfigErrorText(noName.en, plainWords(noName), 'en')).toBe('No model name is set (the base URL is http://127.0.0.1:1234/v1): fill in the model below, and Save.');
    expect(modelConfigErrorText('An older core said this.', null, 'en')).toBe('An older core said this.');
  });

  it('marks example placeholders as examples and points "Not saved" up', () => {
    expect(settingsStrings.en.example('http://127.0.0.1:11434/v1 (Ollama)')).toBe('e.g. http://127.0.0.1:11434/v1 (Ollama)');
    expect(settingsStrings.en.modelHint('openai', 'gpt-4o-mini')).toBe('e.g. gpt-4o-mini');
    expect(settingsStrings.en.modelHint('lmstudio', 'the model loaded in LM Studio')).toBe('the model loaded in LM Studio');
    expect(settingsStrings.en.notSavedFix(2)).toMatch(/^Not saved: 2 fields above need fixing/);
    expect(settingsStrings['zh-CN'].notSavedFix(1)).toContain('上方');
  });
});
