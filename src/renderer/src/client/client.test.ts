import { describe, expect, it } from 'vitest';
import type { ContractError } from '../../../shared/contract';
import type { Language } from '../../../shared/i18n';
import { ClientError, createClient } from './client';
import type { Answer, Transport } from './transport';

/** A transport that answers every command with `answer`. */
function answering(answer: Answer): Transport {
  return {
    invoke: async () => answer,
    subscribe: () => () => undefined,
    onState: () => () => undefined,
    state: () => 'connected',
    close: () => undefined,
  };
}

async function thrown(error: ContractError, language: Language): Promise<ClientError> {
  const client = createClient(answering({ error }), { language: () => language });
  return client.invoke('workspace.read', { path: 'src/a.ts' }).then(
    () => {
      throw new Error('expected the invoke to fail');
    },
    (err: unknown) => err as ClientError,
  );
}

describe('the client says errors in the UI language (issue 14)', () => {
  const notFound: ContractError = {
    code: 'not_found',
    message: 'No such file or folder: src/a.ts',
    details: { currentHash: null },
    words: { key: 'file.notFound', values: ['src/a.ts'] },
  };

  it('shows the Chinese text of known words under zh-CN, keeping code, details and words', async () => {
    const err = await thrown(notFound, 'zh-CN');
    expect(err).toBeInstanceOf(ClientError);
    expect(err.message).toBe('没有这个文件或文件夹：src/a.ts');
    expect(err.code).toBe('not_found');
    expect(err.details).toEqual({ currentHash: null });
    expect(err.words).toEqual({ key: 'file.notFound', values: ['src/a.ts'] });
  });

  it('shows the English text under en', async () => {
    expect((await thrown(notFound, 'en')).message).toBe('No such file or folder: src/a.ts');
  });

  it('falls back to the message for words it does not know (an older or newer server) or that do not fit', async () => {
    const unknownKey = { ...notFound, message: 'Something new went wrong', words: { key: 'file.somethingNew', values: [] } };
    expect((await thrown(unknownKey, 'zh-CN')).message).toBe('Something new went wrong');
    const unknownDomain = { ...notFound, message: 'Hovercraft full of eels', words: { key: 'eels.full', values: [] } };
    expect((await thrown(unknownDomain, 'zh-CN')).message).toBe('Hovercraft full of eels');
    const tooFewValues = { ...notFound, words: { key: 'file.notFound', values: [] } };
    expect((await thrown(tooFewValues, 'zh-CN')).message).toBe('No such file or folder: src/a.ts');
    const malformed = { ...notFound, words: { key: 'file.notFound', values: [{ path: 'x' }] } } as unknown as ContractError;
    const err = await thrown(malformed, 'zh-CN');
    expect(err.message).toBe('No such file or folder: src/a.ts');
    expect(err.words).toBeUndefined();
  });

  it('says the invalid fields of a bad_request in the UI language too (the forms show them by each field)', async () => {
    const refused: ContractError = {
      code: 'bad_request',
      message: 'Not saved: the global settings have 2 invalid fields: …',
      details: {
        fields: [
          { path: 'agent.policy.limits.maxToolLoopsPerTodo', message: 'Max tool loops per TODO must be a whole number from 1 to 200 (got 500)', words: { key: 'settings.outOfRange', values: ['maxToolLoopsPerTodo', 1, 200, '500'] } },
          { path: 'agent.mode', message: 'no mode "nope"' },
        ],
      },
    };
    const err = await thrown(refused, 'zh-CN');
    expect(err.details?.fields?.map((f) => f.message)).toEqual(['每个 TODO 的最大工具调用次数必须是 1 到 200 之间的整数（当前为 500）', 'no mode "nope"']);
    expect(err.details?.fields?.[0].path).toBe('agent.policy.limits.maxToolLoopsPerTodo');
    expect(err.message).toBe(refused.message);
  });

  it('shows the message of an error without words', async () => {
    const err = await thrown({ code: 'unavailable', message: 'Connection to Akira lost' }, 'zh-CN');
    expect(err.message).toBe('Connection to Akira lost');
    expect(err.code).toBe('unavailable');
  });
});
