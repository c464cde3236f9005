import { describe, expect, it } from 'vitest';
import { inRange, limitLabel, limitSetting, NUMBER_SETTINGS, rangeMessage } from './settingWords';

describe('setting words', () => {
  it('names limits as people read them, never as the file keys them', () => {
    expect(limitLabel('maxToolLoopsPerTodo')).toBe('Max tool loops per TODO');
    expect(limitLabel('maxFileModificationsPerSession')).toBe('Max file modifications per session');
    expect(rangeMessage(limitSetting('maxToolLoopsPerTodo'), { min: 1, max: 200 })).toBe('Max tool loops per TODO must be a whole number from 1 to 200');
  });

  it('says the range with its unit, thousands grouped and decimals kept', () => {
    expect(rangeMessage(NUMBER_SETTINGS.timeoutSeconds, { min: 1, max: 3600 })).toBe('Timeout must be a number from 1 to 3,600 seconds');
    expect(rangeMessage(NUMBER_SETTINGS.skipConfidence, { min: 0.5, max: 1 })).toBe('Skip confidence must be a number from 0.5 to 1');
    expect(rangeMessage(NUMBER_SETTINGS.inputPricePer1M, { min: 0, max: 1_000_000 })).toBe('Input price must be a number from 0 to 1,000,000 USD per 1M tokens');
  });

  it('takes finite numbers in range, whole where it must', () => {
    const r = { min: 1, max: 10 };
    expect(inRange(limitSetting('x'), r, 3)).toBe(true);
    expect(inRange(limitSetting('x'), r, 3.5)).toBe(false);
    expect(inRange(NUMBER_SETTINGS.timeoutSeconds, r, 3.5)).toBe(true);
    for (const bad of [0, 11, Number.NaN, Number.POSITIVE_INFINITY, '3', null]) expect(inRange(NUMBER_SETTINGS.timeoutSeconds, r, bad)).toBe(false);
  });
});
