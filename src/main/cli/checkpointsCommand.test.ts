import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import * as nodePty from 'node-pty';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execBuilt, terminalEnv } from '../../testing/builtCli';
import { tempDir, writeTree } from '../../testing/tempTree';
import { waitFor } from '../../testing/waitFor';

// Runs the real built command (bin/akira.cjs → out/main/cli.js) as child processes, stdin not a terminal.
const repo = resolve(__dirname, '../../..');
const bin = join(repo, 'bin', 'akira.cjs');
let base = '';
let ws = '';
let dataDir = '';
let cleanup: () => Promise<void> = async () => {};

const akira = (args: string[], cwd = base) => execBuilt('akira.cjs', args, { cwd, env: { AKIRA_DATA_DIR: dataDir } });

/** `akira checkpoints …` on the test workspace (via --workspace, from another folder). */
const cp = (...args: string[]) => akira(['checkpoints', ...args, '--workspace', ws]);
const read = (rel: string) => readFile(join(ws, rel), 'utf8');

beforeAll(async () => {
  const t = await tempDir('akira-cli-cp-');
  cleanup = t.cleanup;
  base = t.dir;
  ws = join(base, 'ws');
  dataDir = join(base, 'data');
  await writeTree(ws, {
    'a.txt': 'one\ntwo\nthree\n',
    'b.txt': 'bee\n',
    '.gitignore': 'secret.env\n',
    'secret.env': 'TOKEN=keep-me\n',
    'node_modules/dep/index.js': 'module.exports = 1;\n',
  });
  await writeFile(join(ws, 'big.bin'), Buffer.alloc(6 * 1024 * 1024, 7));
});

afterAll(() => cleanup());

describe('akira checkpoints (built)', () => {
  let first = '';
  let second = '';

  it('create prints the id, label, counts and the oversized files it skipped', async () => {
    const r = await cp('create', '-m', 'first');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const m = /^Created checkpoint (\S+) {2}"first"\n {2}(\d+) files changed, \+(\d+) -0\n/.exec(r.stdout);
    expect(m, r.stdout).not.toBeNull();
    first = m![1];
    // a.txt, b.txt, .gitignore: not the ignored, excluded or oversized files.
    expect(m![2]).toBe('3');
    expect(r.stdout).toMatch(/Not captured: 1 file .*\n {2}big\.bin {2}6\.0 MB/);
  });

  it('list prints plain lines without a terminal, and the contract result with --json', async () => {
    const text = await cp('list');
    expect(text.code).toBe(0);
    const lines = text.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    const [id, createdAt, origin, files, plus, minus, label] = lines[0].split('\t');
    expect({ id, origin, files, plus, minus, label }).toEqual({ id: first, origin: 'manual', files: '3', plus: '+5', minus: '-0', label: 'first' });
    expect(new Date(createdAt).toISOString()).toBe(createdAt);

    const json = await cp('list', '--json');
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout);
    expect(parsed.total).toBe(1);
    expect(parsed.checkpoints[0]).toMatchObject({ checkpointId: first, label: 'first', origin: 'manual', filesChanged: 3 });
  });

  it('a second checkpoint after edits; show lists the changed files against the previous one', async () => {
    await writeFile(join(ws, 'a.txt'), 'one\nTWO\nthree\n');
    await writeFile(join(ws, 'c.txt'), 'sea\n');
    await unlink(join(ws, 'b.txt'));
    const created = await cp('create', '--message', 'second', '--json');
    expect(created.code).toBe(0);
    second = JSON.parse(created.stdout).checkpointId;
    expect(second).not.toBe(first);

    const shown = await cp('show', 'latest');
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(`Checkpoint ${second}`);
    expect(shown.stdout).toContain(`since ${first}`);
    expect(shown.stdout).toMatch(/ {2}M {2}a\.txt +\+1 -1\n/);
    expect(shown.stdout).toMatch(/ {2}D {2}b\.txt +\+0 -1\n/);
    expect(shown.stdout).toMatch(/ {2}A {2}c\.txt +\+1 -0\n/);
  });

  it('diff lists files and, with --patch, shows the changed lines; paths after -- limit it', async () => {
    const d = await cp('diff', first, second, '--patch');
    expect(d.code).toBe(0);
    expect(d.stdout).toContain(`Changes from ${first} to ${second}: 3 files, +2 -2`);
    expect(d.stdout).toContain('--- a/a.txt\n+++ b/a.txt\n@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n three\n');
    expect(d.stdout).toContain('--- /dev/null\n+++ b/c.txt\n@@ -0,0 +1 @@\n+sea\n');

    await writeFile(join(ws, 'a.txt'), 'one\nTWO\nthree\nfour\n');
    const now = await akira(['checkpoints', 'diff', second, '--patch', '--workspace', ws, '--', 'a.txt']);
    expect(now.code).toBe(0);
    expect(now.stdout).toContain(`Changes from ${second} to now: 1 file, +1 -0`);
    expect(now.stdout).toContain('+four\n');
    expect(now.stdout).not.toContain('c.txt');
  });

  it('restore without --yes and without a terminal exits 2, shows the preview and changes nothing', async () => {
    const r = await cp('restore', first);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/pass --yes/);
    expect(r.stdout).toContain(`Restoring ${first} would modify 1, create 1 and delete 1 file`);
    expect(await read('a.txt')).toBe('one\nTWO\nthree\nfour\n');
    expect(existsSync(join(ws, 'c.txt'))).toBe(true);

    const json = await cp('restore', first, '--json');
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toEqual({ error: { code: 'bad_request', message: expect.stringMatching(/--yes/) } });
  });

  it('restore --yes restores the files, keeps untracked ones, and prints the undo command that works', async () => {
    const r = await akira(['checkpoints', 'restore', first, '--yes'], ws);
    expect(r.code).toBe(0);
    expect(await read('a.txt')).toBe('one\ntwo\nthree\n');
    expect(await read('b.txt')).toBe('bee\n');
    expect(existsSync(join(ws, 'c.txt'))).toBe(false);
    expect(await read('secret.env')).toBe('TOKEN=keep-me\n');
    expect(existsSync(join(ws, 'big.bin'))).toBe(true);
    expect(existsSync(join(ws, 'node_modules/dep/index.js'))).toBe(true);

    const undo = /^ {2}akira (checkpoints restore (\S+) --yes)$/m.exec(r.stdout);
    expect(undo, r.stdout).not.toBeNull();
    const again = await akira(undo![1].split(' '), ws);
    expect(again.code).toBe(0);
    expect(await read('a.txt')).toBe('one\nTWO\nthree\nfour\n');
    expect(await read('c.txt')).toBe('sea\n');
    expect(existsSync(join(ws, 'b.txt'))).toBe(false);

    const list = await cp('list', '--json');
    const origins = JSON.parse(list.stdout).checkpoints.map((c: { origin: string }) => c.origin);
    expect(origins).toEqual(['before-restore', 'before-restore', 'manual', 'manual']);
  });

  it('restore --file restores only that file; the undo hint keeps --workspace', async () => {
    const r = await cp('restore', first, '--file', 'a.txt', '--yes');
    expect(r.code).toBe(0);
    expect(await read('a.txt')).toBe('one\ntwo\nthree\n');
    expect(await read('c.txt')).toBe('sea\n');
    expect(r.stdout).toMatch(new RegExp(`akira checkpoints restore --workspace ${ws.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\S+ --yes`));
  });

  it('asks on a terminal: "n" cancels (exit 1, nothing changed), "y" restores', async () => {
    const ask = async (answer: string) => {
      const term = nodePty.spawn(process.execPath, [bin, 'checkpoints', 'restore', second, '--workspace', ws], {
        cwd: base,
        env: terminalEnv({ AKIRA_DATA_DIR: dataDir }),
        cols: 120,
        rows: 30,
      });
      let output = '';
      term.onData((d) => (output += d));
      const exited = new Promise<number>((r) => term.onExit(({ exitCode }) => r(exitCode)));
      await waitFor(() => output.includes('[y/N]'), `the question (got: ${output})`, 15_000);
      term.write(`${answer}\r`);
      const code = await exited;
      return { code, output };
    };
    const no = await ask('n');
    expect(no.code).toBe(1);
    expect(no.output).toContain('Restore cancelled');
    expect(await read('a.txt')).toBe('one\ntwo\nthree\n');

    const yes = await ask('y');
    expect(yes.code).toBe(0);
    expect(yes.output).toContain(`Restored ${second}`);
    expect(await read('a.txt')).toBe('one\nTWO\nthree\n');
  });
});

