import { describe, expect, it } from 'vitest';
import { formatCompact, formatDuration, formatNumber, formatRelative, pickLanguage } from '.';

describe('formatting in the UI language', () => {
  it('counts tokens compactly: 1.2k in English, 1.2万 in Chinese', () => {
    expect([950, 1_234, 12_345, 4_500_000].map((n) => formatCompact('en', n))).toEqual(['950', '1.2k', '12k', '4.5M']);
    expect([950, 12_345, 4_500_000].map((n) => formatCompact('zh-CN', n))).toEqual(['950', '1.2万', '450万']);
  });

  it('says numbers, durations and relative times in each language', () => {
    expect(formatNumber('en', 1234567.891, 1)).toBe('1,234,567.9');
    expect(formatDuration('en', 850)).toBe('850 ms');
    expect(formatDuration('zh-CN', 4200)).toBe('4.2 秒');
    expect(formatDuration('zh-CN', 185_000)).toBe('3 分 5 秒');
    const now = Date.UTC(2026, 10, 25, 12);
    expect(formatRelative('en', now - 3 * 60_000, now)).toBe('3 minutes ago');
    expect(formatRelative('zh-CN', now - 3 * 60_000, now)).toBe('3分钟前');
  });

  it('picks the language: the choice, else the first system locale known, else English', () => {
    expect(pickLanguage('en', ['zh-CN'])).toBe('en');
    expect(pickLanguage(null, ['fr-FR', 'zh-Hans-CN', 'en'])).toBe('zh-CN');
    expect(pickLanguage(null, ['zh_CN.UTF-8'])).toBe('zh-CN');
    expect(pickLanguage(null, ['C.UTF-8'])).toBe('en');
    expect(pickLanguage(null, [])).toBe('en');
  });
});
