import { describe, expect, it } from 'vitest';
import { checkLimit } from './limits';
import { resolvePolicy } from './policySchema';

describe('checkLimit', () => {
  it('is reached only past the limit, and says which limit and how to raise it', () => {
    const policy = resolvePolicy({ limits: { maxFileModificationsPerSession: 2 } });
    expect(checkLimit(policy, 'maxFileModificationsPerSession', 2)).toEqual({ reached: false });
    const r = checkLimit(policy, 'maxFileModificationsPerSession', 3);
    expect(r).toEqual({
      reached: true,
      message: 'Paused: the limit of 2 file modifications in this session was reached (limits.maxFileModificationsPerSession, 1–10000). Raise it in the settings, then resume.',
    });
    expect(checkLimit(resolvePolicy({ limits: { maxRetriesPerTodo: 0 } }), 'maxRetriesPerTodo', 1).reached).toBe(true);
  });
});
