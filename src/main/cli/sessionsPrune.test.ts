import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionStore, type SessionHandle, type SessionStore } from '../core/sessions';
import { execBuilt } from '../../testing/builtCli';
import { tempDir, writeTree } from '../../testing/tempTree';

// `akira sessions prune [--dry-run]` through the real built command (bin/akira.cjs → out/main/cli.js; build first), on a
// workspace whose sessions were written by the real session store with a clock set back: old finished ones go, recent
// ones, a paused one and one open in this (live) process stay.

const DAY = 24 * 60 * 60 * 1000;
let base = '';
let ws = '';
let dataDir = '';
let cleanup: () => Promise<void> = async () => {};
let held: SessionHandle | null = null;
let holder: SessionStore | null = null;
const ids: Record<string, string> = {};

const akira = (args: string[], env: NodeJS.ProcessEnv = {}) => execBuilt('akira.cjs', args, { cwd: base, env: { AKIRA_DATA_DIR: dataDir, ...env } });
const sessionFolder = (name: string) => join(ws, '.akira/sessions', ids[name]);

/** A session of `task` whose events are `daysAgo` old, left in `end` (or held open when `keepOpen`). */
async function session(name: string, daysAgo: number, end: 'completed' | 'failed' | 'stopped' | 'paused', keepOpen = false) {
  const at = Date.now() - daysAgo * DAY;
  const store = createSessionStore({ root: ws, now: () => new Date(at) });
  const s = await store.createSession({ task: `Task ${name}`, mode: 'code-dev', model: 'test-model' });
  ids[name] = s.sessionId;
  if (end === 'completed') await s.append({ type: 'session_completed', summary: 'done' });
  if (end === 'failed') await s.append({ type: 'session_failed', reason: 'it broke' });
  if (end === 'stopped') await s.append({ type: 'session_stopped' });
  if (end === 'paused') await s.append({ type: 'status_changed', status: 'paused' });
  if (keepOpen) {
    held = s;
    holder = store;
    return;
  }
  await s.close();
  await store.dispose();
}

beforeAll(async () => {
  const t = await tempDir('akira-cli-sessions-prune-');
  cleanup = t.cleanup;
  base = t.dir;
  ws = join(base, 'ws');
  dataDir = join(base, 'data');
  await writeTree(ws, { 'a.txt': 'x\n' });
  await mkdir(dataDir, { recursive: true });
  await session('oldCompleted', 200, 'completed');
  await session('oldFailed', 120, 'failed');
  await session('midStopped', 40, 'stopped');
  await session('recent', 2, 'completed');
  await session('oldPaused', 300, 'paused');
  await session('oldOpen', 150, 'stopped', true);
}, 60_000);

afterAll(async () => {
  await held?.close();
  await holder?.dispose();
  await cleanup();
});

describe('akira sessions prune (built)', () => {
  it('--dry-run lists what would go under the default 90 days, and what is kept and why; nothing is removed', async () => {
    const r = await akira(['sessions', 'prune', '--dry-run', '--workspace', ws]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Would remove 2 session folders last active more than 90 days ago (agent.sessions.retentionDays):');
    expect(r.stdout).toMatch(new RegExp(`${ids.oldCompleted} +completed +last active .* Task oldCompleted`));
    expect(r.stdout).toMatch(new RegExp(`${ids.oldFailed} +failed +last active .* Task oldFailed`));
    expect(r.stdout).toContain('Kept 2 older sessions:');
    expect(r.stdout).toMatch(new RegExp(`${ids.oldPaused} .*\\(not finished \\(it can still be resumed\\)\\)`));
    expect(r.stdout).toMatch(new RegExp(`${ids.oldOpen} .*\\(open in a running Akira\\)`));
    expect(r.stdout).not.toContain(ids.recent);
    expect(r.stdout).not.toContain(ids.midStopped);
    for (const name of Object.keys(ids)) expect(existsSync(sessionFolder(name)), name).toBe(true);

    const json = await akira(['sessions', 'prune', '--dry-run', '--json', '--workspace', ws]);
    const result = JSON.parse(json.stdout);
    expect(result).toMatchObject({ retentionDays: 90, source: 'default', dryRun: true });
    expect(result.removed.map((s: { sessionId: string }) => s.sessionId).sort()).toEqual([ids.oldCompleted, ids.oldFailed].sort());
  });

  it('prunes for real with the workspace lengthening nothing and the global setting at 30 days', async () => {
    await writeFile(join(dataDir, 'settings.json'), JSON.stringify({ agent: { sessions: { retentionDays: 30 } } }));
    const r = await akira(['sessions', 'prune', '--workspace', ws]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Removed 3 session folders last active more than 30 days ago');
    for (const gone of ['oldCompleted', 'oldFailed', 'midStopped']) expect(existsSync(sessionFolder(gone)), gone).toBe(false);
    for (const kept of ['recent', 'oldPaused', 'oldOpen']) expect(existsSync(sessionFolder(kept)), kept).toBe(true);

    const list = await akira(['sessions', 'list', '--json', '--workspace', ws]);
    expect(JSON.parse(list.stdout).sessions.map((s: { sessionId: string }) => s.sessionId).sort()).toEqual([ids.recent, ids.oldPaused, ids.oldOpen].sort());

    const again = await akira(['sessions', 'prune', '--workspace', ws], { LANG: 'zh_CN.UTF-8' });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('没有可清理的会话：没有已结束的会话最后活动超过 30 天。');
    expect(again.stdout).toContain('保留了 2 个较旧的会话：');
  });

  it('refuses an invalid retention with the file and the field', async () => {
    await writeFile(join(dataDir, 'settings.json'), JSON.stringify({ agent: { sessions: { retentionDays: 0 } } }));
    const r = await akira(['sessions', 'prune', '--workspace', ws]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('agent.sessions.retentionDays must be a whole number of days from 1 to 3650 (got 0)');
  });
});
