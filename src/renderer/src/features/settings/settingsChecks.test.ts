import { describe, expect, it } from 'vitest';
import type { SettingsSnapshotT } from '../../../../shared/contract';
import { typedErrors, typedNumber } from './settingsChecks';
import { buildUpdate, formFromLayer } from './settingsForm';
import { NUMBER_SETTINGS } from '../../../../shared/settings/settingWords';
import { usePrefsStore } from '../../i18n';

/** The settings view's checks as you type (issue 14): every number field, in words, never the file's keys. */

const ranges: SettingsSnapshotT['ranges'] = {
  limits: { maxToolLoopsPerTodo: { min: 1, max: 200, default: 25 }, maxRetriesPerTodo: { min: 0, max: 10, default: 3 } },
  contextTokens: { min: 2000, max: 1_000_000, default: 16000 },
  timeoutSeconds: { min: 1, max: 3600, default: 120 },
  maxRetries: { min: 0, max: 10, default: 3 },
  skipConfidence: { min: 0.5, max: 1, default: 0.8 },
  retentionDays: { min: 1, max: 3650, default: 90 },
};
const layer = { model: { model: 'qwen' }, models: {}, agent: {} };

describe('settings checks as typed', () => {
  it('finds nothing in an empty or valid form', () => {
    const form = formFromLayer(layer);
    expect(typedErrors(form, ranges)).toEqual({});
    const valid = { ...form, timeoutSeconds: '90.5', maxRetries: '0', inputPrice: '3', outputPrice: '0.6', contextTokens: '32000', skipConfidence: '0.9', retentionDays: '30', temperature: '0.2' };
    valid.policy = { ...form.policy, limits: { maxToolLoopsPerTodo: '200', maxRetriesPerTodo: '' } };
    expect(typedErrors(valid, ranges)).toEqual({});
  });

  it('says each field out of range or not a number in words, at the core’s paths', () => {
    const form = formFromLayer(layer);
    const bad = { ...form, timeoutSeconds: '0', maxRetries: '2.5', inputPrice: '-1', outputPrice: 'cheap', contextTokens: '100', skipConfidence: '0.3', retentionDays: '4000', maxTokens: '8' };
    bad.policy = { ...form.policy, limits: { maxToolLoopsPerTodo: '500', maxRetriesPerTodo: 'x' } };
    expect(typedErrors(bad, ranges)).toEqual({
      'model.timeoutSeconds': 'Timeout must be a number from 1 to 3,600 seconds',
      'model.maxRetries': 'Retries must be a whole number from 0 to 10',
      'model.inputPricePer1M': 'Input price must be a number from 0 to 1,000,000 USD per 1M tokens',
      'model.outputPricePer1M': 'Output price must be a number from 0 to 1,000,000 USD per 1M tokens',
      'agent.contextTokens': 'Context budget must be a whole number from 2,000 to 1,000,000 tokens',
      'agent.policy.limits.maxToolLoopsPerTodo': 'Max tool loops per TODO must be a whole number from 1 to 200',
      'agent.policy.limits.maxRetriesPerTodo': 'Max retries per TODO must be a whole number from 0 to 10',
      'agent.spec.skipConfidence': 'Skip confidence must be a number from 0.5 to 1',
      'checkpoints.retentionDays': 'Checkpoint retention must be a whole number from 1 to 3,650 days',
      'models.qwen.maxTokens': 'Max answer tokens must be a whole number from 16 to 1,000,000 tokens',
    });
    for (const message of Object.values(typedErrors(bad, ranges))) expect(message).not.toMatch(/[a-z][A-Z]|[a-z]\.[a-z]/); // no camelCase keys, no dotted paths
  });

  it('reads whole numbers with thousands separators; empty is “not set”', () => {
    expect(typedNumber('32,000', NUMBER_SETTINGS.contextTokens, ranges.contextTokens)).toBe(32000);
    expect(typedNumber('  ', NUMBER_SETTINGS.contextTokens, ranges.contextTokens)).toBeNull();
    expect(typedNumber('1e3', NUMBER_SETTINGS.timeoutSeconds, ranges.timeoutSeconds)).toBe(1000);
    expect(typedNumber('soon', NUMBER_SETTINGS.timeoutSeconds, ranges.timeoutSeconds)).toBe(false);
  });

  it('sends the prices as model.inputPricePer1M / outputPricePer1M; empty removes them', () => {
    const withPrice = { model: { model: 'qwen', inputPricePer1M: 3, outputPricePer1M: 15 }, models: {}, agent: {} };
    const form = formFromLayer(withPrice);
    expect(form).toMatchObject({ inputPrice: '3', outputPrice: '15' });
    const built = buildUpdate({ ...form, inputPrice: '2.5', outputPrice: '' }, withPrice, 'global');
    expect('input' in built && built.input.model).toMatchObject({ inputPricePer1M: 2.5, outputPricePer1M: null });
  });

  it('says them in Chinese when the UI is in Chinese (the core keeps its English)', () => {
    const before = usePrefsStore.getState();
    usePrefsStore.getState().setPrefs({ language: 'zh-CN', theme: 'dark' });
    try {
      const form = formFromLayer(layer);
      const bad = { ...form, timeoutSeconds: '0', contextTokens: '100', temperature: '5' };
      bad.policy = { ...form.policy, limits: { maxToolLoopsPerTodo: '500' } };
      expect(typedErrors(bad, ranges)).toEqual({
        'model.timeoutSeconds': '超时必须是 1 到 3,600 之间的数字（秒）',
        'agent.contextTokens': '上下文预算必须是 2,000 到 1,000,000 之间的整数（令牌）',
        'agent.policy.limits.maxToolLoopsPerTodo': '每个 TODO 的最大工具轮数必须是 1 到 200 之间的整数',
        'models.qwen.temperature': '温度必须是 0 到 2 之间的数字',
      });
      expect(buildUpdate({ ...form, retentionDays: 'a year' }, layer, 'global')).toEqual({ errors: { 'checkpoints.retentionDays': '“a year”不是数字' } });
    } finally {
      usePrefsStore.setState(before, true);
    }
  });
});
