import { describe, expect, it } from 'vitest';
import { commandNames } from '../../shared/contract';
import { errorText, fileErrors, inputRule, ruleOf } from '../../shared/errors';
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

  it("says the contract's own rules in their words, and the generic words where they say the same (issue 14)", async () => {
    const router = createRouter(handlersWith({}));
    type Answer = { error: { message: string; words: { key: string; values: unknown[] }; details: { fields: { path: string; message: string }[] } } };
    const ask = async (name: string, input: unknown) => ((await router.handle(name, input, ctx)) as Answer).error;
    const SESSION = '3b241101-e2bb-4255-8caf-4136c566a962';

    const session = await ask('agent.get', { sessionId: 'nope' });
    expect(session.words).toEqual({ key: 'input.sessionId', values: ['sessionId', 0] });
    expect(session.message).toBe('Invalid params for agent.get: sessionId must be a session id (a UUID v4)');
    expect(session.details.fields).toEqual([{ path: 'sessionId', message: 'sessionId must be a session id (a UUID v4)', words: session.words }]);
    expect(errorText(session, 'zh-CN')).toBe('sessionId 应为会话 ID（UUID v4）');

    const checkpoint = await ask('checkpoints.show', { checkpointId: 'a b/c' });
    expect(errorText(checkpoint, 'en')).toBe('checkpointId may hold only letters, digits, - and _');
    expect(errorText(checkpoint, 'zh-CN')).toBe('checkpointId 只能包含字母、数字、- 和 _');
    const ack = await ask('terminal.ack', { terminalId: 't1' });
    expect(ack.words).toEqual({ key: 'input.needsEither', values: ['', 'upTo', 'bytes', 0] });
    expect(ack.message).toBe('Invalid params for terminal.ack: The input needs upTo or bytes');
    expect(errorText(ack, 'zh-CN')).toBe('输入 需要 upTo 或 bytes');
    const reject = await ask('agent.reject', { sessionId: SESSION, changeId: 'ch-1', reason: '  ' });
    expect(errorText(reject, 'zh-CN')).toBe('reason 需要说明原因（智能体会读到）');
    const key = await ask('settings.setApiKey', { key: 'sk with spaces' });
    expect(errorText(key, 'en')).toBe('An API key has no spaces or special characters');
    expect(key.message).toBe('Invalid params for settings.setApiKey: An API key has no spaces or special characters');
    expect(errorText(key, 'zh-CN')).toBe('API 密钥不能包含空格或特殊字符');
    const image = await ask('agent.start', { task: 'look', images: [{ mediaType: 'image/png', dataBase64: 'data:image/png;base64,AAAA' }] });
    expect(image.words).toEqual({ key: 'input.base64', values: ['images.0.dataBase64', 0] });
    expect(errorText(image, 'zh-CN')).toBe('images.0.dataBase64 应为 base64（不带 data: 前缀）');

    // Where the generic words say the same, the contract has no English of its own: the words say it in both languages.
    const model = await ask('agent.start', { task: 'x', model: 'm'.repeat(201) });
    expect(model.words).toEqual({ key: 'input.tooBig', values: ['model', 'string', 200, 0] });
    expect(model.message).not.toMatch(/The model name/);
    expect(errorText(await ask('search.start', { query: '' }), 'zh-CN')).toBe('query 不能为空');
    expect(errorText(await ask('agent.start', { task: '   ' }), 'en')).toBe('task must not be empty');
    // A rule's values travel in its marker; any other message is no rule.
    expect(ruleOf(inputRule('imageTooBig', 5))).toEqual({ rule: 'imageTooBig', values: [5] });
    expect(ruleOf('input.nope')).toBeNull();
    expect(ruleOf('The task is empty.')).toBeNull();
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
