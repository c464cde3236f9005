import { describe, expect, it } from 'vitest';
import { agentEvent } from './agentEvents';
import { blockedConnectionReason, sandboxBlocksForLog, type SandboxBlockData } from './sandboxBlocks';
import { sessionEventSchema } from './sessionEvents';
import { replay } from './sessionReplay';

const head = { seq: 2, ts: '2026-01-01T00:00:00.000Z', type: 'command_finished', todoId: 't1', command: 'curl http://127.0.0.1:8080/', exitCode: 7 };
const blocked: SandboxBlockData[] = [
  { kind: 'network', host: '127.0.0.1', port: 8080, reason: 'local_address' },
  { kind: 'write', path: '/home/u/.bashrc' },
  { kind: 'read', path: '/home/u/.ssh/id_rsa' },
];

describe('command_finished with what the sandbox did (issue 26)', () => {
  it('reads sandboxed and blocked from the log and from agent.onEvent; an older event has neither', () => {
    expect(sessionEventSchema.parse({ ...head, sandboxed: true, blocked })).toMatchObject({ sandboxed: true, blocked });
    expect(agentEvent.parse({ ...head, sessionId: 's1', sandboxed: true, blocked })).toMatchObject({ sandboxed: true, blocked });
    const old = sessionEventSchema.parse(head);
    expect(old).not.toHaveProperty('sandboxed');
    expect(old).not.toHaveProperty('blocked');
  });

  it('refuses more than 20 blocks, unbounded strings, an unknown kind or reason', () => {
    const many = Array.from({ length: 21 }, (_, i) => ({ kind: 'write', path: `/x/${i}` }));
    for (const bad of [
      many,
      [{ kind: 'network', host: 'h'.repeat(256), port: 80, reason: 'not_allowed' }],
      [{ kind: 'write', path: `/${'p'.repeat(4096)}` }],
      [{ kind: 'exec', path: '/bin/sh' }],
      [{ kind: 'network', host: 'a.test', port: 80, reason: 'because' }],
      [{ kind: 'network', host: 'a.test', port: 70000, reason: 'not_allowed' }],
    ]) {
      expect(sessionEventSchema.safeParse({ ...head, blocked: bad }).success).toBe(false);
    }
  });

  it('bounds what the runner reported before it is logged: 20 blocks at most, long strings cut', () => {
    const many: SandboxBlockData[] = Array.from({ length: 30 }, (_, i) => ({ kind: 'read', path: `/x/${i}` }));
    const logged = sandboxBlocksForLog([{ kind: 'network', host: 'h'.repeat(300), port: 443, reason: 'not_allowed' }, { kind: 'write', path: `/${'p'.repeat(5000)}` }, ...many]);
    expect(logged).toHaveLength(20);
    expect(sessionEventSchema.parse({ ...head, sandboxed: true, blocked: logged })).toMatchObject({ blocked: logged });
  });

  it('replays a session whose commands were sandboxed and blocked like any other', () => {
    const ts = '2026-01-01T00:00:00.000Z';
    const events = [
      { seq: 1, ts, type: 'session_started', sessionId: 's1', task: 'Fetch', mode: 'autonomous', model: 'm' },
      { ...head, sandboxed: true, blocked },
      { ...head, seq: 3, command: 'ls', exitCode: 0 },
    ].map((e) => sessionEventSchema.parse(e));
    expect(replay(events).totals.commands).toBe(2);
  });
});

describe('blockedConnectionReason', () => {
  it('calls a refused loopback host a server on this machine, and leaves other hosts and reasons as they are', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', 'api.localhost', '::1', '[::1]', '0.0.0.0']) {
      expect(blockedConnectionReason({ host, reason: 'not_allowed' })).toBe('local_address');
    }
    expect(blockedConnectionReason({ host: 'pypi.org', reason: 'not_allowed' })).toBe('not_allowed');
    expect(blockedConnectionReason({ host: '127.0.0.1.example.com', reason: 'not_allowed' })).toBe('not_allowed');
    expect(blockedConnectionReason({ host: 'db.example.test', reason: 'local_address' })).toBe('local_address');
    expect(blockedConnectionReason({ host: 'nowhere.test', reason: 'unresolved' })).toBe('unresolved');
  });
});
