import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuilt, type BuiltRun } from '../../testing/builtCli';
import { tempDir, writeTree } from '../../testing/tempTree';
import { waitFor } from '../../testing/waitFor';
import { storeKey } from '../core/checkpoints/storeLayout';

/**
 * The checkpoint store's lock held by another process (security issue, item 7: a second `akira serve`
 * on a busy workspace used to wait 60 s on it printing nothing, then fail "store is busy"; so did
 * `akira checkpoints list`). With the real built command (out/, `npx electron-vite build`): reads
 * answer at once, `akira serve` starts at once, and a command that writes says at once on stderr whom
 * it waits for (pid, command line, since when), then goes on once the holder is gone.
 */

let ws = '';
let dataDir = '';
let cleanup: () => Promise<void> = async () => {};
const children: ChildProcess[] = [];

function akira(args: string[]): BuiltRun {
  const run = runBuilt('akira.cjs', args, { cwd: ws, env: { AKIRA_DATA_DIR: dataDir } });
  children.push(run.child);
  return run;
}

/** Runs to the end, or fails after `ms` (the old behaviour: a 60 s wait). */
async function finished(run: BuiltRun, ms: number) {
  const timer = setTimeout(() => run.child.kill('SIGKILL'), ms);
  const { code, signal } = await run.exited;
  clearTimeout(timer);
  return { code, signal, stdout: run.stdout(), stderr: run.stderr() };
}

beforeAll(async () => {
  const t = await tempDir('akira-cli-lock-');
  cleanup = t.cleanup;
  ws = join(t.dir, 'ws');
  dataDir = join(t.dir, 'data');
  await writeTree(ws, { 'a.txt': 'one\n', 'src/b.ts': 'export const b = 1;\n' });
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await cleanup();
});

describe('the checkpoint store held by another process (built CLI)', () => {
  it('reads and serve start at once; a write says whom it waits for at once', { timeout: 90_000 }, async () => {
    const first = await finished(akira(['checkpoints', 'create', '-m', 'first', '--json']), 30_000);
    expect(first.code).toBe(0);
    const firstId = JSON.parse(first.stdout).checkpointId as string;

    // Another process (alive) holds the lock, as a busy `akira serve` would during a long operation.
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1 << 30)'], { stdio: 'ignore' });
    children.push(holder);
    const lock = join(dataDir, 'checkpoints', storeKey(ws), 'lock');
    await writeFile(lock, `${holder.pid} ${hostname()} holder\n`, { flag: 'wx' });

    const list = await finished(akira(['checkpoints', 'list', '--json']), 15_000);
    expect(list).toMatchObject({ code: 0, signal: null });
    expect(JSON.parse(list.stdout).checkpoints.map((c: { checkpointId: string }) => c.checkpointId)).toEqual([firstId]);
    const show = await finished(akira(['checkpoints', 'show', 'latest', '--patch', '--json']), 15_000);
    expect(show).toMatchObject({ code: 0, signal: null });
    expect(JSON.parse(show.stdout).checkpointId).toBe(firstId);
    const diff = await finished(akira(['checkpoints', 'diff', firstId, firstId, '--json']), 15_000);
    expect(diff).toMatchObject({ code: 0, signal: null });

    const serve = akira(['serve', ws, '--port', '0']);
    await waitFor(() => /^Akira is serving /m.test(serve.stdout()), `akira serve to start (stderr: ${serve.stderr()})`, 15_000);
    serve.child.kill('SIGTERM');
    expect((await serve.exited).code).toBe(0);

    // A write: it says at once whom it waits for, and goes on once the holder is gone.
    const create = akira(['checkpoints', 'create', '-m', 'second', '--json']);
    await waitFor(() => create.stderr().includes('busy'), `the waiting message (stderr: ${create.stderr()})`, 10_000);
    expect(create.stderr()).toMatch(new RegExp(`waiting for process ${holder.pid} \\(node -e setInterval.*\\) since \\d`));
    expect(create.child.exitCode).toBe(null);
    holder.kill('SIGKILL');
    const created = await finished(create, 30_000);
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout).label).toBe('second');
    expect(created.stderr.match(/busy/g)).toHaveLength(1);
  });
});
