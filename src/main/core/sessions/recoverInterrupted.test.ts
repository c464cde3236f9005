import { readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../testing/tempTree';
import { AkiraError } from '../errors';
import { createSessionStore, type SessionStore } from './sessionStore';

let root: string;
let cleanup: () => Promise<void>;
let store: SessionStore;
beforeEach(async () => {
  ({ dir: root, cleanup } = await tempDir('akira-recover-'));
  store = createSessionStore({ root });
});
afterEach(async () => {
  await store.dispose();
  await cleanup();
});

const base = { task: 'Add a /health endpoint', mode: 'code-dev', model: 'test-model' };

describe('recoverInterrupted', () => {
  it('recoverInterrupted marks planning/running/waiting sessions of a gone process as interrupted, once', async () => {
    const make = async (status: 'planning' | 'running' | 'waiting_approval' | 'awaiting_plan_approval' | 'paused' | 'completed') => {
      const s = await store.createSession({ ...base, task: status });
      if (status === 'completed') await s.append({ type: 'session_completed' });
      else if (status !== 'planning') await s.append({ type: 'status_changed', status });
      return s;
    };
    const sessions = await Promise.all((['planning', 'running', 'waiting_approval', 'awaiting_plan_approval', 'paused', 'completed'] as const).map(make));
    const stillOpen = await make('running');
    for (const s of sessions) await s.close(); // the process "ended" without a final status

    // One more whose session.md lags its log (the crash came between the two writes).
    const lagging = await make('running');
    const staleDoc = await readFile(join(lagging.dir, 'session.md'));
    await lagging.append({ type: 'status_changed', status: 'paused' });
    await lagging.close();
    await writeFile(join(lagging.dir, 'session.md'), staleDoc);

    const recovered = await store.recoverInterrupted();
    expect(recovered.map((r) => r.previousStatus).sort()).toEqual(['awaiting_plan_approval', 'planning', 'running', 'waiting_approval']);
    const list = await store.listSessions();
    const status = (task: string) => list.find((s) => s.task === task && s.sessionId !== stillOpen.sessionId)?.status;
    expect(['planning', 'running', 'waiting_approval', 'awaiting_plan_approval'].map(status)).toEqual(Array(4).fill('interrupted'));
    expect(status('paused')).toBe('paused');
    expect(status('completed')).toBe('completed');
    expect(list.find((s) => s.sessionId === stillOpen.sessionId)?.status).toBe('running');
    expect(list.find((s) => s.sessionId === lagging.sessionId)?.status).toBe('paused'); // the log wins

    const loaded = await store.loadSession(sessions[1].sessionId);
    expect(loaded.events.at(-1)).toMatchObject({ type: 'status_changed', status: 'interrupted', reason: expect.stringMatching(/while the session was running/) });
    expect(await readFile(join(sessions[1].dir, 'history.md'), 'utf8')).toContain('Status running → **interrupted**');
    expect(await store.recoverInterrupted()).toEqual([]);
  });

  it('recoverInterrupted leaves a session another live process is writing', async () => {
    const s = await store.createSession(base);
    await s.append({ type: 'status_changed', status: 'running' });
    await s.close();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      await writeFile(join(s.dir, 'writer.lock'), JSON.stringify({ pid: child.pid, host: hostname(), since: '' }));
      expect(await store.recoverInterrupted()).toEqual([]);
      const err = await store.openSession(s.sessionId).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AkiraError);
      expect((err as AkiraError).message).toMatch(new RegExp(`open in process ${child.pid}`));
    } finally {
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    }
    expect(await store.recoverInterrupted()).toEqual([{ sessionId: s.sessionId, previousStatus: 'running' }]);
    expect((await stat(join(s.dir, 'writer.lock')).catch(() => null))).toBeNull();
  });
});

describe('stale atomic-write tmp files (left when a writer was killed mid-write)', () => {
  const tmpName = (hex: string) => `session.md.${hex}.tmp`;
  const plant = async (dir: string, names: string[], ageMs = 0) => {
    for (const name of names) {
      await writeFile(join(dir, name), 'half a session.md');
      if (ageMs) {
        const t = new Date(Date.now() - ageMs);
        await utimes(join(dir, name), t, t);
      }
    }
  };
  const tmpFiles = async (dir: string) => (await readdir(dir)).filter((n) => n.endsWith('.tmp')).sort();
  // Files that only look alike are not the writer's: they are never removed.
  const others = ['session.md.tmp', 'session.md.ABCDEF012345.tmp', 'notes.md.0123456789ab.tmp', 'session.md.0123456789a.tmp'];

  it('resuming a session removes its session.md.<hex>.tmp files, and only those', async () => {
    const s = await store.createSession(base);
    await s.close();
    await plant(s.dir, [tmpName('0123456789ab'), tmpName('ffffffffffff'), ...others]);
    const again = await store.openSession(s.sessionId);
    expect(await tmpFiles(s.dir)).toEqual([...others].sort());
    await again.close();
  });

  it('recoverInterrupted removes them from interrupted sessions and old ones from idle sessions, never a live writer\'s', async () => {
    const running = await store.createSession({ ...base, task: 'running' });
    await running.append({ type: 'status_changed', status: 'running' });
    await running.close();
    const done = await store.createSession({ ...base, task: 'done' });
    await done.append({ type: 'session_completed' });
    await done.close();
    const live = await store.createSession({ ...base, task: 'live' }); // this process writes it
    await live.append({ type: 'session_completed' });

    await plant(running.dir, [tmpName('aaaaaaaaaaaa')]);
    await plant(done.dir, [tmpName('bbbbbbbbbbbb')], 10 * 60_000);
    await plant(done.dir, [tmpName('cccccccccccc')]); // fresh: it may be another process's write in flight
    await plant(live.dir, [tmpName('dddddddddddd')], 10 * 60_000);

    await store.recoverInterrupted();
    expect(await tmpFiles(running.dir)).toEqual([]);
    expect(await tmpFiles(done.dir)).toEqual([tmpName('cccccccccccc')]);
    expect(await tmpFiles(live.dir)).toEqual([tmpName('dddddddddddd')]);
    await live.close();
  });
});
