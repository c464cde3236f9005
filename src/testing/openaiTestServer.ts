/**
 * A local OpenAI-compatible HTTP server for tests (real HTTP on 127.0.0.1, real SSE), scripted per test.
 *
 *   const srv = await startOpenAiTestServer();            // srv.baseURL = http://127.0.0.1:<port>/v1
 *   srv.enqueue(reply.toolCall('todo_write', {todos}), reply.text('done'));
 *   srv.enqueue((req) => { expect(req.body.tool_choice).toBe('required'); return reply.text('ok'); });
 *   … drive the code under test with baseURL …
 *   srv.requests        every request: method, path, headers (without authorization / api-key), body
 *   srv.assertDone()    throws when a scripted reply threw or replies were left unused
 *   await srv.close()
 *
 * `POST /v1/chat/completions` takes the next scripted reply (replies are in openaiReplies.ts): streamed as
 * SSE chunks shaped like OpenAI's when the request says `stream: true` (tool-call deltas split over several
 * chunks, a final chunk with finish_reason, a usage chunk when `stream_options.include_usage`), or one JSON
 * body otherwise. With no reply left it answers 500 with a message saying so. `GET /v1/models` lists
 * `options.models`. With `options.apiKey`, requests without `Authorization: Bearer <apiKey>` get 401.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CompletionReply, ScriptedReply } from './openaiReplies';

export { reply } from './openaiReplies';
export type { ScriptedReply } from './openaiReplies';

export interface RecordedRequest {
  /** 0-based, in arrival order. */
  index: number;
  method: string;
  path: string;
  /** Lower-case header names; `authorization` and `api-key` are left out. */
  headers: Record<string, string>;
  hasAuthorization: boolean;
  /** The parsed JSON body (null when there was none). */
  body: any;
  /** performance.now() when the request arrived, and when its answer was fully sent (null until then). */
  receivedAt: number;
  answeredAt: number | null;
}

export type ReplyScript = ScriptedReply | ((request: RecordedRequest) => ScriptedReply | Promise<ScriptedReply>);

export interface OpenAiTestServerOptions {
  /** Models listed by `GET /v1/models` (default `['test-model']`). */
  models?: string[];
  /** When set, requests must carry `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
}

export interface OpenAiTestServer {
  /** `http://127.0.0.1:<port>/v1`, the SDK's baseURL. */
  readonly baseURL: string;
  readonly port: number;
  readonly requests: RecordedRequest[];
  /** The chat completion requests only. */
  chatRequests(): RecordedRequest[];
  enqueue(...replies: ReplyScript[]): void;
  /** Scripted replies not used yet. */
  pending(): number;
  /** Errors thrown by reply functions (each was answered with a 500). */
  readonly errors: Error[];
  assertDone(): void;
  close(): Promise<void>;
}

const HIDDEN_HEADERS = new Set(['authorization', 'api-key']);

function split(text: string, size: number): string[] {
  const parts: string[] = [];
  for (let i = 0; i < text.length; i += size) parts.push(text.slice(i, i + size));
  return parts;
}

const estimateTokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

interface ReplyContext {
  id: string;
  model: string;
  created: number;
  includeUsage: boolean;
  promptText: string;
  nextCallId: () => string;
}

function normalise(r: CompletionReply, ctx: ReplyContext) {
  const toolCalls = (r.toolCalls ?? []).map((c) => ({
    id: c.id ?? ctx.nextCallId(),
    name: c.name,
    arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments),
  }));
  const text = r.text ?? '';
  const finishReason = r.finishReason ?? (toolCalls.length ? 'tool_calls' : 'stop');
  const usage = r.usage ?? {
    promptTokens: estimateTokens(ctx.promptText),
    completionTokens: estimateTokens(text + toolCalls.map((c) => c.name + c.arguments).join('')),
  };
  return { text, toolCalls, finishReason, usage };
}

function usageJson(u: { promptTokens: number; completionTokens: number }) {
  return { prompt_tokens: u.promptTokens, completion_tokens: u.completionTokens, total_tokens: u.promptTokens + u.completionTokens };
}

/** The SSE `data:` payloads of a streamed reply, in order, ending with `[DONE]`. */
function streamChunks(r: CompletionReply, ctx: ReplyContext): string[] {
  const { text, toolCalls, finishReason, usage } = normalise(r, ctx);
  const size = Math.max(1, r.chunkSize ?? 8);
  const chunk = (delta: object, finish: string | null = null) => ({
    id: ctx.id,
    object: 'chat.completion.chunk',
    created: ctx.created,
    model: ctx.model,
    system_fingerprint: 'fp_akira_test',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    ...(ctx.includeUsage ? { usage: null } : {}),
  });
  const out: object[] = [chunk({ role: 'assistant', content: '', refusal: null })];
  for (const piece of split(text, size)) out.push(chunk({ content: piece }));
  toolCalls.forEach((c, index) => {
    out.push(chunk({ tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.name, arguments: '' } }] }));
    for (const piece of split(c.arguments, size)) out.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  out.push(chunk({}, finishReason));
  if (ctx.includeUsage) {
    out.push({ id: ctx.id, object: 'chat.completion.chunk', created: ctx.created, model: ctx.model, system_fingerprint: 'fp_akira_test', choices: [], usage: usageJson(usage) });
  }
  return [...out.map((o) => JSON.stringify(o)), '[DONE]'];
}

