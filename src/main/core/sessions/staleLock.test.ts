import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../testing/tempTree';
import { waitFor } from '../../../testing/waitFor';
import { createCore, type Core } from '../createCore';
import { LOCK_FILE } from './sessionLock';

/**
 * `writer.lock` never outlives its process for long (issue 13): real writers in real processes (lockHolder.fixture.ts,
 * bundled with rolldown and run with plain `node`) are killed with SIGKILL, which leaves their locks behind; the
 * next open of the folder removes those, whether the session was running (it is marked interrupted) or had ended,
 * and leaves the lock of a writer that is still alive.
 */

let work: { dir: string; cleanup: () => Promise<void> };
let bundle: string;
const children: ChildProcess[] = [];
let core: Core | null = null;

beforeAll(async () => {
  work = await tempDir('akira-stalelock-');
  bundle = join(work.dir, 'lockHolder.cjs');
  await build({
    input: fileURLToPath(new URL('./lockHolder.fixture.ts', import.meta.url)),
    platform: 'node',
    logLevel: 'silent',
    output: { file: bundle, format: 'cjs' },
  });
});
afterEach(async () => {
  await core?.dispose();
  core = null;
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
afterAll(() => work.cleanup());

/** A writer holding the lock of a new session (`running` or `completed`); answers the child and the session id. */
async function holder(root: string, how: 'running' | 'completed') {
  const child = spawn(process.execPath, [bundle, root, how], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const sessionId = await waitFor(() => /^session (\S+)$/m.exec(out)?.[1] ?? (err || child.exitCode !== null ? `failed: ${err}` : null), `the ${how} writer`, 30_000);
  expect(sessionId).not.toMatch(/^failed/);
  return { child, sessionId, lock: join(root, '.akira', 'sessions', sessionId, LOCK_FILE) };
}

async function kill9(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('close', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('writer.lock of a killed process', () => {
  it('is removed when the folder is next opened (a running session: interrupted; an ended one: as it was); a live writer keeps its lock', async () => {
    const ws = await tempDir('akira-stalelock-ws-');
    const data = await tempDir('akira-stalelock-data-');
    try {
      const running = await holder(ws.dir, 'running');
      const ended = await holder(ws.dir, 'completed');
      const alive = await holder(ws.dir, 'running');
      for (const h of [running, ended, alive]) expect(JSON.parse(readFileSync(h.lock, 'utf8')).pid).toBe(h.child.pid);

      await kill9(running.child);
      await kill9(ended.child);
      // SIGKILL gives no chance to clean up: the locks stay, naming dead processes.
      expect(existsSync(running.lock)).toBe(true);
      expect(existsSync(ended.lock)).toBe(true);

      core = await createCore({ workspaceRoot: ws.dir, dataDir: data.dir, face: 'test', version: '0.0.0-test', watch: false });
      await waitFor(() => !existsSync(running.lock) && !existsSync(ended.lock), 'the stale locks removed', 15_000);
      const answer = await core.router.handle('agent.list', {}, { face: 'test' });
      if ('error' in answer) throw new Error(answer.error.message);
      const statusOf = (id: string) => (answer.result as { sessions: { sessionId: string; status: string }[] }).sessions.find((s) => s.sessionId === id)?.status;
      expect(statusOf(running.sessionId)).toBe('interrupted');
      expect(statusOf(ended.sessionId)).toBe('completed');
      expect(statusOf(alive.sessionId)).toBe('running'); // another live process is writing it
      expect(JSON.parse(readFileSync(alive.lock, 'utf8')).pid).toBe(alive.child.pid);
    } finally {
      await core?.dispose();
      core = null;
      await ws.cleanup();
      await data.cleanup();
    }
  }, 90_000);
});
