import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../shared/contract';
import { sessionEndNotice, type Attention } from './sessionEndNotice';

const ev = (sessionId: string, e: Record<string, unknown>) => ({ sessionId, seq: 1, ts: '2026-01-01T00:00:00Z', ...e }) as unknown as AgentEvent;
const completed = ev('s1', { type: 'session_completed', summary: 'Done.' });
const failed = ev('s1', { type: 'session_failed', reason: 'Task 2 failed twice.' });
const looking: Attention = { view: 'agent', currentSessionId: 's1', pageVisible: true, settingsOpen: false };
const typed = { task: 'Add a greet()\nfunction', spec: null, parentId: null };

describe('the notice at the end of a session', () => {
  it('none while the person looks at that session', () => {
    expect(sessionEndNotice(completed, looking, typed)).toBeNull();
    expect(sessionEndNotice(failed, looking, typed)).toBeNull();
  });

  it('one when they look elsewhere: another view, another session, the settings, or the page hidden', () => {
    const elsewhere: Attention[] = [
      { ...looking, view: 'review' },
      { ...looking, view: 'files' },
      { ...looking, currentSessionId: 's2' },
      { ...looking, currentSessionId: null },
      { ...looking, settingsOpen: true },
      { ...looking, pageVisible: false },
    ];
    for (const a of elsewhere) expect(sessionEndNotice(completed, a, typed)).toEqual({ sessionId: 's1', kind: 'completed', detail: 'Add a greet() function' });
  });

  it('a failure says the task and why', () => {
    expect(sessionEndNotice(failed, { ...looking, view: 'files' }, typed, (e) => (e.type === 'session_failed' ? e.reason : ''))).toEqual({
      sessionId: 's1',
      kind: 'failed',
      detail: 'Add a greet() function — Task 2 failed twice.',
    });
  });

  it('only for an end: not a stop, a pause or progress; not for a spec session or a sub-task; an unlisted session still counts', () => {
    const away = { ...looking, view: 'timeline' as const };
    expect(sessionEndNotice(ev('s1', { type: 'session_stopped' }), away, typed)).toBeNull();
    expect(sessionEndNotice(ev('s1', { type: 'status_changed', status: 'paused', reason: 'x' }), away, typed)).toBeNull();
    expect(sessionEndNotice(completed, away, { ...typed, spec: '.akira/specs/a/tasks.md' })).toBeNull();
    expect(sessionEndNotice(completed, away, { ...typed, parentId: 'p1' })).toBeNull();
    expect(sessionEndNotice(completed, away, null)).toEqual({ sessionId: 's1', kind: 'completed', detail: '' });
  });
});
