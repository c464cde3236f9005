import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startAgentKit, type AgentKit } from '../../../testing/agentKit';
import { gitCli } from '../../../testing/gitCli';
import { reply } from '../../../testing/openaiTestServer';
import { waitFor } from '../../../testing/waitFor';
import { LOCK_FILE } from './sessionLock';

// Akira's bookkeeping stays out of the user's git (issue 13): after real agent sessions (the real core with its
// watcher, checkpoints and session logs, the scripted model server) in a git repository, `git status` shows the
// user's changes and nothing under .akira/ (the .gitignore Akira wrote ignores itself too); no
// writer.lock is left once the sessions end.

let kit: AgentKit | null = null;
afterEach(async () => {
  await kit?.close();
  kit = null;
});

const settings = { agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: true } } } };
const verdict = (todoId: string) => reply.toolCall('verify_todo', { todoId, approved: true, feedback: 'looks right', confidence: 0.9 });

/** A session that writes `file`, runs a command and completes. */
async function session(k: AgentKit, file: string): Promise<string> {
  k.server.enqueue(
    reply.toolCall('todo_write', { todos: [{ id: 't1', description: `Create ${file}`, expectedResult: `${file} exists` }] }),
    reply.toolCall('write_file', { path: file, content: 'hello\n' }),
    reply.toolCall('run_command', { command: `cat ${file}` }),
    reply.toolCall('update_todo', { id: 't1', status: 'done', result: `wrote ${file}` }),
    verdict('t1'),
    verdict('task'),
  );
  const { sessionId } = await k.call('agent.start', { task: `Write ${file}` });
  await k.waitForEvent('session_completed', (e) => e.sessionId === sessionId, 30_000);
  return sessionId;
}

/** `git status --porcelain` lines (every untracked file listed on its own). */
const status = (root: string) => gitCli(root, 'status', '--porcelain', '--untracked-files=all').split('\n').filter(Boolean);

async function lockFiles(root: string): Promise<string[]> {
  const entries = await readdir(join(root, '.akira'), { recursive: true }).catch(() => [] as string[]);
  return entries.filter((p) => p.endsWith(LOCK_FILE));
}

describe("Akira's bookkeeping and the user's git", () => {
  it('after agent sessions git status lists the user\'s files and nothing under .akira/ but a project file the user changed', async () => {
    kit = await startAgentKit({
      files: { 'README.md': '# demo\n', '.akira/settings.json': '{}\n' },
      gitRepo: true,
      watch: true,
      settings,
    });
    const first = await session(kit, 'hello.txt');
    // Sessions, checkpoint notes and the watcher's cookies were written …
    const written = await readdir(join(kit.root, '.akira'));
    expect(written).toEqual(expect.arrayContaining(['.gitignore', 'sessions', 'checkpoints', 'cookies', 'settings.json']));
    expect(await readdir(join(kit.root, '.akira', 'sessions', first))).toEqual(expect.arrayContaining(['events.jsonl', 'session.md']));
    // … and git sees only the user's file: nothing under .akira/ (the .gitignore keeps itself out too).
    expect(status(kit.root).sort()).toEqual(['?? hello.txt']);
    await waitForNoLocks(kit.root);

    // Committed once, the .gitignore keeps every later session out of sight; a project file under .akira/ stays visible.
    gitCli(kit.root, 'add', '-A');
    gitCli(kit.root, 'commit', '-q', '-m', 'the user commits');
    await session(kit, 'again.txt');
    await kit.call('workspace.write', { path: '.akira/settings.json', content: '{"agent":{}}\n' });
    expect(status(kit.root).sort()).toEqual([' M .akira/settings.json', '?? again.txt']);
    await waitForNoLocks(kit.root);
  }, 90_000);
});

/** The sessions' writer.lock files are released when they end (polled: the release follows the last event). */
async function waitForNoLocks(root: string): Promise<void> {
  await waitFor(async () => (await lockFiles(root)).length === 0, 'no writer.lock left', 10_000);
}
