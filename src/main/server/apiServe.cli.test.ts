import type { ChildProcess } from 'node:child_process';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execBuilt, runBuilt, type BuiltRun } from '../../testing/builtCli';
import { tempDir } from '../../testing/tempTree';
import { waitFor } from '../../testing/waitFor';

// `akira serve --headless --token-file F` as the built command (bin/akira.cjs → out/main/cli.js, `npm run
// build` first): the API answers with the file's token, refuses without it, GET / says it is headless; a
// token file others can read, an empty or short one, or one in a missing folder is exit 2.

const SERVING = /^Akira is serving (.+) at (http:\/\/127\.0\.0\.1:(\d+))\/\?token=(\S+)$/m;
let base = '';
let dataDir = '';
const children: ChildProcess[] = [];
let cleanup: () => Promise<void> = async () => {};

function serve(args: string[]): BuiltRun {
  const run = runBuilt('akira.cjs', ['serve', ...args], { cwd: base, env: { AKIRA_DATA_DIR: dataDir } });
  children.push(run.child);
  return run;
}

beforeAll(async () => {
  const dir = await tempDir('akira-serve-api-');
  base = dir.dir;
  cleanup = dir.cleanup;
  dataDir = join(base, 'data');
  await mkdir(join(base, 'project'));
  await mkdir(join(base, 'secrets'), { mode: 0o700 });
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await cleanup();
});

const unix = process.platform !== 'win32';

describe('akira serve --headless --token-file (built)', () => {
  it('creates the token file (0600), serves the API with that token, refuses without it, and has no UI', async () => {
    const tokenFile = join(base, 'secrets', 'akira.token');
    const run = serve(['project', '--headless', '--token-file', tokenFile, '--port', '0']);
    const match = await waitFor(() => SERVING.exec(run.stdout()), `the serving line (stderr: ${run.stderr()})`, 20_000);
    const [, , origin, , printedToken] = match;
    const token = (await readFile(tokenFile, 'utf8')).trim();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(printedToken).toBe(token);
    if (unix) expect((await stat(tokenFile)).mode & 0o777).toBe(0o600);
    expect(run.stderr()).toContain('headless');
    expect(run.stderr()).toContain('/api/openapi.json');

    const described = await fetch(`${origin}/api/app.describe`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    expect(described.status).toBe(200);
    expect((await described.json()).result.workspace.root).toBe(join(base, 'project'));
    const refused = await fetch(`${origin}/api/app.describe`, { method: 'POST' });
    expect(refused.status).toBe(401);
    expect((await refused.json()).error.code).toBe('unauthorized');

    const home = await fetch(`${origin}/?token=${token}`);
    expect(home.status).toBe(404);
    expect((await home.json()).error.message).toContain('headless');

    run.child.kill('SIGTERM');
    expect((await run.exited).code).toBe(0);

    // The same file next time: the same token.
    const again = serve(['project', '--headless', '--token-file', tokenFile, '--port', '0']);
    const second = await waitFor(() => SERVING.exec(again.stdout()), `the serving line again (stderr: ${again.stderr()})`, 20_000);
    const ok = await fetch(`${second[2]}/api/app.describe`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    expect(ok.status).toBe(200);
    expect(again.stderr()).not.toContain('created');
    again.child.kill('SIGTERM');
    expect((await again.exited).code).toBe(0);
  });

  it.skipIf(!unix)('refuses a token file other users can read (exit 2), and says how to fix it', async () => {
    const tokenFile = join(base, 'secrets', 'shared.token');
    await writeFile(tokenFile, `${'a'.repeat(48)}\n`);
    await chmod(tokenFile, 0o640);
    const result = await execBuilt('akira.cjs', ['serve', 'project', '--headless', '--token-file', tokenFile], { cwd: base, env: { AKIRA_DATA_DIR: dataDir } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('mode 0640');
    expect(result.stderr).toContain(`chmod 600 ${tokenFile}`);
    expect(result.stdout).toBe('');
  });

  it('refuses an empty or short token and a file in a missing folder (exit 2)', async () => {
    const empty = join(base, 'secrets', 'empty.token');
    const short = join(base, 'secrets', 'short.token');
    await writeFile(empty, '\n', { mode: 0o600 });
    await writeFile(short, 'tooshort\n', { mode: 0o600 });
    const cases: [string, RegExp][] = [
      [empty, /is empty/],
      [short, /too short \(8 characters; at least 32\)/],
      [join(base, 'no-such-folder', 'akira.token'), /folder of --token-file does not exist/],
    ];
    for (const [file, message] of cases) {
      const result = await execBuilt('akira.cjs', ['serve', 'project', '--token-file', file], { cwd: base, env: { AKIRA_DATA_DIR: dataDir } });
      expect(result.code, file).toBe(2);
      expect(result.stderr, file).toMatch(message);
    }
  });
});