describe('akira checkpoints errors', () => {
  const usage: [string[], RegExp][] = [
    [['checkpoints'], /checkpoints needs a command/],
    [['checkpoints', 'frob'], /Unknown checkpoints command: frob/],
    [['checkpoints', 'list', '--bogus'], /Unknown option for checkpoints list: --bogus/],
    [['checkpoints', 'list', '--limit', '0'], /--limit must be from 1 to 1000/],
    [['checkpoints', 'show'], /needs a checkpoint id/],
    [['checkpoints', 'show', 'ab'], /"ab" is not a checkpoint id/],
    [['checkpoints', 'diff', 'latest', 'now', 'extra'], /at most 2 checkpoint ids/],
    [['checkpoints', 'create', 'label words'], /takes no arguments/],
    [['checkpoints', 'list', '--workspace', 'no-such-folder'], /Folder not found: .*no-such-folder/],
  ];
  it.each(usage)('akira %j exits 2 with one clear line', async (args, message) => {
    const r = await akira(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stdout).toBe('');
  });

  it('an unknown id exits 1; with --json the error is also on stdout', async () => {
    const r = await cp('show', 'ffffffff');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('akira: No checkpoint "ffffffff".\n');
    const j = await cp('restore', 'ffffffff', '--yes', '--json');
    expect(j.code).toBe(1);
    expect(JSON.parse(j.stdout)).toEqual({
      error: { code: 'not_found', message: 'No checkpoint "ffffffff".', words: { key: 'checkpoint.noSuchCheckpoint', values: ['ffffffff'] } },
    });
  });

  it('a workspace without checkpoints: latest is not found, list is empty', async () => {
    const empty = join(base, 'empty');
    await mkdir(empty, { recursive: true });
    const show = await akira(['checkpoints', 'show', 'latest', '--workspace', empty]);
    expect(show.code).toBe(1);
    expect(show.stderr).toMatch(/no checkpoints yet/i);
    const list = await akira(['checkpoints', 'list', '--json'], empty);
    expect(JSON.parse(list.stdout)).toEqual({ checkpoints: [], total: 0 });
    await rm(empty, { recursive: true, force: true });
  });

  it('--help documents every command', async () => {
    const r = await akira(['checkpoints', '--help']);
    expect(r.code).toBe(0);
    for (const word of ['create', 'list', 'show', 'diff', 'restore', '--workspace', '--json', '--yes', 'latest']) expect(r.stdout).toContain(word);
    const main = await akira(['--help']);
    expect(main.stdout).toContain('akira checkpoints list|show|diff|restore|create');
  });
});
