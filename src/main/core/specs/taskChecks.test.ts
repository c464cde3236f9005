import { spawn, spawnSync } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir, writeTree } from '../../../testing/tempTree';
import { checkTaskReferences, containsWord, MAX_SYMBOL_FILES, type CommandOutcome } from './taskChecks';
import { extractTaskReferences, type TaskReferences } from './taskReferences';

let root: string;
let outside: { dir: string; cleanup: () => Promise<void> };
let cleanup: () => Promise<void>;

const hasRipgrep = spawnSync('rg', ['--version']).status === 0;
const refs = (over: Partial<TaskReferences>): TaskReferences => ({ files: [], symbols: [], commands: [], ...over });

/** A small real runner for the tests (the app's runner goes through the user's policy and a pty). */
function run(command: string): Promise<CommandOutcome> {
  return new Promise((resolve) => {
    const child = spawn(command, { cwd: root, shell: true });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => resolve({ exitCode: code, output }));
  });
}
const node = (code: string) => `"${process.execPath}" -e "${code}"`;

beforeAll(async () => {
  ({ dir: root, cleanup } = await tempDir('akira-taskchecks-'));
  outside = await tempDir('akira-taskchecks-outside-');
  await writeTree(outside.dir, { 'secret.ts': 'export const OutsideSymbol = 1;\n' });
  await writeTree(root, {
    '.gitignore': 'ignored/\n',
    'package.json': '{}\n',
    'src/users/service.ts': 'export class UserService {\n  create() {}\n}\n',
    'src/users/service.test.ts': "import { UserService } from './service';\n",
    'src/util/email.ts': 'export function isEmail(s: string) { return s.includes("@"); }\n',
    'src/words.ts': 'const WordOnlyX = 1; // WordOnly_ too\n',
    'src/many/a.ts': 'Everywhere\n',
    'src/many/b.ts': 'Everywhere\n',
    'src/many/c.ts': 'Everywhere\n',
    'src/many/d.ts': 'Everywhere\n',
    'src/many/e.ts': 'Everywhere\n',
    'src/many/f.ts': 'Everywhere\n',
    'src/many/g.ts': 'Everywhere\n',
    '.hidden/conf.ts': 'HiddenSymbol\n',
    'node_modules/lib/index.js': 'OnlyInDeps\n',
    'dist/bundle.js': 'OnlyInDist\n',
    '.akira/sessions/x/history.md': 'OnlyInAkira\n',
    'ignored/x.ts': 'OnlyIgnored\n',
    'assets/blob.bin': Buffer.concat([Buffer.from([0, 1, 2]), Buffer.from(' OnlyInBinary ')]),
  });
  await symlink(outside.dir, join(root, 'link-out'));
  await symlink(join(outside.dir, 'secret.ts'), join(root, 'escape.ts'));
  await mkdir(join(root, 'empty-dir'));
});

afterAll(async () => {
  await cleanup();
  await outside.cleanup();
});

describe('files', () => {
  it('are present or missing, folders count, links leading outside count as missing', async () => {
    const found = await checkTaskReferences({
      root,
      refs: refs({ files: ['src/users/service.ts', 'src/users/missing.ts', 'src/users', 'empty-dir', 'link-out/secret.ts', 'escape.ts'] }),
    });
    expect(found.files.map((f) => [f.path, f.exists])).toEqual([
      ['src/users/service.ts', true],
      ['src/users/missing.ts', false],
      ['src/users', true],
      ['empty-dir', true],
      ['link-out/secret.ts', false],
      ['escape.ts', false],
    ]);
    expect(found.lines).toContain('file src/users/service.ts: exists');
    expect(found.lines).toContain('file src/users/missing.ts: missing');
    expect(found.lines).toContain('file escape.ts: missing (leads outside the workspace)');
    expect(found.verdict).toBe('not_done');
    expect(found.score).toBe(0);
  });

  it('looks for a bare name missing at the root by name, outside skipped folders', async () => {
    const found = await checkTaskReferences({ root, refs: refs({ files: ['package.json', 'email.ts', 'bundle.js', 'nowhere.ts'] }) });
    expect(found.files).toEqual([
      { path: 'package.json', exists: true, checked: true },
      { path: 'email.ts', exists: true, foundAt: 'src/util/email.ts', checked: true },
      { path: 'bundle.js', exists: false, checked: true },
      { path: 'nowhere.ts', exists: false, checked: true },
    ]);
    expect(found.lines[1]).toBe('file email.ts: not at the workspace root; found at src/util/email.ts');
  });
});

