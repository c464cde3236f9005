import { describe, expect, it } from 'vitest';
import { askRoute } from './askRoute';

describe('where "Ask the agent" goes (issue 27, defect 14)', () => {
  const paused = { sessionId: 'p', status: 'paused' as const };
  const running = { sessionId: 'r', status: 'running' as const };
  const done = { sessionId: 'd', status: 'completed' as const };
  it('goes to the live session on screen', () => {
    expect(askRoute([paused, running], 'r')).toBe('message');
    expect(askRoute([], 'just-started')).toBe('message');
  });
  it('never to a paused session on screen: a choice when another one runs, else a new task', () => {
    expect(askRoute([paused, running], 'p')).toBe('choose');
    expect(askRoute([paused, done], 'p')).toBe('task');
    expect(askRoute([done], null)).toBe('task');
    expect(askRoute([running], null)).toBe('choose');
  });
});