function completionBody(r: CompletionReply, ctx: ReplyContext) {
  const { text, toolCalls, finishReason, usage } = normalise(r, ctx);
  return {
    id: ctx.id,
    object: 'chat.completion',
    created: ctx.created,
    model: ctx.model,
    system_fingerprint: 'fp_akira_test',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: text || (toolCalls.length ? null : ''),
          refusal: null,
          ...(toolCalls.length
            ? { tool_calls: toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) }
            : {}),
        },
        logprobs: null,
        finish_reason: finishReason,
      },
    ],
    usage: usageJson(usage),
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

const apiError = (message: string, type = 'invalid_request_error', code: string | null = null) => ({
  error: { message, type, param: null, code },
});

function write(res: ServerResponse, data: string): Promise<void> {
  return new Promise((resolve) => res.write(data, () => resolve()));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

export async function startOpenAiTestServer(options: OpenAiTestServerOptions = {}): Promise<OpenAiTestServer> {
  const models = options.models ?? ['test-model'];
  const queue: ReplyScript[] = [];
  const requests: RecordedRequest[] = [];
  const errors: Error[] = [];
  let completions = 0;
  let callIds = 0;

  async function streamReply(res: ServerResponse, payloads: string[], stopAfter: number | null, action: 'end' | 'cut' | 'hang') {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.flushHeaders();
    const count = stopAfter === null ? payloads.length : Math.min(stopAfter, payloads.length);
    for (let i = 0; i < count; i++) {
      if (res.destroyed) return;
      await write(res, `data: ${payloads[i]}\n\n`);
    }
    if (action === 'cut') res.socket?.destroy();
    else if (action === 'end') res.end();
    // 'hang': leave the response open; close() destroys the socket.
  }

  async function chat(req: RecordedRequest, res: ServerResponse) {
    const script = queue.shift();
    if (!script) {
      sendJson(res, 500, apiError(`openaiTestServer: no scripted reply left for request #${req.index}`, 'server_error'));
      return;
    }
    let scripted: ScriptedReply;
    try {
      scripted = typeof script === 'function' ? await script(req) : script;
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      errors.push(error);
      sendJson(res, 500, apiError(`openaiTestServer: the scripted reply threw: ${error.message}`, 'server_error'));
      return;
    }
    const body = req.body ?? {};
    const ctx: ReplyContext = {
      id: `chatcmpl-test${++completions}`,
      model: typeof body.model === 'string' ? body.model : models[0],
      created: Math.floor(Date.now() / 1000),
      includeUsage: body.stream_options?.include_usage === true,
      promptText: JSON.stringify(body.messages ?? []),
      nextCallId: () => `call_test${++callIds}`,
    };
    const streamed = body.stream === true;
    switch (scripted.kind) {
      case 'completion':
        if (streamed) await streamReply(res, streamChunks(scripted, ctx), null, 'end');
        else sendJson(res, 200, completionBody(scripted, ctx));
        return;
      case 'error': {
        const defaultBody = apiError(`Scripted error ${scripted.status}`, scripted.status >= 500 ? 'server_error' : 'invalid_request_error');
        sendJson(res, scripted.status, scripted.body ?? defaultBody, scripted.headers);
        return;
      }
      case 'cut':
        if (streamed) await streamReply(res, streamChunks(scripted.reply, ctx), scripted.afterChunks, 'cut');
        else res.socket?.destroy();
        return;
      case 'hang':
        if (scripted.afterChunks !== undefined && streamed) {
          await streamReply(res, streamChunks(scripted.reply ?? { kind: 'completion', text: 'stalled reply' }, ctx), scripted.afterChunks, 'hang');
        }
        return;
      case 'raw':
        res.writeHead(scripted.status, { 'content-type': scripted.contentType });
        res.end(scripted.body);
        return;
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const receivedAt = performance.now();
    const raw = await readBody(req);
    let body: any = null;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        sendJson(res, 400, apiError('openaiTestServer: the body is not JSON'));
        return;
      }
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!HIDDEN_HEADERS.has(name) && value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    const path = (req.url ?? '/').split('?')[0];
    const recorded: RecordedRequest = {
      index: requests.length,
      method: req.method ?? 'GET',
      path,
      headers,
      hasAuthorization: Boolean(req.headers.authorization),
      body,
      receivedAt,
      answeredAt: null,
    };
    res.once('finish', () => (recorded.answeredAt = performance.now()));
    requests.push(recorded);

    if (options.apiKey !== undefined && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      sendJson(res, 401, apiError('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'));
      return;
    }
    if (req.method === 'GET' && path === '/v1/models') {
      sendJson(res, 200, { object: 'list', data: models.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'akira-test' })) });
      return;
    }
    if (req.method === 'POST' && path === '/v1/chat/completions') {
      await chat(recorded, res);
      return;
    }
    sendJson(res, 404, apiError(`openaiTestServer: no route ${req.method} ${path}`));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      errors.push(err instanceof Error ? err : new Error(String(err)));
      if (!res.headersSent) sendJson(res, 500, apiError('openaiTestServer: internal error', 'server_error'));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    errors,
    chatRequests: () => requests.filter((r) => r.path === '/v1/chat/completions'),
    enqueue: (...replies) => void queue.push(...replies),
    pending: () => queue.length,
    assertDone() {
      if (errors.length) throw new Error(`openaiTestServer: a scripted reply failed: ${errors.map((e) => e.message).join('; ')}`);
      if (queue.length) throw new Error(`openaiTestServer: ${queue.length} scripted repl${queue.length === 1 ? 'y was' : 'ies were'} not used`);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
