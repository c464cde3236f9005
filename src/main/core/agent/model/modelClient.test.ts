import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { reply, startOpenAiTestServer, type OpenAiTestServer } from '../../../../testing/openaiTestServer';
import { createModelClient, type AttemptReport, type ModelClientOptions, type RetryNotice } from './modelClient';
import type { ModelConfig } from './modelConfig';
import { ModelAbortedError, ModelAuthError, ModelRequestError, ModelUnavailableError } from './modelErrors';
import type { ModelMessage } from './messages';

const servers: OpenAiTestServer[] = [];
async function server(options?: Parameters<typeof startOpenAiTestServer>[0]) {
  const srv = await startOpenAiTestServer(options);
  servers.push(srv);
  return srv;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const KEY = 'sk-proj-SECRETabcdef1234567890';

/** A client whose waits are recorded instead of slept, with no jitter unless `random` is given. */
function clientFor(srv: { baseURL: string }, config: Partial<ModelConfig> = {}, options: ModelClientOptions = {}) {
  const delays: number[] = [];
  const attempts: AttemptReport[] = [];
  const client = createModelClient(
    { baseURL: srv.baseURL, apiKey: KEY, model: 'test-model', price: null, timeoutMs: 10_000, maxRetries: 3, ...config },
    {
      sleep: async (ms) => void delays.push(ms),
      random: () => 0.5,
      onAttempt: (r) => attempts.push(r),
      ...options,
    },
  );
  return { client, delays, attempts };
}

const messages: ModelMessage[] = [
  { role: 'system', content: 'You are a careful agent.' },
  { role: 'user', content: 'Add a README.' },
];

describe('model client: replies', () => {
  it('streams text to onDelta and returns the completed reply', async () => {
    const srv = await server();
    srv.enqueue(reply.text('I will start by reading the project layout.', { chunkSize: 6 }));
    const { client } = clientFor(srv);
    const deltas: string[] = [];
    const r = await client.complete({ messages, onDelta: (d) => deltas.push(d) });
    expect(r.text).toBe('I will start by reading the project layout.');
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(r.text);
    expect(r).toMatchObject({ finishReason: 'stop', attempts: 1, toolCalls: [], model: 'test-model' });
    const [req] = srv.chatRequests();
    expect(req.body).toMatchObject({ model: 'test-model', stream: true, stream_options: { include_usage: true } });
    expect(req.body.messages).toEqual([
      { role: 'system', content: 'You are a careful agent.' },
      { role: 'user', content: 'Add a README.' },
    ]);
    expect(req.body.tools).toBeUndefined();
    srv.assertDone();
  });

  it('assembles tool-call deltas and keeps unparsable arguments as raw text with the parse error', async () => {
    const srv = await server();
    const todos = { todos: [{ description: 'Create README.md', expectedResult: 'README.md describes the project' }] };
    srv.enqueue(
      reply.message({
        text: 'Plan:',
        chunkSize: 4,
        toolCalls: [
          { id: 'call_1', name: 'todo_write', arguments: todos },
          { id: 'call_2', name: 'read_file', arguments: '{"path": "src/a.ts",' },
          { id: 'call_3', name: 'list_files', arguments: '' },
        ],
      }),
    );
    const { client } = clientFor(srv);
    const tools = [
      { name: 'todo_write', description: 'Write the TODO list', schema: z.object({ todos: z.array(z.object({ description: z.string(), expectedResult: z.string() })) }) },
      { name: 'read_file', description: 'Read a file', schema: z.object({ path: z.string(), startLine: z.number().int().optional() }) },
      { name: 'list_files', description: 'List files', schema: z.object({ path: z.string().optional() }) },
    ];
    const r = await client.complete({ messages, tools, toolChoice: 'required' });
    expect(r.finishReason).toBe('tool_calls');
    expect(r.text).toBe('Plan:');
    expect(r.toolCalls[0]).toEqual({ id: 'call_1', name: 'todo_write', arguments: todos, rawArguments: JSON.stringify(todos), parseError: null });
    expect(r.toolCalls[1]).toMatchObject({ id: 'call_2', name: 'read_file', arguments: null, rawArguments: '{"path": "src/a.ts",' });
    expect(r.toolCalls[1].parseError).toMatch(/not valid JSON/);
    expect(r.toolCalls[2]).toMatchObject({ name: 'list_files', arguments: {}, parseError: null });

    const body = srv.chatRequests()[0].body;
    expect(body.tool_choice).toBe('required');
    expect(body.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual(['todo_write', 'read_file', 'list_files']);
    expect(body.tools[1]).toEqual({
      type: 'function',
      function: {
        name: 'read_file',
        description: 'Read a file',
        parameters: { type: 'object', properties: { path: { type: 'string' }, startLine: { type: 'integer', minimum: expect.any(Number), maximum: expect.any(Number) } }, required: ['path'] },
      },
    });
  });

  it('forces one tool and sends the conversation with tool calls and tool results', async () => {
    const srv = await server();
    srv.enqueue((req) => {
      expect(req.body.tool_choice).toEqual({ type: 'function', function: { name: 'verify_todo' } });
      return reply.toolCall('verify_todo', { todoId: 't1', approved: true, feedback: 'looks right', confidence: 0.8 });
    });
    const { client } = clientFor(srv);
    const verify = { name: 'verify_todo', description: 'Verdict', schema: z.object({ todoId: z.string(), approved: z.boolean(), feedback: z.string(), confidence: z.number().min(0).max(1) }) };
    const r = await client.complete({
      messages: [
        ...messages,
        { role: 'assistant', content: null, toolCalls: [{ id: 'call_9', name: 'read_file', arguments: { path: 'README.md' } }] },
        { role: 'tool', toolCallId: 'call_9', content: '# Project' },
      ],
      tools: [verify],
      toolChoice: { name: 'verify_todo' },
    });
    srv.assertDone();
    expect(r.toolCalls[0].arguments).toEqual({ todoId: 't1', approved: true, feedback: 'looks right', confidence: 0.8 });
    const sent = srv.chatRequests()[0].body.messages;
    expect(sent[2]).toEqual({ role: 'assistant', content: null, tool_calls: [{ id: 'call_9', type: 'function', function: { name: 'read_file', arguments: '{"path":"README.md"}' } }] });
    expect(sent[3]).toEqual({ role: 'tool', tool_call_id: 'call_9', content: '# Project' });
  });

  it('reports usage and cost from a configured price, a known model price, or null', async () => {
    const srv = await server();
    const usage = { promptTokens: 1000, completionTokens: 500 };
    srv.enqueue(reply.text('a', { usage }), reply.text('b', { usage }), reply.text('c', { usage }));
    const configured = await clientFor(srv, { price: { inputPer1M: 2, outputPer1M: 8 } }).client.complete({ messages });
    expect(configured.usage).toEqual({ ...usage, estimated: false });
    expect(configured.costUsd).toBeCloseTo(0.006, 10);
    const known = await clientFor(srv, { model: 'gpt-4o-mini' }).client.complete({ messages });
    expect(known.costUsd).toBeCloseTo((1000 * 0.15 + 500 * 0.6) / 1e6, 10);
    const unknown = await clientFor(srv, { model: 'qwen2.5-coder:7b' }).client.complete({ messages });
    expect(unknown.costUsd).toBeNull();
  });

  it('estimates usage when the server sends none', async () => {
    const srv = await server();
    // A server that ignores stream_options: the exact stream, without a usage chunk.
    const chunk = (delta: object, finish: string | null = null) =>
      `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', created: 1, model: 'local', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    srv.enqueue(reply.raw(200, 'text/event-stream', chunk({ role: 'assistant', content: 'Hello there' }) + chunk({}, 'stop') + 'data: [DONE]\n\n'));
    const r = await clientFor(srv).client.complete({ messages });
    expect(r.text).toBe('Hello there');
    expect(r.usage.estimated).toBe(true);
    expect(r.usage.promptTokens).toBeGreaterThan(5);
    expect(r.usage.completionTokens).toBeGreaterThan(0);
  });
});

describe('model client: retries', () => {
  it('honours Retry-After on 429 (seconds, HTTP date, capped) and reports every attempt', async () => {
    const srv = await server();
    srv.enqueue(reply.rateLimited(3), reply.rateLimited(new Date(Date.now() + 5000).toUTCString()), reply.rateLimited(3600), reply.text('finally'));
    const { client, delays, attempts } = clientFor(srv);
    const r = await client.complete({ messages });
    expect(r).toMatchObject({ text: 'finally', attempts: 4 });
    expect(delays[0]).toBe(3000);
    expect(delays[1]).toBeGreaterThan(3000); // an HTTP date has 1 s resolution
    expect(delays[1]).toBeLessThanOrEqual(5000);
    expect(delays[2]).toBe(60_000);
    expect(attempts.map((a) => [a.attempt, a.status, a.outcome])).toEqual([
      [1, 429, 'retry'],
      [2, 429, 'retry'],
      [3, 429, 'retry'],
      [4, 200, 'ok'],
    ]);
    expect(attempts[0].delayMs).toBe(3000);
    expect(attempts[0].error).toMatch(/429.*Rate limit/);
    expect(attempts[3].usage?.completionTokens).toBeGreaterThan(0);
    expect(srv.chatRequests()).toHaveLength(4);
  });

  it('retries a 500 after 1 s and succeeds', async () => {
    const srv = await server();
    srv.enqueue(reply.serverError(), reply.text('ok now'));
    const notices: RetryNotice[] = [];
    const { client, delays } = clientFor(srv);
    const r = await client.complete({ messages, onRetry: (n) => notices.push(n) });
    expect(r).toMatchObject({ text: 'ok now', attempts: 2 });
    expect(delays).toEqual([1000]);
    expect(notices).toEqual([{ attempt: 1, delayMs: 1000, reason: expect.stringMatching(/500/), reasonWords: { key: expect.stringMatching(/^model\./), values: expect.any(Array) } }]);
  });

  it('backs off 1 s, 2 s, 4 s within ±20% jitter, then gives up with ModelUnavailableError', async () => {
    const srv = await server();
    srv.enqueue(reply.serverError(502), reply.serverError(503), reply.serverError(500), reply.serverError(500, 'still broken'));
    const { client, delays, attempts } = clientFor(srv, {}, { random: Math.random });
    const err = await client.complete({ messages }).catch((e) => e);
    expect(err).toBeInstanceOf(ModelUnavailableError);
    expect(err).toMatchObject({ attempts: 4, status: 500, code: 'unavailable' });
    expect(err.message).toMatch(/after 4 attempts.*500: still broken/);
    expect(delays).toHaveLength(3);
    [1000, 2000, 4000].forEach((base, i) => {
      expect(delays[i]).toBeGreaterThanOrEqual(base * 0.8);
      expect(delays[i]).toBeLessThanOrEqual(base * 1.2);
    });
    expect(attempts.map((a) => a.outcome)).toEqual(['retry', 'retry', 'retry', 'failed']);
    expect(srv.chatRequests()).toHaveLength(4);
  });

  it('retries a stream cut mid-way from scratch and never returns the partial text', async () => {
    const srv = await server();
    srv.enqueue(reply.cut(reply.text('PARTIAL-PARTIAL-PARTIAL-PARTIAL', { chunkSize: 4 }), 4), reply.text('The whole answer.'));
    const { client, delays, attempts } = clientFor(srv);
    let shown = '';
    const notices: RetryNotice[] = [];
    const r = await client.complete({
      messages,
      onDelta: (d) => (shown += d),
      onRetry: (n) => {
        notices.push(n);
        shown = '';
      },
    });
    expect(r.text).toBe('The whole answer.');
    expect(shown).toBe('The whole answer.');
    expect(notices).toHaveLength(1);
    expect(delays).toEqual([1000]);
    expect(attempts[0]).toMatchObject({ attempt: 1, status: null, outcome: 'retry' });
    // Said as what it is: the stream was cut mid-reply, not "cannot reach the model server".
    expect(attempts[0].error).toMatch(/the stream was cut after \d+ chunks?, before the reply was complete/);
    expect(attempts[0].error).not.toMatch(/Cannot reach/);
  });

  it('treats a stream that ends cleanly without a finish_reason as cut', async () => {
    const srv = await server();
    const chunk = `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content: 'half' }, finish_reason: null }] })}\n\n`;
    srv.enqueue(reply.raw(200, 'text/event-stream', chunk), reply.toolCall('complete', { summary: 'done' }));
    const { client, attempts } = clientFor(srv);
    const r = await client.complete({ messages });
    expect(r.text).toBe('');
    expect(r.toolCalls[0].name).toBe('complete');
    expect(attempts[0].error).toMatch(/stream was cut after 1 chunk/);
  });

  it('gives up waiting on a hung server after the timeout, and on a stalled stream, then retries', async () => {
    const srv = await server();
    srv.enqueue(reply.hang(), reply.hang({ afterChunks: 3, reply: reply.text('stalled partial text', { chunkSize: 3 }) }), reply.text('recovered'));
    const { client, attempts } = clientFor(srv, { timeoutMs: 300 });
    let shown = '';
    const r = await client.complete({ messages, onDelta: (d) => (shown += d), onRetry: () => (shown = '') });
    expect(r).toMatchObject({ text: 'recovered', attempts: 3 });
    expect(shown).toBe('recovered');
    expect(attempts.slice(0, 2).map((a) => [a.status, a.outcome])).toEqual([
      [null, 'retry'],
      [null, 'retry'],
    ]);
    expect(attempts[0].error).toMatch(/no answer within 0.3 s/);
  });

  it('retries network errors (nothing listening) and then says the server cannot be reached', async () => {
    const dead = await startOpenAiTestServer();
    await dead.close();
    const { client, delays } = clientFor(dead, { maxRetries: 2 });
    const err = await client.complete({ messages }).catch((e) => e);
    expect(err).toBeInstanceOf(ModelUnavailableError);
    expect(err.message).toMatch(/Cannot reach the model server at http:\/\/127\.0\.0\.1:\d+\/v1 \(ECONNREFUSED\)/);
    expect(delays).toEqual([1000, 2000]);
  });
});

describe('model client: errors that are not retried', () => {
  it('a 401 where no key was sent says which keys there are and how to use one there', async () => {
    const srv = await server();
    srv.enqueue(reply.unauthorized());
    const keyNote = 'No API key was sent to http://127.0.0.1: OPENAI_API_KEY is for https://api.openai.com. Save a key for it in Settings.';
    const err = await clientFor(srv, { apiKey: '', keyNote }).client.complete({ messages }).catch((e) => e);
    expect(err).toBeInstanceOf(ModelAuthError);
    expect(err.message).toContain(keyNote);
  });

  it('401 is a ModelAuthError at once, with a clear message', async () => {
    const srv = await server();
    srv.enqueue(reply.unauthorized(), reply.forbidden());
    const { client, delays, attempts } = clientFor(srv);
    const err = await client.complete({ messages }).catch((e) => e);
    expect(err).toBeInstanceOf(ModelAuthError);
    expect(err).toMatchObject({ kind: 'auth', code: 'forbidden', status: 401 });
    expect(err.message).toMatch(/refused the API key \(401\): Incorrect API key provided\. Check the API key/);
    expect(delays).toEqual([]);
    expect(attempts).toEqual([expect.objectContaining({ attempt: 1, status: 401, outcome: 'failed' })]);
    expect(srv.chatRequests()).toHaveLength(1);

    const denied = await client.complete({ messages }).catch((e) => e);
    expect(denied).toBeInstanceOf(ModelAuthError);
    expect(denied.message).toMatch(/denied access \(403\).*test-model/);
  });

  it('404 and 400 are ModelRequestErrors carrying the server message', async () => {
    const srv = await server();
    srv.enqueue(reply.notFound('The model `gpt-9` does not exist'), reply.error(400, { error: "model 'llama9' not found, try pulling it first" }));
    const { client, delays } = clientFor(srv);
    const notFound = await client.complete({ messages }).catch((e) => e);
    expect(notFound).toBeInstanceOf(ModelRequestError);
    expect(notFound.message).toMatch(/\(404\): The model `gpt-9` does not exist\. Check the model name/);
    // Ollama-style error body: {"error": "<text>"}
    const ollama = await client.complete({ messages }).catch((e) => e);
    expect(ollama.message).toMatch(/\(400\): model 'llama9' not found, try pulling it first/);
    expect(delays).toEqual([]);
  });

  it('an abort stops a hung call and the wait between retries, without retrying', async () => {
    const srv = await server();
    srv.enqueue(reply.hang());
    const { client, attempts } = clientFor(srv);
    const controller = new AbortController();
    const pending = client.complete({ messages, signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(pending).rejects.toBeInstanceOf(ModelAbortedError);
    expect(attempts.map((a) => a.outcome)).toEqual(['aborted']);

    srv.enqueue(reply.serverError());
    const during = new AbortController();
    const real = createModelClient({ baseURL: srv.baseURL, apiKey: '', model: 'm', price: null, timeoutMs: 5000, maxRetries: 3 });
    const p = real.complete({ messages, signal: during.signal, onRetry: () => setTimeout(() => during.abort(), 50) });
    await expect(p).rejects.toBeInstanceOf(ModelAbortedError);
    expect(srv.chatRequests()).toHaveLength(2);
  });

  it('never puts the API key in errors or attempt reports', async () => {
    const srv = await server();
    const leaky = `Incorrect API key provided: ${KEY}. Header was Bearer ${KEY}`;
    srv.enqueue(reply.unauthorized(leaky), ...Array(4).fill(reply.serverError(500, `upstream said key=${KEY}`)));
    const { client, attempts } = clientFor(srv);
    const auth = await client.complete({ messages }).catch((e) => e);
    const unavailable = await client.complete({ messages }).catch((e) => e);
    expect(auth).toBeInstanceOf(ModelAuthError);
    expect(unavailable).toBeInstanceOf(ModelUnavailableError);
    const everything = JSON.stringify([auth.message, String(auth), unavailable.message, String(unavailable), attempts]);
    expect(everything).not.toContain(KEY);
    expect(everything).not.toContain('SECRETabcdef');
    expect(auth.message).toContain('[redacted]');
    // The key did go to the server, in the Authorization header only.
    expect(srv.requests.every((r) => r.hasAuthorization)).toBe(true);
  });

  it('sends a placeholder key when none is configured (local servers)', async () => {
    const srv = await server();
    srv.enqueue(reply.text('local'));
    const client = createModelClient({ baseURL: srv.baseURL, apiKey: '', model: 'llama3', price: null, timeoutMs: 5000, maxRetries: 0 });
    expect((await client.complete({ messages })).text).toBe('local');
  });
});

describe('model client: models and connection test', () => {
  it('lists models and tests the connection', async () => {
    const srv = await server({ models: ['test-model', 'other'], apiKey: KEY });
    const { client } = clientFor(srv);
    expect(await client.listModels()).toEqual(['other', 'test-model']);
    const ok = await client.testConnection();
    expect(ok).toMatchObject({ ok: true, models: ['other', 'test-model'], modelListed: true });

    const wrongKey = await clientFor(srv, { apiKey: 'sk-wrong-key-99999999' }).client.testConnection();
    expect(wrongKey).toMatchObject({ ok: false, kind: 'auth', status: 401 });
    if (!wrongKey.ok) expect(wrongKey.message).not.toContain('sk-wrong-key-99999999');
  });

  it('explains a base URL without /v1 and an unreachable server', async () => {
    const srv = await server();
    const noV1 = await clientFor({ baseURL: srv.baseURL.replace(/\/v1$/, '') }).client.testConnection();
    expect(noV1).toMatchObject({ ok: false, kind: 'request', status: 404 });
    if (!noV1.ok) expect(noV1.message).toMatch(/ends with the API path \(often \/v1\)/);

    const dead = await startOpenAiTestServer();
    await dead.close();
    const down = await clientFor(dead).client.testConnection();
    expect(down).toMatchObject({ ok: false, kind: 'unavailable', status: null });
    if (!down.ok) expect(down.message).toMatch(/Cannot reach the model server.*ECONNREFUSED/);
  });
});

describe('model client: odd servers and callers', () => {
  it('drops stream_options for a server that refuses it, and remembers', async () => {
    const srv = await server();
    const strict = (req: { body: { stream_options?: unknown } }) =>
      req.body.stream_options ? reply.badRequest('Unrecognized request argument supplied: stream_options') : reply.text('fine');
    srv.enqueue(strict, strict, strict);
    const { client, delays } = clientFor(srv);
    const first = await client.complete({ messages });
    expect(first).toMatchObject({ text: 'fine', attempts: 2 });
    expect(first.usage.estimated).toBe(true);
    expect(delays).toEqual([]);
    expect((await client.complete({ messages })).attempts).toBe(1);
    expect(srv.chatRequests().map((r) => 'stream_options' in r.body)).toEqual([true, false, false]);
  });

  it('keeps a reply whose stream stalls after the finish_reason (usage chunk lost), without retrying', async () => {
    const srv = await server();
    // Chunks: role, "done", finish_reason, usage, [DONE]: stall after the finish_reason.
    srv.enqueue(reply.hang({ afterChunks: 3, reply: reply.text('done') }));
    const { client, attempts } = clientFor(srv, { timeoutMs: 400 });
    const r = await client.complete({ messages });
    expect(r).toMatchObject({ text: 'done', finishReason: 'stop', attempts: 1 });
    expect(r.usage.estimated).toBe(true);
    expect(attempts.map((a) => a.outcome)).toEqual(['ok']);
  });

  it("passes an error thrown by the caller's onDelta through, without retrying", async () => {
    const srv = await server();
    srv.enqueue(reply.text('some text'));
    const { client, delays } = clientFor(srv);
    const boom = new Error('ui exploded');
    await expect(client.complete({ messages, onDelta: () => { throw boom; } })).rejects.toBe(boom);
    expect(delays).toEqual([]);
    expect(srv.chatRequests()).toHaveLength(1);
  });
});
