import { describe, expect, it } from 'vitest';
import { commandNames } from '../../shared/contract';
import { errorText, fileErrors } from '../../shared/errors';
import { AkiraError } from './errors';
import { createRouter, type Handlers } from './router';

const ctx = { face: 'test' as const };

function handlersWith(overrides: Partial<Handlers>): Handlers {
  const fail = () => {
    throw new Error('not used in this test');
  };
  const all = Object.fromEntries(commandNames.map((n) => [n, fail])) as unknown as Handlers;
  return { ...all, ...overrides };
}

describe('router', () => {
  it('answers unknown commands with unknown_command', async () => {
    const router = createRouter(handlersWith({}));
    expect(await router.handle('nope.nothing', {}, ctx)).toEqual({
      error: { code: 'unknown_command', message: 'Unknown command: nope.nothing' },
    });
    expect(await router.handle(42, {}, ctx)).toMatchObject({ error: { code: 'unknown_command' } });
    expect(await router.handle('__proto__', {}, ctx)).toMatchObject({ error: { code: 'unknown_command' } });
  });

  it('validates input and names the bad field', async () => {
    const router = createRouter(handlersWith({ 'terminal.resize': () => ({ ok: true }) }));
    const answer = await router.handle('terminal.resize', { terminalId: 't1', cols: 'wide', rows: 10 }, ctx);
    expect(answer).toMatchObject({ error: { code: 'bad_request' } });
    expect((answer as { error: { message: string } }).error.message).toMatch(/terminal\.resize.*cols/);
    expect(await router.handle('terminal.resize', { terminalId: 't1', cols: 0, rows: 10 }, ctx)).toMatchObject({
      error: { code: 'bad_request' },
    });
    expect(await router.handle('terminal.resize', 'not an object', ctx)).toMatchObject({ error: { code: 'bad_request' } });
    expect(await router.handle('terminal.resize', { terminalId: 't1', cols: 80, rows: 24 }, ctx)).toEqual({
      result: { ok: true },
    });
  });

  it('says which field is wrong and why in words of the input catalog (issue 14)', async () => {
    const router = createRouter(handlersWith({}));
    const wrongType = await router.handle('terminal.resize', { terminalId: 't1', cols: 'wide', rows: 10 }, ctx);
    expect(wrongType).toMatchObject({ error: { code: 'bad_request', words: { key: 'input.wrongType', values: ['cols', 'number', 0] } } });
    expect(errorText((wrongType as { error: { message: string; words: unknown } }).error, 'zh-CN')).toBe('cols 应为数字');
    // A Latin type is set apart by a space, as elsewhere (`不是有效的 URL`).
    expect(errorText({ message: '', words: { key: 'input.wrongType', values: ['vision', 'boolean', 0] } }, 'zh-CN')).toBe('vision 应为 true 或 false');
    expect(errorText({ message: '', words: { key: 'input.wrongType', values: ['x', 'null', 0] } }, 'zh-CN')).toBe('x 应为 null');
    const missing = await router.handle('workspace.read', {}, ctx);
    expect(missing).toMatchObject({ error: { words: { key: 'input.missing', values: ['path', 0] } } });
    const twoMissing = await router.handle('terminal.resize', { terminalId: 't1' }, ctx);
    const error = (twoMissing as { error: { message: string; words: unknown; details: { fields: { words: unknown }[] } } }).error;
    expect(error.words).toEqual({ key: 'input.missing', values: ['cols', 1] });
    expect(error.details.fields.map((f) => f.words)).toEqual([
      { key: 'input.missing', values: ['cols', 0] },
      { key: 'input.missing', values: ['rows', 0] },
    ]);
    expect(error.message).toMatch(/^Invalid params for terminal\.resize: cols/);
    expect(errorText(error, 'en')).toBe('cols is missing (and 1 more problem)');
    expect(errorText(error, 'zh-CN')).toBe('缺少 cols（另有 1 个问题）');
    const unknown = await router.handle('git.status', { sneaky: 1 }, ctx);
    expect(unknown).toMatchObject({ error: { words: { key: 'input.unknownFields', values: ['', 'sneaky', 0] } } });
    expect(errorText((unknown as { error: { message: string; words: unknown } }).error, 'zh-CN')).toBe('输入含有 Akira 不认识的字段：sneaky');
  });

  it('answers the words of an AkiraError a handler throws', async () => {
    const router = createRouter(
      handlersWith({
        'workspace.read': () => {
          throw new AkiraError('forbidden', fileErrors.outsideWorkspace('../x'));
        },
      }),
    );
    expect(await router.handle('workspace.read', { path: '../x' }, ctx)).toEqual({
      error: { code: 'forbidden', message: 'Path "../x" is outside the workspace.', words: { key: 'file.outsideWorkspace', values: ['../x'] } },
    });
  });

  it('rejects unexpected fields on commands without parameters, accepts nothing at all', async () => {
    const router = createRouter(handlersWith({ 'git.status': () => ({ isRepo: false, branch: null, ahead: 0, behind: 0, files: [] }) }));
    expect(await router.handle('git.status', undefined, ctx)).toMatchObject({ result: { isRepo: false } });
    expect(await router.handle('git.status', null, ctx)).toMatchObject({ result: { isRepo: false } });
    expect(await router.handle('git.status', { sneaky: 1 }, ctx)).toMatchObject({ error: { code: 'bad_request' } });
  });

  it('applies defaults before the handler sees the params', async () => {
    let seen: unknown;
    const router = createRouter(
      handlersWith({
        'workspace.list': (p) => {
          seen = p;
          return { path: '', entries: [], total: 0, nextOffset: null };
        },
      }),
    );
    await router.handle('workspace.list', {}, ctx);
    expect(seen).toEqual({ path: '', offset: 0, limit: 500 });
  });

  it('turns thrown errors into {code, message} without stacks', async () => {
    const router = createRouter(
      handlersWith({
        'workspace.read': () => {
          throw new AkiraError('forbidden', 'Path leaves the workspace: ../x');
        },
        'workspace.recent': () => {
          throw Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT', path: '/nowhere' });
        },
        'terminal.list': () => {
          throw new TypeError('boom');
        },
      }),
    );
    expect(await router.handle('workspace.read', { path: '../x' }, ctx)).toEqual({
      error: { code: 'forbidden', message: 'Path leaves the workspace: ../x' },
    });
    expect(await router.handle('workspace.recent', {}, ctx)).toEqual({
      error: { code: 'not_found', message: 'No such file or folder (nowhere)', words: { key: 'file.errnoNotFound', values: ['nowhere'] } },
    });
    const internal = await router.handle('terminal.list', {}, ctx);
    expect(internal).toEqual({ error: { code: 'internal', message: 'boom' } });
  });

  it('checks results against the contract when asked to', async () => {
    const router = createRouter(handlersWith({ 'terminal.list': () => ({ terminals: 'many' }) as never }), {
      validateOutput: true,
    });
    expect(await router.handle('terminal.list', {}, ctx)).toMatchObject({ error: { code: 'internal' } });
  });
});
