import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagnosticsReport } from '../../../shared/context/contextShapes';
import { tempDir, writeTree } from '../../../testing/tempTree';
import { waitFor } from '../../../testing/waitFor';
import { commandEnv } from '../terminal/commandEnv';
import { createDiagnostics, type CheckerSpec, type DiagnosticsOptions } from './diagnosticsService';
import { findOnPath } from './executables';
import { formatDiagnostics } from './formatDiagnostics';

// Real checkers in temp workspaces: the repository's own TypeScript (linked into a fixture project), the
// machine's python3, and node processes as custom checkers. Nothing here waits a fixed time.

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(cleanups.map((c) => c()));
});

async function workspace(files: Record<string, string>): Promise<{ root: string; dataDir: string }> {
  const ws = await tempDir('akira-diag-ws-');
  const data = await tempDir('akira-diag-data-');
  cleanups.push(ws.cleanup, data.cleanup);
  await writeTree(ws.dir, files);
  return { root: ws.dir, dataDir: data.dir };
}

const env = () => commandEnv(process.env);
const service = (w: { root: string; dataDir: string }, more: Partial<DiagnosticsOptions> = {}) => createDiagnostics({ ...w, env, ...more });
/** Approves, as a person would in Settings, every checker of the workspace that needs it (tsc from node_modules, the workspace's own). */
async function approveAll(w: { root: string; dataDir: string }) {
  const d = service(w);
  for (const c of await d.checkers()) if (c.needsApproval && !c.approved) await d.approve(c.id, c.fingerprint);
}
/** Run (its checkers approved) and check the report against the contract. */
async function check(w: { root: string; dataDir: string }, input: Parameters<ReturnType<typeof createDiagnostics>['run']>[0] = {}) {
  await approveAll(w);
  return diagnosticsReport.parse(await service(w).run(input));
}

/** A live process (a zombie waiting for its parent to reap it counts as gone). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return process.platform !== 'linux';
  }
}

/** The checker's pid and its child's, once it has written both. */
function readPids(file: string): [number, number] | null {
  try {
    const pids = readFileSync(file, 'utf8').split(' ').map(Number);
    return pids.length === 2 && pids.every((p) => Number.isInteger(p) && p > 0) ? [pids[0], pids[1]] : null;
  } catch {
    return null;
  }
}

/** Processes whose command line holds `marker` (Linux; elsewhere none can be seen). */
function processesWith(marker: string): number[] {
  if (process.platform !== 'linux') return [];
  return readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker) && alive(Number(pid));
      } catch {
        return false;
      }
    })
    .map(Number);
}

