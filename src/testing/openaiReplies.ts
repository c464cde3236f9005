/**
 * Scripted replies for the OpenAI-compatible test server (see openaiTestServer.ts).
 *
 *   reply.text('hi')                              streamed text (or a JSON body when the request has stream: false)
 *   reply.toolCall('todo_write', {todos: []})     one tool call, its deltas split over several chunks
 *   reply.message({text, toolCalls, usage})       text and/or several tool calls
 *   reply.error(500) / reply.rateLimited(2) / reply.unauthorized() / reply.forbidden() / reply.notFound('model x')
 *   reply.cut(reply.text('…'), 3)                 sends 3 SSE chunks, then destroys the socket
 *   reply.hang() / reply.hang({afterChunks: 2})   never answers (or stalls mid-stream)
 *   reply.raw(200, 'text/event-stream', 'data: …') an exact body, for odd servers
 *
 * A reply may also be a function of the recorded request, to assert on it and answer accordingly.
 */

export interface ScriptedToolCall {
  /** Defaults to `call_<n>`. */
  id?: string;
  name: string;
  /** An object is serialised; a string is sent as is (to script malformed arguments). */
  arguments: string | Record<string, unknown>;
}

export interface ScriptedUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface CompletionReply {
  kind: 'completion';
  text?: string;
  toolCalls?: ScriptedToolCall[];
  /** Defaults to `tool_calls` when there are tool calls, else `stop`. */
  finishReason?: 'stop' | 'length' | 'tool_calls' | 'content_filter';
  /** Defaults to an estimate (about 4 characters per token). */
  usage?: ScriptedUsage;
  /** Characters per text / argument delta (default 8), so that every reply arrives in several chunks. */
  chunkSize?: number;
}

export interface ErrorReply {
  kind: 'error';
  status: number;
  /** An object is sent as JSON; defaults to OpenAI's `{error: {message, type, code}}`. */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface CutReply {
  kind: 'cut';
  reply: CompletionReply;
  /** SSE chunks sent before the socket is destroyed. */
  afterChunks: number;
}

export interface HangReply {
  kind: 'hang';
  /** When set, the headers and this many chunks are sent before the stall; otherwise nothing is sent. */
  afterChunks?: number;
  reply?: CompletionReply;
}

export interface RawReply {
  kind: 'raw';
  status: number;
  contentType: string;
  body: string;
}

export type ScriptedReply = CompletionReply | ErrorReply | CutReply | HangReply | RawReply;

function errorBody(message: string, type: string, code: string | null) {
  return { error: { message, type, param: null, code } };
}

export const reply = {
  text(text: string, options: Omit<CompletionReply, 'kind' | 'text' | 'toolCalls'> = {}): CompletionReply {
    return { kind: 'completion', text, ...options };
  },
  toolCall(
    name: string,
    args: Record<string, unknown> | string,
    options: Omit<CompletionReply, 'kind' | 'toolCalls'> & { id?: string } = {},
  ): CompletionReply {
    const { id, ...rest } = options;
    return { kind: 'completion', toolCalls: [{ id, name, arguments: args }], ...rest };
  },
  message(options: Omit<CompletionReply, 'kind'>): CompletionReply {
    return { kind: 'completion', ...options };
  },
  error(status: number, body?: unknown, headers?: Record<string, string>): ErrorReply {
    return { kind: 'error', status, body, headers };
  },
  rateLimited(retryAfter: number | string, message = 'Rate limit reached for requests'): ErrorReply {
    return {
      kind: 'error',
      status: 429,
      body: errorBody(message, 'requests', 'rate_limit_exceeded'),
      headers: { 'retry-after': String(retryAfter) },
    };
  },
  serverError(status = 500, message = 'The server had an error while processing your request.'): ErrorReply {
    return { kind: 'error', status, body: errorBody(message, 'server_error', null) };
  },
  unauthorized(message = 'Incorrect API key provided.'): ErrorReply {
    return { kind: 'error', status: 401, body: errorBody(message, 'invalid_request_error', 'invalid_api_key') };
  },
  forbidden(message = 'You are not allowed to use this model.'): ErrorReply {
    return { kind: 'error', status: 403, body: errorBody(message, 'invalid_request_error', 'permission_denied') };
  },
  notFound(message = 'The model does not exist or you do not have access to it.'): ErrorReply {
    return { kind: 'error', status: 404, body: errorBody(message, 'invalid_request_error', 'model_not_found') };
  },
  badRequest(message: string): ErrorReply {
    return { kind: 'error', status: 400, body: errorBody(message, 'invalid_request_error', null) };
  },
  cut(inner: CompletionReply, afterChunks: number): CutReply {
    return { kind: 'cut', reply: inner, afterChunks };
  },
  hang(options: { afterChunks?: number; reply?: CompletionReply } = {}): HangReply {
    return { kind: 'hang', ...options };
  },
  raw(status: number, contentType: string, body: string): RawReply {
    return { kind: 'raw', status, contentType, body };
  },
};
