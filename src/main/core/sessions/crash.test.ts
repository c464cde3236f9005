import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../testing/tempTree';
import { waitFor } from '../../../testing/waitFor';
import { parseEventLog } from './eventLog';
import { replay } from '../../../shared/agent/sessionReplay';
import { createSessionStore } from './sessionStore';

/**
 * The real store in a real process killed with SIGKILL mid-stream: crashChild.fixture.ts is bundled
 * (rolldown, which vite ships) into a .cjs and run with plain `node`; it appends as fast as it can
 * and prints `ack <seq>` when each append resolves. Every acknowledged event must survive the kill.
 */

let work: { dir: string; cleanup: () => Promise<void> };
let bundle: string;

beforeAll(async () => {
  work = await tempDir('akira-crash-');
  bundle = join(work.dir, 'crashChild.cjs');
  await build({
    input: fileURLToPath(new URL('./crashChild.fixture.ts', import.meta.url)),
    platform: 'node',
    logLevel: 'silent',
    output: { file: bundle, format: 'cjs' },
  });
});
afterAll(() => work.cleanup());

interface Run {
  child: ChildProcess;
  sessionId: () => string | null;
  acked: () => number;
  stderr: () => string;
}

function run(root: string, sessionId?: string): Run {
  const child = spawn(process.execPath, [bundle, root, ...(sessionId ? [sessionId] : [])], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  return {
    child,
    sessionId: () => /^session (\S+)$/m.exec(out)?.[1] ?? null,
    acked: () => {
      const acks = [...out.matchAll(/^ack (\d+)$/gm)];
      return acks.length ? Math.max(...acks.map((m) => Number(m[1]))) : 0;
    },
    stderr: () => err,
  };
}

async function kill9(r: Run, atLeast: number): Promise<number> {
  await waitFor(() => r.acked() >= atLeast || r.child.exitCode !== null, `${atLeast} acknowledged events`, 30_000);
  expect(r.stderr()).toBe('');
  expect(r.child.exitCode).toBeNull();
  const exited = new Promise((resolve) => r.child.once('close', resolve)); // after stdout is drained
  r.child.kill('SIGKILL');
  await exited;
  return r.acked(); // every ack printed before the kill
}

describe('a writer killed with SIGKILL', () => {
  it('keeps every acknowledged event, loads cleanly, resumes, and is recovered as interrupted', async () => {
    const ws = await tempDir('akira-crash-ws-');
    try {
      const first = run(ws.dir);
      const acked = await kill9(first, 400 + Math.floor(Math.random() * 400));
      const sessionId = first.sessionId()!;
      expect(sessionId).toBeTruthy();

      const store = createSessionStore({ root: ws.dir });
      const loaded = await store.loadSession(sessionId);
      // Only a torn last line may be reported; nothing in the middle is broken.
      expect(loaded.problems.filter((p) => !/incomplete/.test(p.message))).toEqual([]);
      const seqs = loaded.events.map((e) => e.seq);
      expect(seqs).toEqual(seqs.map((_, i) => i + 1));
      expect(seqs.length).toBeGreaterThanOrEqual(acked);
      expect(loaded.state.warnings).toEqual([]);
      expect(loaded.state).toMatchObject({ status: 'running', sessionId });
      expect(loaded.state.inFlight.length).toBeLessThanOrEqual(1);
      expect(loaded.state.lastConsistentSeq).toBeGreaterThanOrEqual(loaded.state.lastSeq - 4);

      // The next start finds it interrupted (its writer is dead) …
      expect(await store.recoverInterrupted()).toEqual([{ sessionId, previousStatus: 'running' }]);
      const text = await readFile(join(ws.dir, '.akira', 'sessions', sessionId, 'events.jsonl'));
      expect(parseEventLog(text).problems).toEqual([]); // the torn tail was cut when it was reopened
      await store.dispose();

      // … and a new process resumes it and is killed again.
      const second = run(ws.dir, sessionId);
      const acked2 = await kill9(second, seqs.length + 200);
      const after = await createSessionStore({ root: ws.dir }).loadSession(sessionId);
      expect(after.problems.filter((p) => !/incomplete/.test(p.message))).toEqual([]);
      expect(after.events.length).toBeGreaterThanOrEqual(acked2);
      expect(after.events.slice(0, loaded.events.length)).toEqual(loaded.events);
      expect(after.events.map((e) => e.seq)).toEqual(after.events.map((_, i) => i + 1));
      expect(after.state).toEqual(replay(after.events));
      expect(after.events.some((e) => e.type === 'status_changed' && e.status === 'interrupted')).toBe(true);
    } finally {
      await ws.cleanup();
    }
  }, 90_000);
});