// Each test runs tsc (about a second alone; more when the machine is busy).
describe('a TypeScript project', { timeout: 60_000 }, () => {
  let ts: { root: string; dataDir: string };

  beforeAll(async () => {
    ts = await workspace({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, target: 'es2022', module: 'nodenext', types: [], noEmit: true }, include: ['src'] }),
      'src/a.ts': 'export const count: number = "three";\n',
      'src/b.ts': 'import { count } from "./a.js";\n\nexport function twice(s: string): number {\n  return s + count;\n}\n',
      'src/ok.ts': 'export const fine = 1;\n',
    });
    // The fixture's own TypeScript: a link to the one this repository installed, and its bin like npm makes it.
    const require = createRequire(import.meta.url);
    const manifest = require.resolve('typescript/package.json');
    const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: string | Record<string, string> };
    const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin.tsc;
    await mkdir(join(ts.root, 'node_modules', '.bin'), { recursive: true });
    await symlink(dirname(manifest), join(ts.root, 'node_modules', 'typescript'));
    await symlink(join('..', 'typescript', bin), join(ts.root, 'node_modules', '.bin', 'tsc'));
  });

  it('detects tsc and reports exactly the two type errors', async () => {
    const detected = await service(ts).detect();
    expect(detected).toEqual([
      {
        id: 'tsc',
        label: 'TypeScript (tsc)',
        command: 'node_modules/.bin/tsc --noEmit -p tsconfig.json --pretty false',
        file: join(ts.root, 'node_modules', '.bin', 'tsc'),
        args: ['--noEmit', '-p', 'tsconfig.json', '--pretty', 'false'],
        cwd: ts.root,
        format: 'tsc',
        origin: 'detected',
        needsApproval: true,
      },
    ]);
    const report = await check(ts);
    expect(report.checkers).toEqual([
      { id: 'tsc', command: 'node_modules/.bin/tsc --noEmit -p tsconfig.json --pretty false', status: 'ok', durationMs: expect.any(Number), count: 2, reason: null },
    ]);
    expect(report.diagnostics).toEqual([
      { file: 'src/a.ts', line: 1, column: 14, severity: 'error', message: "Type 'string' is not assignable to type 'number'.", source: 'tsc', code: 'TS2322' },
      { file: 'src/b.ts', line: 4, column: 3, severity: 'error', message: "Type 'string' is not assignable to type 'number'.", source: 'tsc', code: 'TS2322' },
    ]);
    expect(report.truncated).toBe(false);
    expect(formatDiagnostics(report)).toContain("src/b.ts:4:3 error Type 'string' is not assignable to type 'number'. (tsc TS2322)");
  });

  it('keeps only the diagnostics of the paths asked for', async () => {
    const report = await check(ts, { paths: ['./src//b.ts'] });
    expect(report.diagnostics.map((d) => `${d.file}:${d.line}`)).toEqual(['src/b.ts:4']);
    expect(report.checkers[0]).toMatchObject({ status: 'ok', count: 1 });
    expect((await check(ts, { paths: ['src/ok.ts'] })).diagnostics).toEqual([]);
  });

  it('cuts the list at maxDiagnostics, errors first, and says it was cut', async () => {
    const report = await check(ts, { maxDiagnostics: 1 });
    expect(report.diagnostics.map((d) => d.file)).toEqual(['src/a.ts']);
    expect(report.truncated).toBe(true);
    expect(report.checkers[0].count).toBe(2);
  });

  it('skips a checker that admit turns down, with its reason, without running it', async () => {
    const seen: CheckerSpec[] = [];
    const report = await check(ts, {
      admit: (checker) => {
        seen.push(checker);
        return 'the command policy would ask first';
      },
    });
    expect(seen.map((c) => c.id)).toEqual(['tsc']);
    expect(report.checkers).toEqual([
      { id: 'tsc', command: 'node_modules/.bin/tsc --noEmit -p tsconfig.json --pretty false', status: 'skipped', durationMs: 0, count: 0, reason: 'the command policy would ask first' },
    ]);
    expect(report.diagnostics).toEqual([]);
    expect(formatDiagnostics(report)).toContain('- tsc: skipped: the command policy would ask first');
  });
});

const python = (await findOnPath('python3', process.env)) ?? (await findOnPath('python', process.env));
if (!python) console.log('python: skipping the Python syntax test: neither python3 nor python is on the PATH');

describe('python', () => {
  it.skipIf(!python)('reports a syntax error at its line', async () => {
    const w = await workspace({
      'app/main.py': 'def ok():\n    return 1\n',
      'app/broken.py': 'x = 1\nif x\n    print(x)\n',
      '.venv/lib/ignored.py': 'this is not python(\n',
      'node_modules/pkg/ignored.py': 'neither(\n',
    });
    const report = await check(w);
    expect(report.checkers).toHaveLength(1);
    const [run] = report.checkers;
    expect(run.status).toBe('ok');
    if (run.id === 'ruff') {
      // ruff on the PATH takes the place of the built-in check; it may say more about the same line
      expect(report.diagnostics[0]).toMatchObject({ file: 'app/broken.py', line: 2, severity: 'error', source: 'ruff' });
      return;
    }
    expect(run.id).toBe('python');
    expect(report.diagnostics).toEqual([{ file: 'app/broken.py', line: 2, column: expect.any(Number), severity: 'error', message: expect.any(String), source: 'python', code: 'SyntaxError' }]);
  });
});

