import { describe, expect, it } from 'vitest';
import { costUsd, knownPrice, resolvePrice } from './pricing';
import { redactSecrets } from '../../../common/redact';
import { createStreamAccumulator, parseToolArguments } from './streamAccumulator';

describe('pricing', () => {
  it('matches known models by name, dated versions and provider prefixes, not look-alikes', () => {
    expect(knownPrice('gpt-4o')).toEqual({ inputPer1M: 2.5, outputPer1M: 10 });
    expect(knownPrice('gpt-4o-2024-08-06')).toEqual(knownPrice('gpt-4o'));
    expect(knownPrice('gpt-4o-mini-2024-07-18')).toEqual({ inputPer1M: 0.15, outputPer1M: 0.6 });
    expect(knownPrice('openai/gpt-4.1-mini')).toEqual({ inputPer1M: 0.4, outputPer1M: 1.6 });
    expect(knownPrice('gpt-4o-audio-preview')).toBeNull();
    expect(knownPrice('llama3.1:8b')).toBeNull();
  });

  it('prefers a configured price and computes cost per 1M tokens', () => {
    expect(resolvePrice('gpt-4o', { inputPer1M: 0, outputPer1M: 0 })).toEqual({ inputPer1M: 0, outputPer1M: 0 });
    expect(costUsd({ promptTokens: 2_000_000, completionTokens: 1_000_000 }, { inputPer1M: 1.5, outputPer1M: 6 })).toBe(9);
    expect(costUsd({ promptTokens: 10, completionTokens: 10 }, null)).toBeNull();
  });
});

describe('redaction', () => {
  it('removes the given secrets and key-looking strings', () => {
    const text = 'key my-custom-secret-value; Authorization: Bearer abc.def-ghi_12345; sk-or-v1-0123456789abcdef; url ?api_key=zzz123&x=1';
    const out = redactSecrets(text, ['my-custom-secret-value']);
    expect(out).toBe('key [redacted]; Authorization: [redacted]; [redacted]; url ?api_key=[redacted]&x=1');
  });

  it('leaves ordinary text and very short "keys" alone', () => {
    expect(redactSecrets('ask the model', ['x', ''])).toBe('ask the model');
  });
});

describe('stream accumulator', () => {
  it('merges tool-call deltas by index, text, finish reason and usage', () => {
    const acc = createStreamAccumulator();
    const deltas = [
      { model: 'm', choices: [{ index: 0, delta: { role: 'assistant', content: 'Hi ' } }] },
      { choices: [{ index: 0, delta: { content: 'there' } }] },
      { choices: [{ index: 0, delta: { tool_calls: [{ index: 1, id: 'b', function: { name: 'read_file', arguments: '' } }] } }] },
      { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: 'a', function: { name: 'list_files', arguments: '{"pa' } }] } }] },
      { choices: [{ index: 0, delta: { tool_calls: [{ index: 1, function: { arguments: '{"path":"x"}' } }] } }] },
      { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: 'th":"."}' } }] } }] },
    ].map((c) => acc.push(c));
    expect(deltas).toEqual(['Hi ', 'there', '', '', '', '']);
    expect(acc.complete).toBe(false);
    acc.push({ choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] });
    acc.push({ choices: [], usage: { prompt_tokens: 12, completion_tokens: 3 } });
    expect(acc.complete).toBe(true);
    expect(acc.result()).toEqual({
      text: 'Hi there',
      finishReason: 'tool_calls',
      usage: { promptTokens: 12, completionTokens: 3 },
      model: 'm',
      toolCalls: [
        { id: 'a', name: 'list_files', arguments: { path: '.' }, rawArguments: '{"path":"."}', parseError: null },
        { id: 'b', name: 'read_file', arguments: { path: 'x' }, rawArguments: '{"path":"x"}', parseError: null },
      ],
    });
  });

  it('gives ids to calls without one and tolerates a name repeated in every delta', () => {
    const acc = createStreamAccumulator();
    acc.push({ choices: [{ delta: { tool_calls: [{ index: 0, function: { name: 'complete', arguments: '{"summary":' } }] } }] });
    acc.push({ choices: [{ delta: { tool_calls: [{ index: 0, function: { name: 'complete', arguments: '"ok"}' } }] }, finish_reason: 'stop' }] });
    expect(acc.result().toolCalls).toEqual([{ id: 'call_0', name: 'complete', arguments: { summary: 'ok' }, rawArguments: '{"summary":"ok"}', parseError: null }]);
  });

  it('parses tool arguments: empty is {}, non-objects and bad JSON are errors', () => {
    expect(parseToolArguments('  ')).toEqual({ arguments: {}, parseError: null });
    expect(parseToolArguments('[1]')).toEqual({ arguments: null, parseError: 'The arguments must be a JSON object, got an array.' });
    expect(parseToolArguments('"x"').parseError).toMatch(/got string/);
    expect(parseToolArguments('{"a":').parseError).toMatch(/not valid JSON/);
  });
});
