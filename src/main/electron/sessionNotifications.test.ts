import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../shared/contract';
import { desktopStrings } from './desktopStrings';
import { sessionNotificationOf, watchSessionEnds, type NotifiedSession, type SessionNotification } from './sessionNotifications';

const ev = (sessionId: string, e: Record<string, unknown>) => ({ sessionId, seq: 1, ts: 't', ...e }) as unknown as AgentEvent;
const typed: NotifiedSession = { task: 'Add a greet()\nfunction', spec: null, parentId: null };

describe('the desktop notification at the end of a typed task', () => {
  it('notifies a completion or a failure while the window is not in front, in the UI language', () => {
    expect(sessionNotificationOf(ev('s1', { type: 'session_completed', summary: 'ok' }), false, typed)).toEqual({
      sessionId: 's1',
      kind: 'completed',
      title: 'Akira: task completed',
      body: 'Add a greet() function',
    });
    expect(sessionNotificationOf(ev('s1', { type: 'session_failed', reason: 'Task 2 failed.' }), false, typed, desktopStrings['zh-CN'], 'zh-CN')).toMatchObject({
      kind: 'failed',
      title: 'Akira：任务失败',
      body: 'Add a greet() function — Task 2 failed.',
    });
  });

  it('not while the window is in front (the page tells or the person looks), nor for a stop, a spec session or a sub-task', () => {
    const done = ev('s1', { type: 'session_completed', summary: '' });
    expect(sessionNotificationOf(done, true, typed)).toBeNull();
    expect(sessionNotificationOf(ev('s1', { type: 'session_stopped' }), false, typed)).toBeNull();
    expect(sessionNotificationOf(done, false, { ...typed, spec: '.akira/specs/a/tasks.md' })).toBeNull();
    expect(sessionNotificationOf(done, false, { ...typed, parentId: 'p' })).toBeNull();
    expect(sessionNotificationOf(done, false, null)).toBeNull();
  });

  it('the watcher reads the window at the end, asks for the session only then, and stops', async () => {
    let listener: ((e: AgentEvent) => void) | null = null;
    let inFront = true;
    const asked: string[] = [];
    const shown: SessionNotification[] = [];
    const stop = watchSessionEnds({
      subscribe: (l) => {
        listener = l;
        return () => (listener = null);
      },
      sessionOf: async (id) => {
        asked.push(id);
        return typed;
      },
      windowInFront: () => inFront,
      notify: (n) => shown.push(n),
    });
    const settle = () => new Promise((r) => setTimeout(r, 0));
    listener!(ev('a', { type: 'session_completed', summary: '' }));
    inFront = false;
    listener!(ev('b', { type: 'status_changed', status: 'running' }));
    listener!(ev('c', { type: 'session_failed', reason: 'x' }));
    await settle();
    expect(asked).toEqual(['c']);
    expect(shown.map((n) => [n.sessionId, n.kind])).toEqual([['c', 'failed']]);
    stop();
    expect(listener).toBeNull();
  });
});
