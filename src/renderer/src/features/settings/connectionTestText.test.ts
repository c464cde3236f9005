import { describe, expect, it } from 'vitest';
import type { ConnectionTestResultT } from '../../../../shared/contract';
import { connectionTestText } from './connectionTestText';

// Issue 14: "Test connection" says its result in the UI's language from the words, else the English message.
const base = { baseURL: 'http://127.0.0.1:11434/v1', model: 'nope', latencyMs: 5 };
const failed: ConnectionTestResultT = {
  ...base,
  ok: false,
  status: null,
  message: 'Cannot reach the model server at http://127.0.0.1:11434/v1 (connect ECONNREFUSED). Is the server running at that address, and is the port right?',
  errorWords: { key: 'model.unreachable', values: ['http://127.0.0.1:11434/v1', 'connect ECONNREFUSED'] },
  hintWords: { key: 'model.hintCheckAddress', values: [] },
};

describe('connectionTestText', () => {
  it('says a failure as its error and its hint in Chinese', () => {
    expect(connectionTestText(failed, 'zh-CN')).toEqual({
      text: '无法连接 http://127.0.0.1:11434/v1 的模型服务器（connect ECONNREFUSED）。',
      hint: '服务器是否在这个地址上运行，端口是否正确？',
    });
    expect(connectionTestText(failed, 'en').hint).toBe('Is the server running at that address, and is the port right?');
  });

  it('says what passed in Chinese', () => {
    const ok: ConnectionTestResultT = {
      ...base,
      ok: true,
      model: null,
      models: ['a', 'b'],
      message: 'Connected to http://127.0.0.1:11434/v1 in 5 ms: 2 models listed. Pick a model to try a chat completion.',
      messageWords: { key: 'model.testListed', values: ['http://127.0.0.1:11434/v1', 5, 2] },
    };
    expect(connectionTestText(ok, 'zh-CN')).toEqual({ text: '已连接到 http://127.0.0.1:11434/v1（5 毫秒）：列出了 2 个模型。请选择一个模型来试一次聊天补全。', hint: null });
  });

  it('shows the English message without words, or with words this build does not know', () => {
    const { errorWords: _e, hintWords: _h, ...old } = failed;
    expect(connectionTestText(old, 'zh-CN')).toEqual({ text: failed.message, hint: null });
    expect(connectionTestText({ ...failed, hintWords: { key: 'model.fromTheFuture', values: [] } }, 'zh-CN')).toEqual({ text: failed.message, hint: null });
    expect(connectionTestText({ ...old, hintWords: failed.hintWords }, 'zh-CN')).toEqual({ text: failed.message, hint: null });
  });
});
