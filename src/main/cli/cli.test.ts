import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, realpath, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuilt, type BuiltRun } from '../../testing/builtCli';
import { waitFor } from '../../testing/waitFor';

// Runs the real built command (out/main/cli.js via bin/akira.cjs) as a child process.
const repo = resolve(__dirname, '../../..');
let base = '';
let dataDir = '';
const children: ChildProcess[] = [];

function run(script: string, args: string[], env: NodeJS.ProcessEnv = {}): BuiltRun {
  const r = runBuilt(script, args, { cwd: base, env: { AKIRA_DATA_DIR: dataDir, ...env } });
  children.push(r.child);
  return r;
}

const SERVING = /^Akira is serving (.+) at (http:\/\/127\.0\.0\.1:(\d+)\/\?token=([A-Za-z0-9_-]+))$/m;

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'akira-cli-')));
  dataDir = join(base, 'data');
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await rm(base, { recursive: true, force: true });
});

describe('akira serve (built)', () => {
  it('prints the pinned line, serves with the token, 401 without, exits 0 on SIGTERM', async () => {
    const link = join(base, 'linked');
    await symlink(base, link);
    const serve = run('akira.cjs', ['serve', 'linked', '--port', '0']);
    const match = await waitFor(() => SERVING.exec(serve.stdout()), `the serving line (stderr: ${serve.stderr()})`, 15_000);
    expect(match[1]).toBe(base);
    expect(serve.stdout().trim().split('\n')).toHaveLength(1);
    const [, , url, port] = match;

    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(401);
    expect((await fetch(`http://127.0.0.1:${port}/?token=nope`)).status).toBe(401);

    serve.child.kill('SIGTERM');
    expect(await serve.exited).toEqual({ code: 0, signal: null });
  });

  it('warns when bound to a non-loopback host', async () => {
    const serve = run('akira.cjs', ['serve', '--host', '0.0.0.0', '--port=0']);
    await waitFor(() => SERVING.exec(serve.stdout()), 'the serving line', 15_000);
    await waitFor(() => serve.stderr().includes('warning'), 'the warning');
    serve.child.kill('SIGINT');
    expect((await serve.exited).code).toBe(0);
  });
});

describe('akira usage errors', () => {
  const cases: [string[], RegExp][] = [
    [['serve', '--bogus'], /Unknown option for serve: --bogus/],
    [['serve', '--port'], /--port needs a value/],
    [['serve', '--port', 'abc'], /--port must be a whole number/],
    [['serve', '--port', '70000'], /between 0 and 65535/],
    [['serve', 'a', 'b'], /at most 1 folder/],
    [['serve', 'no-such-folder'], /Folder not found: .*no-such-folder/],
    [['frobnicate'], /Unknown command: frobnicate/],
    [['--frob'], /Unknown option: --frob/],
    [['run'], /run needs --task/],
    // --task with --resume is a follow-up (issue 25): a bad id is what is wrong here.
    [['run', '--task', 'x', '--resume', 'y'], /must be a session id/],
    [['checkpoints', 'frob'], /Unknown checkpoints command: frob/],
  ];
  it.each(cases)('akira %j exits 2 with a clear message', async (args, message) => {
    const cli = run('akira.cjs', args);
    expect((await cli.exited).code).toBe(2);
    expect(cli.stderr()).toMatch(message);
    expect(cli.stdout()).toBe('');
  });

  it('prints --version from package.json and --help', async () => {
    const { version } = JSON.parse(await readFile(join(repo, 'package.json'), 'utf8'));
    const v = run('akira.cjs', ['--version']);
    expect((await v.exited).code).toBe(0);
    expect(v.stdout()).toBe(`${version}\n`);
    const help = run('akira.cjs', ['--help']);
    expect((await help.exited).code).toBe(0);
    expect(help.stdout()).toContain('akira serve [folder]');
    const serveHelp = run('akira.cjs', ['serve', '--help']);
    expect((await serveHelp.exited).code).toBe(0);
    expect(serveHelp.stdout()).toContain('--port N');
  });
});

describe('npm start without the Electron runtime', () => {
  it('says so in one line and serves the UI instead', async () => {
    // npm runs `start` in the package folder and says where it was called from in INIT_CWD.
    const start = run('start.cjs', [], { INIT_CWD: base, ELECTRON_OVERRIDE_DIST_PATH: join(base, 'no-electron-here') });
    const match = await waitFor(() => SERVING.exec(start.stdout()), 'the serving line', 15_000);
    expect(match[1]).toBe(base);
    const lines = start.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Electron runtime not installed \(.+\); serving the UI in a browser instead$/);
    expect((await fetch(match[2])).status).toBe(200);
    start.child.kill('SIGTERM');
    expect((await start.exited).code).toBe(0);
  });
});
