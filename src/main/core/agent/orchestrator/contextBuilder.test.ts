import { describe, expect, it } from 'vitest';
import { buildExecuteContext, type BoardTodo } from './contextBuilder';

// The execute context is built fresh for each call: its size must not grow with the board, and it
// must stay within the budget however long the current TODO's tool results are.

const todo = (i: number, status: string, extra: Partial<BoardTodo> = {}): BoardTodo => ({
  id: `t${i}`,
  description: `Change function number ${i} in src/module${i}.ts so that it handles empty input ${'and more detail '.repeat(8)}`,
  expectedResult: `src/module${i}.ts returns [] for empty input and its test passes`,
  status,
  result: status === 'done' ? `Edited src/module${i}.ts and ran its test: 12 passed ${'summary '.repeat(10)}` : null,
  rejections: 0,
  verdicts: status === 'done' ? [{ approved: true, feedback: 'The change and the test are there.', confidence: 0.9 }] : [],
  recentTools: [],
  ...extra,
});

/** A board of `n` TODOs where the one at `at` (1-based) is in progress. */
function context(n: number, at: number, budgetTokens = 16_000, tools: BoardTodo['recentTools'] = []) {
  const todos = Array.from({ length: n }, (_, i) => todo(i + 1, i + 1 < at ? 'done' : i + 1 === at ? 'in_progress' : 'pending'));
  const current = { ...todos[at - 1], recentTools: tools };
  todos[at - 1] = current;
  return buildExecuteContext({ modePrompt: 'You are a careful engineer.', task: 'Handle empty input everywhere', todos, current, userMessages: [], notes: [], jsonMode: false, budgetTokens });
}

describe('execute context', () => {
  it('stays the same size from 5 to 50 to 500 TODOs (counts, a few finished, the current, a few next)', () => {
    const [five, twenty, fifty, many] = [5, 20, 50, 500].map((n) => context(n, Math.ceil(n / 2)).tokens);
    // Once the board lists its most (5 finished, 5 next), more TODOs add only digits to the counts.
    for (const size of [fifty, many]) expect(Math.abs(size - twenty)).toBeLessThanOrEqual(twenty * 0.05);
    expect(many).toBeLessThanOrEqual(five * 2);
    // Late in a long session it is no bigger than in the middle.
    expect(context(500, 499).tokens).toBeLessThanOrEqual(context(500, 250).tokens * 1.1);
    const text = JSON.stringify(context(500, 250).messages);
    expect(text).toContain('t250');
    expect(text).not.toContain('src/module100.ts');
  });

  it('keeps the newest tool results within the budget, cutting or leaving out older ones', () => {
    const tools = Array.from({ length: 40 }, (_, i) => ({
      callId: `c${i}`,
      tool: 'read_file',
      input: JSON.stringify({ path: `src/f${i}.ts` }),
      summary: `${`line of file ${i} `.repeat(2000)}END${i}`,
      isError: false,
    }));
    const built = context(10, 3, 8000, tools);
    expect(built.tokens).toBeLessThanOrEqual(8000);
    expect(built.toolsOmitted).toBeGreaterThan(0);
    const text = JSON.stringify(built.messages);
    expect(text).toContain('src/f39.ts'); // the newest is kept
    expect(text).not.toContain('src/f0.ts"'); // the oldest is left out
  });
});
