import { describe, expect, it } from 'vitest';
import { createTerminalRouter } from './terminalRouter';
import { useTerminalStore } from './terminalStore';

function sink() {
  const written: string[] = [];
  return { written, write: (d: string) => written.push(d) };
}

describe('terminalRouter', () => {
  it('routes output by terminal once each view has its replay', () => {
    const router = createTerminalRouter();
    const a = sink();
    const b = sink();
    const attachA = router.attach('a', a);
    const attachB = router.attach('b', b);
    attachA.replayDone();
    attachB.replayDone();
    router.push('a', 'one');
    router.push('b', 'two');
    router.push('c', 'nobody');
    expect(a.written).toEqual(['one']);
    expect(b.written).toEqual(['two']);
  });

  it('drops live output until the replay was written, then passes it on', () => {
    const router = createTerminalRouter();
    router.push('t', 'before the view'); // covered by the replay
    const t = sink();
    const attachment = router.attach('t', t);
    router.push('t', 'also in the replay');
    expect(t.written).toEqual([]);
    attachment.replayDone();
    router.push('t', 'new');
    expect(t.written).toEqual(['new']);
  });

  it('a re-attach starts over; an old attachment no longer receives or detaches the new one', () => {
    const router = createTerminalRouter();
    const first = sink();
    const old = router.attach('t', first);
    old.replayDone();
    const second = sink();
    const fresh = router.attach('t', second);
    router.push('t', 'in the new replay');
    old.detach();
    fresh.replayDone();
    router.push('t', 'live');
    expect(first.written).toEqual([]);
    expect(second.written).toEqual(['live']);
  });

  it('stops delivering after detach or forget', () => {
    const router = createTerminalRouter();
    const t = sink();
    const attachment = router.attach('t', t);
    attachment.replayDone();
    attachment.detach();
    router.push('t', 'later');
    const u = sink();
    router.attach('u', u).replayDone();
    router.forget('u');
    router.push('u', 'later');
    expect(t.written).toEqual([]);
    expect(u.written).toEqual([]);
  });

  it('passes each event\'s end on, for the view\'s cumulative acks', () => {
    const router = createTerminalRouter();
    const ends: (number | undefined)[] = [];
    router.attach('t', { write: (_d, end) => ends.push(end) }).replayDone();
    router.push('t', 'abc', 3);
    router.push('t', 'de', 5);
    router.push('t', 'old core');
    expect(ends).toEqual([3, 5, undefined]);
  });
});

describe('terminalStore flow', () => {
  it('marks a tab paused or unattended (terminal.onFlow) and clears it when output flows', () => {
    const store = useTerminalStore.getState();
    store.reset();
    store.add({ terminalId: 't', title: 'bash', exited: false, exitCode: null }, false);
    store.setFlow('t', 'paused');
    expect(useTerminalStore.getState().tabs[0].flow).toBe('paused');
    store.setFlow('t', 'unattended');
    expect(useTerminalStore.getState().tabs[0].flow).toBe('unattended');
    store.setFlow('t', 'flowing');
    expect(useTerminalStore.getState().tabs[0].flow).toBeUndefined();
    store.setFlow('nobody', 'paused');
    expect(useTerminalStore.getState().tabs).toHaveLength(1);
  });
});