describe('custom checkers and settings', () => {
  it('runs a workspace checker and reads its output in the format it names', async () => {
    const print = "console.log('src/x.c:3:5: warning: unused variable [-Wunused]'); console.log('/elsewhere/y.c:1:1: error: outside'); process.exit(1)";
    const w = await workspace({
      '.akira/settings.json': JSON.stringify({ diagnostics: { checkers: [{ id: 'cc', command: `node -e "${print}"`, format: 'gcc' }] } }),
    });
    const [spec] = await service(w).detect();
    expect(spec).toMatchObject({ id: 'cc', origin: 'workspace', format: 'gcc', args: ['-e', print], cwd: w.root });
    expect(spec.command).toBe(`node -e '${print.replace(/'/g, `'\\''`)}'`);
    const report = await check(w);
    expect(report.checkers).toEqual([{ id: 'cc', command: spec.command, status: 'ok', durationMs: expect.any(Number), count: 1, reason: null }]);
    expect(report.diagnostics).toEqual([{ file: 'src/x.c', line: 3, column: 5, severity: 'warning', message: 'unused variable', source: 'cc', code: '-Wunused' }]);
  });

  it('reports a missing program, output it cannot read, and a failing exit with nothing understood', async () => {
    const w = await workspace({
      '.akira/settings.json': JSON.stringify({
        diagnostics: {
          checkers: [
            { id: 'missing', command: 'akira-no-such-checker-xyz --all', format: 'gcc' },
            { id: 'crash', command: `node -e "console.error('Oops! Something went wrong: config not found'); process.exit(2)"`, format: 'eslint-json' },
            { id: 'quiet', command: `node -e "process.exit(3)"`, format: 'tsc' },
          ],
        },
      }),
    });
    const report = await check(w);
    expect(report.checkers.map(({ id, status, reason }) => ({ id, status, reason }))).toEqual([
      { id: 'missing', status: 'failed', reason: 'akira-no-such-checker-xyz was not found on the PATH.' },
      { id: 'crash', status: 'failed', reason: 'exited with code 2; its output is not eslint-json: Oops! Something went wrong: config not found' },
      { id: 'quiet', status: 'failed', reason: 'exited with code 3 without reporting a problem' },
    ]);
  });

  it('skips checkers disabled in the settings and leaves them out of detect()', async () => {
    const w = await workspace({
      '.akira/settings.json': JSON.stringify({
        diagnostics: { disabled: ['one'], checkers: [{ id: 'one', command: 'node -e "process.exit(0)"', format: 'gcc' }, { id: 'two', command: 'node -e "process.exit(0)"', format: 'gcc' }] },
      }),
    });
    expect((await service(w).detect()).map((c) => c.id)).toEqual(['two']);
    const report = await check(w);
    expect(report.checkers.map(({ id, status, reason }) => ({ id, status, reason }))).toEqual([
      { id: 'one', status: 'skipped', reason: 'disabled in .akira/settings.json (diagnostics.disabled)' },
      { id: 'two', status: 'ok', reason: null },
    ]);
    expect(formatDiagnostics(report)).toMatch(/No problems found by two\.$/);
  });

  it('stops a checker that hangs at the time-out, with everything it started', async () => {
    const marker = `akira-hang-${process.pid}-${Date.now()}`;
    const script = `const c = require('child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', '${marker}'], {stdio: 'ignore'}); require('fs').writeFileSync('pids.txt', process.pid + ' ' + c.pid); setInterval(() => {}, 1000)`;
    const w = await workspace({
      '.akira/settings.json': JSON.stringify({ diagnostics: { timeoutSeconds: 1, checkers: [{ id: 'hang', command: `node -e "${script}" ${marker}`, format: 'gcc' }] } }),
    });
    const report = await check(w);
    expect(report.checkers).toEqual([
      { id: 'hang', command: expect.stringContaining('node -e'), status: 'timeout', durationMs: expect.any(Number), count: 0, reason: 'stopped after 1 s (diagnostics.timeoutSeconds)' },
    ]);
    expect(formatDiagnostics(report)).toContain('- hang: timed out: stopped after 1 s (diagnostics.timeoutSeconds)');
    const pids = readPids(join(w.root, 'pids.txt'));
    if (pids) {
      const [pid, child] = pids;
      expect(() => process.kill(pid, 0)).toThrow();
      await waitFor(() => !alive(child), `the checker's child ${child} to be gone`);
    } else {
      console.log('hang: the checker was stopped before it wrote its pids (a slow start); checking by its marker only');
    }
    await waitFor(() => processesWith(marker).length === 0, 'no process of the checker left');
  });

  it('kills running checkers when the signal aborts, and skips those not started', async () => {
    const marker = `akira-abort-${process.pid}-${Date.now()}`;
    const script = `const c = require('child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', '${marker}'], {stdio: 'ignore'}); require('fs').writeFileSync(process.argv[1] + '.pids', process.pid + ' ' + c.pid); setInterval(() => {}, 1000)`;
    const checker = (id: string) => ({ id, command: `node -e "${script}" ${id}`, format: 'gcc' });
    const w = await workspace({
      '.akira/settings.json': JSON.stringify({ diagnostics: { timeoutSeconds: 1800, checkers: [checker('first'), checker('second'), checker('third')] } }),
    });
    const controller = new AbortController();
    await approveAll(w);
    const running = service(w).run({ signal: controller.signal });
    const started = () => {
      const both = ['first', 'second'].map((id) => readPids(join(w.root, `${id}.pids`)));
      return both[0] && both[1] ? [both[0], both[1]] : null;
    };
    const pids = await waitFor(started, 'the first two checkers to start');
    controller.abort();
    const report = diagnosticsReport.parse(await running);
    expect(report.checkers.map(({ id, status }) => ({ id, status }))).toEqual([
      { id: 'first', status: 'failed' },
      { id: 'second', status: 'failed' },
      { id: 'third', status: 'skipped' },
    ]);
    expect(report.checkers[0].reason).toMatch(/^cancelled after \d/);
    expect(report.checkers[2].reason).toBe('cancelled before it ran');
    for (const [pid, child] of pids) {
      expect(() => process.kill(pid, 0)).toThrow();
      await waitFor(() => !alive(child), `the checker's child ${child} to be gone`);
    }
    expect(existsSync(join(w.root, 'third.pids'))).toBe(false);
  });

  it('refuses invalid settings with the file and the field, before running anything', async () => {
    const w = await workspace({
      '.akira/settings.json': JSON.stringify({ diagnostics: { timeoutSeconds: 5000, checkers: [{ id: 'x', command: 'node -e "require(\'fs\').writeFileSync(\'ran\', \'\')"', format: 'gcc' }] } }),
    });
    await expect(service(w).run()).rejects.toThrow(/^\.akira\/settings\.json: diagnostics\.timeoutSeconds: /);
    await expect(service(w).detect()).rejects.toMatchObject({ code: 'bad_request' });
    expect(existsSync(join(w.root, 'ran'))).toBe(false);
  });
});

describe('a project with nothing to check', () => {
  it('answers an empty report, and the text says no checker applies', async () => {
    const w = await workspace({ 'README.md': '# notes\n', 'docs/a.txt': 'text\n' });
    expect(await service(w).detect()).toEqual([]);
    const report = await check(w);
    expect(report).toEqual({ diagnostics: [], checkers: [], durationMs: expect.any(Number), truncated: false });
    expect(formatDiagnostics(report)).toMatch(/^No checker applies to this project/);
  });
});
