import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../shared/contract';
import { desktopStrings } from './desktopStrings';
import { specLabel, specNotificationOf, watchSpecSessions, type SpecNotification } from './specNotifications';

const ev = (sessionId: string, e: Record<string, unknown>) => ({ sessionId, seq: 1, ts: 't', ...e }) as unknown as AgentEvent;

function harness(specs: Record<string, string | null>) {
  let listener: ((e: AgentEvent) => void) | null = null;
  const asked: string[] = [];
  const shown: SpecNotification[] = [];
  const stop = watchSpecSessions({
    subscribe: (l) => {
      listener = l;
      return () => (listener = null);
    },
    specOf: async (id) => {
      asked.push(id);
      if (id === 'broken') throw new Error('gone');
      return specs[id] ?? null;
    },
    notify: (n) => shown.push(n),
  });
  const emit = (e: AgentEvent) => listener?.(e);
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { emit, settle, asked, shown, stop };
}

describe('desktop notifications of spec sessions', () => {
  it('notifies when a spec session completes, fails or pauses; not for other sessions or events', async () => {
    const h = harness({ s1: '.akira/specs/auth/tasks.md', typed: null });
    h.emit(ev('s1', { type: 'status_changed', status: 'running' }));
    h.emit(ev('s1', { type: 'status_changed', status: 'paused', reason: 'Paused by you.' }));
    h.emit(ev('s1', { type: 'session_completed', summary: '2 tasks done.' }));
    h.emit(ev('typed', { type: 'session_completed', summary: 'x' }));
    h.emit(ev('broken', { type: 'session_failed', reason: 'x' }));
    await h.settle();
    expect(h.shown).toEqual([
      { sessionId: 's1', kind: 'paused', title: 'Akira: spec auth paused', body: 'Paused by you.' },
      { sessionId: 's1', kind: 'completed', title: 'Akira: spec auth completed', body: '2 tasks done.' },
    ]);
    // Asked once per session, only for the events that notify.
    expect(h.asked).toEqual(['s1', 'typed', 'broken']);
  });

  it('nothing after it is stopped', async () => {
    const h = harness({ s1: 'plan/tasks.md' });
    h.emit(ev('s1', { type: 'session_failed', reason: 'Task 2 failed.' }));
    h.stop();
    await h.settle();
    expect(h.shown).toEqual([]);
  });

  it('words: the spec by name, a stop is not notified', () => {
    expect(specLabel('.kiro/specs/billing/tasks.md')).toBe('billing');
    expect(specLabel('plan/tasks.md')).toBe('plan/tasks.md');
    expect(specNotificationOf(ev('s', { type: 'session_failed', reason: 'Task 2\nfailed.' }), 'plan/tasks.md')).toMatchObject({ kind: 'failed', title: 'Akira: spec plan/tasks.md failed', body: 'Task 2 failed.' });
    expect(specNotificationOf(ev('s', { type: 'session_stopped' }), 'plan/tasks.md')).toBeNull();
    expect(specNotificationOf(ev('s', { type: 'session_failed', reason: 'x' }), '.akira/specs/auth/tasks.md', desktopStrings['zh-CN'])).toMatchObject({ title: 'Akira：规格 auth 已失败' });
  });
});
