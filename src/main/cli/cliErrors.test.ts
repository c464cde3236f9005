import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../../shared/i18n';
import { tempDir, writeTree } from '../../testing/tempTree';
import { checkpointsCommand } from './checkpointsCommand';
import { runTaskCommand } from './runTaskCommand';
import { cliErrorText, cliThrownText } from './cliErrors';
import type { CliIo } from './io';
import { AkiraError } from '../core/errors';
import { checkpointErrors } from '../../shared/errors';

// Issue 14: where the CLI prints a contract error, it says it in its language (in-process, a fake io).

let base = '';
let cleanup: () => Promise<void> = async () => {};

beforeAll(async () => {
  const t = await tempDir('akira-cli-errors-');
  cleanup = t.cleanup;
  base = t.dir;
  await writeTree(join(base, 'ws'), { 'a.txt': 'a\n' });
});
afterAll(() => cleanup());

function fakeIo(language: Language): CliIo & { stdout: () => string; stderr: () => string } {
  let out = '';
  let err = '';
  return {
    language,
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    cwd: base,
    env: { AKIRA_DATA_DIR: join(base, 'data') },
    version: '0.0.0-test',
    staticDir: join(base, 'no-ui'),
    waitForStop: () => new Promise(() => {}),
    tty: { stdin: false, stdout: false, stderr: false },
    ask: async () => '',
    stdout: () => out,
    stderr: () => err,
  };
}

describe('the CLI prints contract errors in its language', () => {
  it('akira checkpoints show of an unknown checkpoint: Chinese under zh-CN, English under en, words in --json', async () => {
    const zh = fakeIo('zh-CN');
    expect(await checkpointsCommand(['show', 'nope', '--workspace', join(base, 'ws')], zh)).toBe(1);
    expect(zh.stderr()).toBe('akira: 没有检查点“nope”。\n');

    const en = fakeIo('en');
    expect(await checkpointsCommand(['show', 'nope', '--workspace', join(base, 'ws'), '--json'], en)).toBe(1);
    expect(en.stderr()).toBe('akira: No checkpoint "nope".\n');
    expect(JSON.parse(en.stdout())).toEqual({
      error: { code: 'not_found', message: 'No checkpoint "nope".', words: { key: 'checkpoint.noSuchCheckpoint', values: ['nope'] } },
    });
  });

  it('akira checkpoints prune with a broken settings file: the file and its problem in Chinese', async () => {
    const file = join(base, 'data', 'settings.json');
    await writeTree(join(base, 'data'), { 'settings.json': '[1]' });
    try {
      const zh = fakeIo('zh-CN');
      expect(await checkpointsCommand(['prune', '--workspace', join(base, 'ws')], zh)).toBe(2);
      expect(zh.stderr()).toBe(`akira: 全局设置（${file}） 不是 JSON 对象。\n`);
      const en = fakeIo('en');
      expect(await checkpointsCommand(['prune', '--workspace', join(base, 'ws')], en)).toBe(2);
      expect(en.stderr()).toBe(`akira: The global settings (${file}) is not a JSON object.\n`);
    } finally {
      await rm(file, { force: true });
    }
  });

  it('akira run --worktree outside a git repository: the refusal and its reason in Chinese, the English in --json', async () => {
    const args = ['--task', 'x', '--worktree', '--yes', '--workspace', join(base, 'ws')];
    const zh = fakeIo('zh-CN');
    expect(await runTaskCommand(args, zh)).toBe(2);
    expect(zh.stderr()).toBe('akira: 此处无法使用 --worktree：工作区不是 Git 仓库：工作树隔离需要一个仓库（git init 并做第一次提交）。\n');
    const en = fakeIo('en');
    expect(await runTaskCommand([...args, '--json'], en)).toBe(2);
    const message = '--worktree is not possible here: The workspace is not a git repository: worktree isolation needs one (git init and a first commit).';
    expect(en.stderr()).toBe(`akira: ${message}\n`);
    expect(JSON.parse(en.stdout().trim().split('\n').at(-1)!)).toEqual({
      error: { code: 'bad_request', message, words: { key: 'session.worktreeFlagRefused', values: ['notARepo', ''] } },
    });
  });

  it('falls back to the message for unknown words and for errors without words', () => {
    const io = { language: 'zh-CN' as const };
    expect(cliErrorText(io, { message: 'New in a later version', words: { key: 'checkpoint.later', values: [] } })).toBe('New in a later version');
    expect(cliThrownText(io, new AkiraError('not_found', checkpointErrors.noneYet))).toBe('还没有检查点。');
    expect(cliThrownText(io, new Error('plain'))).toBe('plain');
    expect(cliThrownText(io, null)).toBe('null');
  });
});