describe.each([
  ['ripgrep', 'rg' as const],
  ['the walk in Node', false as const],
  ['the walk in Node when ripgrep is missing', '/nonexistent/akira-no-rg' as const],
])('symbols through %s', (_name, ripgrep) => {
  it.skipIf(ripgrep === 'rg' && !hasRipgrep)('are found as whole words, outside skipped, ignored, binary files and links', async () => {
    const symbols = ['UserService', 'isEmail', 'WordOnly', 'HiddenSymbol', 'OnlyInDeps', 'OnlyInDist', 'OnlyInAkira', 'OnlyIgnored', 'OnlyInBinary', 'OutsideSymbol'];
    const found = await checkTaskReferences({ root, refs: refs({ symbols }), ripgrep, exhaustive: true });
    expect(Object.fromEntries(found.symbols.map((s) => [s.name, s.foundIn]))).toEqual({
      UserService: ['src/users/service.test.ts', 'src/users/service.ts'],
      isEmail: ['src/util/email.ts'],
      WordOnly: [],
      HiddenSymbol: ['.hidden/conf.ts'],
      OnlyInDeps: [],
      OnlyInDist: [],
      OnlyInAkira: [],
      OnlyIgnored: [],
      OnlyInBinary: [],
      OutsideSymbol: [],
    });
    expect(found.symbols.every((s) => s.checked)).toBe(true);
    expect(found.lines).toContain('symbol isEmail: found in src/util/email.ts');
    expect(found.lines).toContain('symbol WordOnly: found nowhere');
    expect(found.verdict).toBe('not_done');
    // Without `exhaustive`, the searches stop at the first symbol found nowhere (each search is a process).
    const quick = await checkTaskReferences({ root, refs: refs({ symbols: ['WordOnly', 'UserService'] }), ripgrep });
    expect(quick.symbols.map((s) => [s.name, s.checked])).toEqual([
      ['WordOnly', true],
      ['UserService', false],
    ]);
    expect(quick.lines).toContain('symbol UserService: not checked (skipped: the checks above already show the task is not done)');
  });

  it.skipIf(ripgrep === 'rg' && !hasRipgrep)(`stop at ${MAX_SYMBOL_FILES} files`, async () => {
    const found = await checkTaskReferences({ root, refs: refs({ symbols: ['Everywhere'] }), ripgrep });
    expect(found.symbols[0].foundIn).toHaveLength(MAX_SYMBOL_FILES);
    expect(found.symbols[0].foundIn.every((f) => f.startsWith('src/many/'))).toBe(true);
    expect(found.verdict).toBe('unknown');
    expect(found.score).toBe(0.25);
  });
});

describe('a custom symbol search', () => {
  it('is used instead of the default', async () => {
    const asked: string[] = [];
    const found = await checkTaskReferences({
      root,
      refs: refs({ symbols: ['Anything'] }),
      searchSymbol: async (symbol) => (asked.push(symbol), ['x.ts', 'x.ts', 'y.ts']),
    });
    expect(asked).toEqual(['Anything']);
    expect(found.symbols).toEqual([{ name: 'Anything', foundIn: ['x.ts', 'y.ts'], checked: true }]);
  });

  it('that fails or is cancelled leaves the symbol unchecked, which counts neither way', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const found = await checkTaskReferences({
      root,
      refs: refs({ symbols: ['Hangs', 'Later'] }),
      searchSymbol: (symbol) => (symbol === 'Hangs' ? new Promise<string[]>(() => {}) : Promise.reject(new Error('boom'))),
      signal: controller.signal,
    });
    expect(found.symbols).toEqual([
      { name: 'Hangs', foundIn: [], checked: false, why: 'cancelled' },
      { name: 'Later', foundIn: [], checked: false, why: 'cancelled' },
    ]);
    expect(found.lines[0]).toBe('symbol Hangs: not checked (cancelled)');
    expect(found.verdict).toBe('unknown');
    expect(found.score).toBe(0);

    const failed = await checkTaskReferences({ root, refs: refs({ symbols: ['Later'] }), searchSymbol: () => Promise.reject(new Error('boom')) });
    expect(failed.symbols).toEqual([{ name: 'Later', foundIn: [], checked: false, why: 'boom' }]);
    expect(failed.verdict).toBe('unknown');
  });
});

