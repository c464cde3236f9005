import { describe, expect, it } from 'vitest';
import { counted, endsQuoted, listIn, pluralEn } from '.';
import { modelErrors, sessionReasons } from '../errors';

describe('plurals, lists and quoted sentences (issue 27, defect 20)', () => {
  it('counts with Intl.PluralRules and lists with Intl.ListFormat', () => {
    expect([0, 1, 2].map((n) => counted(n, 'model', 'models'))).toEqual(['0 models', '1 model', '2 models']);
    expect(pluralEn(1, 'was', 'were')).toBe('was');
    expect(listIn('en', ['a', 'b'])).toBe('a and b');
    expect(listIn('en', ['a', 'b', 'c'])).toBe('a, b, and c');
    expect(listIn('zh-CN', ['a', 'b', 'c'])).toBe('a、b和c');
  });

  it('ends a sentence after a quote only when the quote has no end of its own', () => {
    expect(endsQuoted('It said “Working on it.”', '.')).toBe('It said “Working on it.”');
    expect(endsQuoted('It said “Hi”', '.')).toBe('It said “Hi”.');
  });

  it('says counts of one in the singular and does not double the period after a quoted answer', () => {
    expect(modelErrors.testListed('http://x', 5, 1).en).toContain('1 model listed');
    expect(sessionReasons.finalRejected(1, 'no').en).toBe('The final review rejected the task 1 time: no');
    expect(sessionReasons.waitingSlot(1, 2).en).toContain('1 session runs,');
    const answered = modelErrors.testAnswered('http://x', 2, '', 'm', 5, 'Working on it.', 0).en;
    expect(answered).toBe('Connected to http://x: 2 models listed; m answered in 5 ms: “Working on it.”');
  });
});
