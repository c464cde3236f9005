import OpenAI, { APIConnectionTimeoutError, AuthenticationError, InternalServerError, RateLimitError } from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, startOpenAiTestServer, type OpenAiTestServer } from './openaiTestServer';

const servers: OpenAiTestServer[] = [];
async function server(options?: Parameters<typeof startOpenAiTestServer>[0]) {
  const srv = await startOpenAiTestServer(options);
  servers.push(srv);
  return srv;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const sdkFor = (srv: OpenAiTestServer, extra: Partial<ConstructorParameters<typeof OpenAI>[0]> = {}) =>
  new OpenAI({ baseURL: srv.baseURL, apiKey: 'sk-test-key-123456', maxRetries: 0, ...extra });

const messages = [{ role: 'user' as const, content: 'hello' }];

describe('openai test server', () => {
  it('streams text as several SSE chunks with a finish_reason and a usage chunk', async () => {
    const srv = await server();
    srv.enqueue(reply.text('Hello from the scripted model, in pieces.', { chunkSize: 5, usage: { promptTokens: 11, completionTokens: 7 } }));
    const stream = await sdkFor(srv).chat.completions.create({ model: 'm1', messages, stream: true, stream_options: { include_usage: true } });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    const text = chunks.map((c) => c.choices[0]?.delta?.content ?? '').join('');
    expect(text).toBe('Hello from the scripted model, in pieces.');
    expect(chunks.filter((c) => c.choices[0]?.delta?.content).length).toBeGreaterThan(5);
    expect(chunks.find((c) => c.choices[0]?.finish_reason)?.choices[0].finish_reason).toBe('stop');
    const last = chunks.at(-1)!;
    expect(last.choices).toEqual([]);
    expect(last.usage).toMatchObject({ prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 });
    expect(chunks[0].model).toBe('m1');
    srv.assertDone();
  });

  it('sends no usage chunk unless stream_options.include_usage', async () => {
    const srv = await server();
    srv.enqueue(reply.text('hi'));
    const stream = await sdkFor(srv).chat.completions.create({ model: 'm1', messages, stream: true });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.some((c) => c.usage)).toBe(false);
    expect(chunks.every((c) => c.choices.length === 1)).toBe(true);
  });

  it('splits tool-call deltas like OpenAI (id and name first, then argument pieces) and the SDK assembles them', async () => {
    const srv = await server();
    const args = { todos: [{ description: 'Write the parser', expectedResult: 'parser.ts exists and its tests pass' }] };
    srv.enqueue(
      reply.message({ text: 'Planning.', toolCalls: [{ id: 'call_a', name: 'todo_write', arguments: args }, { name: 'complete', arguments: { summary: 'ok' } }] }),
    );
    const stream = await sdkFor(srv).chat.completions.create({ model: 'm1', messages, stream: true });
    const toolDeltas = [];
    for await (const chunk of stream) for (const d of chunk.choices[0]?.delta?.tool_calls ?? []) toolDeltas.push(d);
    const first = toolDeltas.filter((d) => d.index === 0);
    expect(first[0]).toMatchObject({ index: 0, id: 'call_a', type: 'function', function: { name: 'todo_write', arguments: '' } });
    expect(first.length).toBeGreaterThan(3);
    expect(first.slice(1).every((d) => d.id === undefined && d.function?.name === undefined)).toBe(true);
    expect(JSON.parse(first.map((d) => d.function?.arguments ?? '').join(''))).toEqual(args);

    srv.enqueue(reply.toolCall('todo_write', args));
    const helper = sdkFor(srv).chat.completions.stream({ model: 'm1', messages });
    const final = await helper.finalChatCompletion();
    expect(final.choices[0].finish_reason).toBe('tool_calls');
    const call = final.choices[0].message.tool_calls![0];
    expect(call.type === 'function' && JSON.parse(call.function.arguments)).toEqual(args);
    expect(call.id).toMatch(/^call_/);
  });

  it('answers a non-streamed request with one JSON body', async () => {
    const srv = await server();
    srv.enqueue(reply.toolCall('complete', { summary: 'done' }, { id: 'call_x' }));
    const res = await sdkFor(srv).chat.completions.create({ model: 'm2', messages });
    expect(res.object).toBe('chat.completion');
    expect(res.choices[0].finish_reason).toBe('tool_calls');
    expect(res.choices[0].message.tool_calls).toEqual([{ id: 'call_x', type: 'function', function: { name: 'complete', arguments: '{"summary":"done"}' } }]);
    expect(res.usage?.total_tokens).toBeGreaterThan(0);
  });

  it('fails as scripted: 429 with Retry-After, 500, 401', async () => {
    const srv = await server();
    srv.enqueue(reply.rateLimited(7), reply.serverError(), reply.unauthorized());
    const sdk = sdkFor(srv);
    const call = () => sdk.chat.completions.create({ model: 'm', messages });
    const limited = await call().catch((e) => e);
    expect(limited).toBeInstanceOf(RateLimitError);
    expect(limited.headers.get('retry-after')).toBe('7');
    await expect(call()).rejects.toBeInstanceOf(InternalServerError);
    await expect(call()).rejects.toBeInstanceOf(AuthenticationError);
    srv.assertDone();
  });

  it('cuts a stream after N chunks by destroying the socket', async () => {
    const srv = await server();
    srv.enqueue(reply.cut(reply.text('a long answer that never finishes', { chunkSize: 3 }), 4));
    const stream = await sdkFor(srv).chat.completions.create({ model: 'm', messages, stream: true });
    const seen: unknown[] = [];
    const outcome = await (async () => {
      for await (const chunk of stream) seen.push(chunk);
      return 'ended';
    })().catch((e: Error) => e);
    expect(seen).toHaveLength(4);
    // The client sees either an error or an end without a finish_reason; never a complete reply.
    expect(seen.some((c) => (c as { choices: { finish_reason: string | null }[] }).choices[0]?.finish_reason)).toBe(false);
    expect(outcome === 'ended' || outcome instanceof Error).toBe(true);
  });

  it('hangs until the client gives up', async () => {
    const srv = await server();
    srv.enqueue(reply.hang());
    await expect(sdkFor(srv, { timeout: 300 }).chat.completions.create({ model: 'm', messages, stream: true })).rejects.toBeInstanceOf(
      APIConnectionTimeoutError,
    );
  });

  it('stalls mid-stream when asked to', async () => {
    const srv = await server();
    srv.enqueue(reply.hang({ afterChunks: 2 }));
    const controller = new AbortController();
    const stream = await sdkFor(srv).chat.completions.create({ model: 'm', messages, stream: true }, { signal: controller.signal });
    const seen: unknown[] = [];
    const done = (async () => {
      for await (const chunk of stream) {
        seen.push(chunk);
        if (seen.length === 2) setTimeout(() => controller.abort(), 100);
      }
    })().catch((e) => e);
    // The SDK ends an aborted stream quietly; what matters is that nothing came after the stall.
    await done;
    expect(controller.signal.aborted).toBe(true);
    expect(seen).toHaveLength(2);
  });

  it('passes each request to a reply function and records requests without the key', async () => {
    const srv = await server();
    srv.enqueue((req) => {
      if (req.body.tool_choice?.function?.name !== 'verify_todo') throw new Error('expected verify_todo to be forced');
      return reply.toolCall('verify_todo', { todoId: 't1', approved: true, feedback: 'ok', confidence: 0.9 });
    });
    srv.enqueue(() => {
      throw new Error('boom from the script');
    });
    const sdk = sdkFor(srv);
    const tools = [{ type: 'function' as const, function: { name: 'verify_todo', parameters: { type: 'object', properties: {} } } }];
    const res = await sdk.chat.completions.create({ model: 'm', messages, tools, tool_choice: { type: 'function', function: { name: 'verify_todo' } } });
    expect(res.choices[0].message.tool_calls?.[0]).toMatchObject({ function: { name: 'verify_todo' } });
    await expect(sdk.chat.completions.create({ model: 'm', messages })).rejects.toThrow(/boom from the script/);
    expect(() => srv.assertDone()).toThrow(/boom from the script/);

    const [first] = srv.chatRequests();
    expect(first.body.messages).toEqual(messages);
    expect(first.hasAuthorization).toBe(true);
    expect(first.headers.authorization).toBeUndefined();
    expect(JSON.stringify(srv.requests)).not.toContain('sk-test-key-123456');
  });

  it('lists models, checks the key when given one, and says when no reply is left', async () => {
    const srv = await server({ models: ['llama3', 'qwen2.5-coder'], apiKey: 'sk-right-key-000' });
    const good = sdkFor(srv, { apiKey: 'sk-right-key-000' });
    const ids = [];
    for await (const m of good.models.list()) ids.push(m.id);
    expect(ids).toEqual(['llama3', 'qwen2.5-coder']);
    await expect(sdkFor(srv, { apiKey: 'sk-wrong' }).models.list()).rejects.toBeInstanceOf(AuthenticationError);
    await expect(good.chat.completions.create({ model: 'm', messages })).rejects.toThrow(/no scripted reply left/);
  });
});