describe('commands', () => {
  it('run through the caller and decide the verdict: a pass supports done, a failure is not done', async () => {
    const passed = await checkTaskReferences({ root, refs: refs({ commands: [node("console.log('ok')")] }), runCommand: run });
    expect(passed.commands).toEqual([{ command: node("console.log('ok')"), ran: true, exitCode: 0, passed: true, outputTail: 'ok' }]);
    expect(passed.verdict).toBe('unknown');
    expect(passed.score).toBe(0.5);
    expect(passed.lines).toEqual([`command \`${node("console.log('ok')")}\`: exit 0 (passed)`]);

    const failed = await checkTaskReferences({
      root,
      refs: refs({ commands: [node("console.error('1 failed'); process.exit(1)"), node('0')] }),
      runCommand: run,
    });
    expect(failed.commands[0]).toMatchObject({ ran: true, exitCode: 1, passed: false, outputTail: '1 failed' });
    expect(failed.commands[1]).toMatchObject({ ran: false, why: 'skipped: the checks above already show the task is not done' });
    expect(failed.lines[0]).toMatch(/: exit 1 \(failed\)$/);
    expect(failed.verdict).toBe('not_done');
    expect(failed.score).toBe(0);
  });

  it('are not run without a runner, when the runner refuses, or after a missing file; a time-out is not counted', async () => {
    const noRunner = await checkTaskReferences({ root, refs: refs({ commands: ['npm test'] }) });
    expect(noRunner.commands).toEqual([{ command: 'npm test', ran: false, exitCode: null, passed: false, outputTail: '', why: 'no command runner' }]);
    expect(noRunner.lines).toEqual(['command `npm test`: not run (no command runner)']);
    expect([noRunner.verdict, noRunner.score]).toEqual(['unknown', 0]);

    const refused = await checkTaskReferences({ root, refs: refs({ commands: ['npm test'] }), runCommand: () => Promise.reject(new Error('the policy asks first')) });
    expect(refused.commands[0]).toMatchObject({ ran: false, why: 'the policy asks first' });

    let ran = 0;
    const counting = async (): Promise<CommandOutcome> => (ran++, { exitCode: 0, output: '' });
    const afterMissing = await checkTaskReferences({ root, refs: refs({ files: ['src/nope.ts'], commands: ['npm test'] }), runCommand: counting });
    expect(ran).toBe(0);
    expect(afterMissing.verdict).toBe('not_done');

    const slow = await checkTaskReferences({
      root,
      refs: refs({ commands: ['npm test'] }),
      runCommand: async () => ({ exitCode: null, output: '\x1b[32mrunning\x1b[0m\r\n', timedOut: true }),
    });
    expect(slow.commands[0]).toEqual({ command: 'npm test', ran: true, exitCode: null, passed: false, outputTail: 'running', why: 'timed out' });
    expect(slow.lines).toEqual(['command `npm test`: timed out (not counted)']);
    expect([slow.verdict, slow.score]).toEqual(['unknown', 0]);
  });
});

describe('verdict and score', () => {
  it('is unknown with score 0 when nothing is named', async () => {
    const found = await checkTaskReferences({ root, refs: refs({}) });
    expect(found).toMatchObject({ files: [], symbols: [], commands: [], verdict: 'unknown', score: 0, lines: [] });
    expect(found.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('reaches 1 for the example task when everything is there and its test passes', async () => {
    const task = extractTaskReferences({
      title: 'Implement `UserService.create()` in `src/users/service.ts`',
      details: ['Validate the email with `isEmail` from src/util/email.ts', 'Write unit tests in src/users/service.test.ts; `npm test -- users` passes'],
    });
    const commands: string[] = [];
    const found = await checkTaskReferences({
      root,
      refs: task,
      ripgrep: false,
      runCommand: async (command) => (commands.push(command), { exitCode: 0, output: 'Tests 3 passed' }),
    });
    expect(commands).toEqual(['npm test -- users']);
    expect(found.verdict).toBe('unknown');
    expect(found.score).toBe(1);
    expect(found.lines).toEqual([
      'file src/users/service.ts: exists',
      'file src/util/email.ts: exists',
      'file src/users/service.test.ts: exists',
      'symbol UserService: found in src/users/service.test.ts, src/users/service.ts',
      'symbol isEmail: found in src/util/email.ts',
      'command `npm test -- users`: exit 0 (passed)',
    ]);
  });

  it('weights files 0.25 and symbols 0.25, partly when some could not be checked', async () => {
    const files = await checkTaskReferences({ root, refs: refs({ files: ['src/users/service.ts'] }) });
    expect(files.score).toBe(0.25);
    const half = await checkTaskReferences({
      root,
      refs: refs({ files: ['src/users/service.ts'], symbols: ['Found', 'Unchecked'] }),
      searchSymbol: async (s) => (s === 'Found' ? ['a.ts'] : Promise.reject(new Error('timed out'))),
    });
    expect(half.verdict).toBe('unknown');
    expect(half.score).toBe(0.375);
  });
});

describe('containsWord', () => {
  it('matches whole words only', () => {
    const text = Buffer.from('a UserServiceX, _UserService, $UserService, UserService.create()');
    expect(containsWord(text, 'UserService')).toBe(true);
    expect(containsWord(Buffer.from('UserServiceX _UserService'), 'UserService')).toBe(false);
    expect(containsWord(Buffer.from('UserService'), 'UserService')).toBe(true);
  });
});

it('never reads through a link that leads outside even when it is named directly', async () => {
  await writeFile(join(outside.dir, 'package.json'), '{}');
  const found = await checkTaskReferences({ root, refs: refs({ files: ['link-out/package.json', 'link-out'] }) });
  expect(found.files.map((f) => f.exists)).toEqual([false, false]);
});
