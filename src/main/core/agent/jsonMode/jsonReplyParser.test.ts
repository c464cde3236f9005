import { describe, expect, it } from 'vitest';
import { jsonReplyCorpus } from './corpus';
import { parseJsonReply } from './jsonReplyParser';
import { toToolCall } from './toToolCall';

describe('parseJsonReply: the corpus', () => {
  it('holds at least 40 malformed replies, with unique names', () => {
    expect(jsonReplyCorpus.length).toBeGreaterThanOrEqual(40);
    expect(new Set(jsonReplyCorpus.map((c) => c.name)).size).toBe(jsonReplyCorpus.length);
  });

  it.each(jsonReplyCorpus.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const result = parseJsonReply(c.raw, c.options);
    if (!c.expect.ok) {
      expect(result.ok, JSON.stringify(result, null, 1)).toBe(false);
      if (result.ok) return;
      for (const part of c.expect.error) expect(result.error).toContain(part);
      return;
    }
    expect(result.ok, result.ok ? '' : result.error).toBe(true);
    if (!result.ok) return;
    if (c.expect.value) expect(result.value).toMatchObject(c.expect.value);
    if (c.expect.call !== undefined) {
      const call = toToolCall(result.value);
      expect(call && { name: call.name, arguments: call.arguments }).toEqual(c.expect.call);
    }
    for (const part of c.expect.repaired ?? []) {
      expect(result.repaired.some((r) => r.includes(part)), `repaired ${JSON.stringify(result.repaired)} should mention "${part}"`).toBe(true);
    }
    if (c.expect.repaired?.length === 0) expect(result.repaired).toEqual([]);
    for (const field of c.expect.placeholders ?? []) expect(result.placeholders).toContain(field);
    if (c.expect.placeholders?.length === 0) expect(result.placeholders).toEqual([]);
  });
});
