import { describe, expect, it } from 'vitest';
import { createTerminalRouter } from './terminalRouter';

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
});
