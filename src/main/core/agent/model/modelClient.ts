/**
 * The model client: chat completions on the `openai` SDK against any OpenAI-compatible server.
 *
 *   const client = createModelClient(config, {onAttempt, sleep?, random?});
 *   const r = await client.complete({messages, tools?, toolChoice?, signal?, onDelta?, onRetry?, onAttempt?});
 *   r → {text, toolCalls: [{id, name, arguments | null, rawArguments, parseError}], finishReason,
 *        usage: {promptTokens, completionTokens, estimated}, costUsd | null, latencyMs, elapsedMs, attempts, model}
 *   await client.listModels()       → string[]
 *   await client.testConnection()   → {ok: true, models, modelListed, latencyMs} | {ok: false, kind, status, message}
 *
 * Always streams (`stream_options.include_usage`); onDelta gets text as it arrives, but a result is only
 * returned for a stream that completed (a finish_reason arrived): a cut stream, a stall or a network error
 * is retried from scratch and `onRetry` tells the caller to drop the partial text. Retries (ours; the SDK's
 * are off): network errors, timeouts, 5xx, 429, cut streams; delays 1 s, 2 s, 4 s ±20% or the server's
 * Retry-After (capped at 60 s); at most `config.maxRetries`. 401/403 → ModelAuthError; other 4xx →
 * ModelRequestError; retries exhausted → ModelUnavailableError; caller abort → ModelAbortedError.
 * Every attempt is reported to onAttempt. The API key never appears in messages or reports.
 */
import OpenAI, { APIError } from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import { classifyFailure, CutStreamError, displayUrl, IdleTimeoutError, type AttemptFailure } from './attemptFailure';
import type { ModelConfig } from './modelConfig';
import { ModelAbortedError, ModelAuthError, ModelRequestError, ModelUnavailableError } from './modelErrors';
import { toOpenAiMessages, type ModelMessage } from './messages';
import { costUsd, resolvePrice } from './pricing';
import { retryDelayMs, sleep as defaultSleep } from './retryPolicy';
import { createStreamAccumulator, type FinishReason, type ModelToolCall } from './streamAccumulator';
import { toOpenAiToolChoice, toOpenAiTools, type ToolChoice, type ToolSpec } from './toolSpecs';
import { modelErrors, plainWords, type ErrorWords } from '../../../../shared/errors';

/** A failed attempt's words for its `model_call` event (issue 14), when it has them. */
const wordsOf = (f: AttemptFailure) => (f.words ? { errorWords: plainWords(f.words) } : {});

/** Sent when no key is configured: the SDK wants one, local servers ignore it. */
const NO_KEY = 'no-key';

export interface AttemptReport {
  /** 1-based. */
  attempt: number;
  model: string;
  /** HTTP status (200 for a completed stream), or null when there was no answer. */
  status: number | null;
  outcome: 'ok' | 'retry' | 'failed' | 'aborted';
  latencyMs: number;
  /** Redacted. */
  error?: string;
  /** `error` in words of the shared catalogs (issue 14), redacted too. */
  errorWords?: ErrorWords;
  usage?: Usage;
  /** Wait before the next attempt (outcome 'retry'). */
  delayMs?: number;
  /** Where the request went: the base URL (no credentials) and the path. */
  endpoint?: string;
  /** The length of the prompt sent (the messages and tools as JSON), in characters. */
  promptChars?: number;
}

export interface RetryNotice {
  /** The attempt that failed (the next one is attempt + 1). */
  attempt: number;
  delayMs: number;
  reason: string;
  /** The reason in words of the shared catalogs (issue 14), when it has them. */
  reasonWords?: ErrorWords;
}

export interface Usage {
  promptTokens: number;
  completionTokens: number;
  /** True when the server sent no usage and the counts are estimates (about 4 characters per token). */
  estimated: boolean;
}

export interface CompletionRequest {
  messages: readonly ModelMessage[];
  tools?: readonly ToolSpec[];
  toolChoice?: ToolChoice;
  signal?: AbortSignal;
  /** Text as it streams in (for the UI). After onRetry, the text starts again from nothing. */
  onDelta?: (text: string) => void;
  onRetry?: (notice: RetryNotice) => void;
  onAttempt?: (report: AttemptReport) => void;
  temperature?: number;
  /** Extra body parameters for this server (e.g. `{max_completion_tokens: 2000}`). */
  extraParams?: Record<string, unknown>;
}

export interface CompletionResult {
  text: string;
  toolCalls: ModelToolCall[];
  finishReason: FinishReason;
  usage: Usage;
  costUsd: number | null;
  /** The successful attempt. */
  latencyMs: number;
  /** From the call to the result, retries and waits included. */
  elapsedMs: number;
  attempts: number;
  model: string;
}

export type ConnectionTest =
  | { ok: true; models: string[]; modelListed: boolean; latencyMs: number }
  | { ok: false; kind: 'auth' | 'request' | 'unavailable'; status: number | null; message: string };

export interface ModelClientOptions {
  /** Reports every attempt of every call (per-call onAttempt is called too). */
  onAttempt?: (report: AttemptReport) => void;
  /** The wait between attempts; tests pass one that records and returns at once. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** [0, 1) for the jitter. */
  random?: () => number;
}

export interface ModelClient {
  readonly model: string;
  /** The base URL as it may be shown (no credentials). */
  readonly baseURL: string;
  complete(request: CompletionRequest): Promise<CompletionResult>;
  listModels(signal?: AbortSignal): Promise<string[]>;
  testConnection(signal?: AbortSignal): Promise<ConnectionTest>;
  dispose(): void;
}

const estimateTokens = (text: string) => Math.ceil(text.length / 4);

/** How long to wait for the usage chunk after the finish_reason. */
const USAGE_GRACE_MS = 2000;

/** An error thrown by the caller's own callback: passed through as is, never retried. */
class CallerError extends Error {
  constructor(readonly original: unknown) {
    super('callback failed');
  }
}

/** Servers that refuse `stream_options` (some proxies, older gateways) say so in a 400. */
/** A retry notice's words: the failure's, when its message is exactly their English (the notice's reason). */
const retryWords = (failure: AttemptFailure): { reasonWords?: ErrorWords } => (failure.words && failure.words.en === failure.message ? { reasonWords: plainWords(failure.words) } : {});
const refusesStreamOptions = (failure: AttemptFailure) => failure.status === 400 && /stream_options/i.test(failure.message);

export function createModelClient(config: ModelConfig, options: ModelClientOptions = {}): ModelClient {
  const sdk = new OpenAI({
    baseURL: config.baseURL,
    apiKey: config.apiKey || NO_KEY,
    organization: null,
    project: null,
    maxRetries: 0,
    // Our idle timer (armed first, same length) governs; the SDK's is only a backstop.
    timeout: config.timeoutMs + 5000,
  });
  const secrets = config.apiKey ? [config.apiKey] : [];
  const sleep = options.sleep ?? defaultSleep;
  const price = resolvePrice(config.model, config.price);
  let disposed = false;
  /** Set once the server refused stream_options; later calls leave it out. */
  let noStreamOptions = false;

  function classify(err: unknown): AttemptFailure {
    return classifyFailure(err, { baseURL: config.baseURL, model: config.model, secrets, now: Date.now(), ...(config.keyNote ? { keyNote: config.keyNote } : {}) });
  }

  /** One attempt: resolves with a completed reply or throws (the raw error, a CutStreamError or an IdleTimeoutError). */
  async function attemptOnce(request: CompletionRequest, body: Record<string, unknown>) {
    const controller = new AbortController();
    let idle: ReturnType<typeof setTimeout> | undefined;
    let timedOut = false;
    const armIdle = (ms = config.timeoutMs) => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        timedOut = true;
        controller.abort(new IdleTimeoutError(config.timeoutMs));
      }, ms);
    };
    const onAbort = () => controller.abort(request.signal?.reason);
    request.signal?.addEventListener('abort', onAbort, { once: true });
    armIdle();
    let chunks = 0;
    /** The server answered and the stream began (its headers came). */
    let streamed = false;
    const acc = createStreamAccumulator();
    try {
      const params = body as unknown as ChatCompletionCreateParamsStreaming;
      const stream = await sdk.chat.completions.create(params, { signal: controller.signal, maxRetries: 0 });
      streamed = true;
      for await (const chunk of stream) {
        chunks++;
        const delta = acc.push(chunk);
        // After the finish_reason only the usage chunk may follow: wait for it briefly, not a full timeout.
        armIdle(acc.complete ? Math.min(config.timeoutMs, USAGE_GRACE_MS) : config.timeoutMs);
        if (delta && request.onDelta) {
          try {
            request.onDelta(delta);
          } catch (err) {
            throw new CallerError(err);
          }
        }
      }
      if (!acc.complete) throw new CutStreamError(chunks);
      return acc.result();
    } catch (err) {
      if (err instanceof CallerError) throw err;
      // The reply was complete (finish_reason seen); only the usage chunk or the end of the stream was lost.
      if (acc.complete && !request.signal?.aborted) return acc.result();
      if (timedOut) throw new IdleTimeoutError(config.timeoutMs);
      // The stream had begun and broke (the connection dropped mid-reply): a cut stream, not an unreachable server.
      if (streamed && !request.signal?.aborted && !(err instanceof APIError)) throw new CutStreamError(chunks, err);
      throw err;
    } finally {
      clearTimeout(idle);
      request.signal?.removeEventListener('abort', onAbort);
    }
  }

  async function complete(request: CompletionRequest): Promise<CompletionResult> {
    if (disposed) throw new ModelUnavailableError(modelErrors.clientClosed, null, 0);
    const tools = request.tools?.length ? toOpenAiTools(request.tools) : undefined;
    const body: Record<string, unknown> = {
      ...request.extraParams,
      model: config.model,
      messages: toOpenAiMessages(request.messages),
      stream: true,
      ...(noStreamOptions ? {} : { stream_options: { include_usage: true } }),
      ...(tools ? { tools } : {}),
      ...(tools && request.toolChoice ? { tool_choice: toOpenAiToolChoice(request.toolChoice, request.tools) } : {}),
      ...((request.temperature ?? config.temperature) !== undefined ? { temperature: request.temperature ?? config.temperature } : {}),
      ...(config.maxTokens !== undefined ? { max_tokens: config.maxTokens } : {}),
    };
    const sent = { endpoint: `${displayUrl(config.baseURL)}/chat/completions`, promptChars: JSON.stringify(body.messages).length + (tools ? JSON.stringify(tools).length : 0) };
    const report = (r: AttemptReport) => {
      const full = { ...r, ...sent };
      options.onAttempt?.(full);
      request.onAttempt?.(full);
    };
    const started = performance.now();
    const maxAttempts = config.maxRetries + 1;
    let last: AttemptFailure | null = null;

    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      if (request.signal?.aborted) throw new ModelAbortedError();
      const t0 = performance.now();
      try {
        const reply = await attemptOnce(request, body);
        const latencyMs = Math.round(performance.now() - t0);
        const usage: Usage = reply.usage
          ? { ...reply.usage, estimated: false }
          : {
              promptTokens: estimateTokens(JSON.stringify(body.messages) + JSON.stringify(body.tools ?? '')),
              completionTokens: estimateTokens(reply.text + reply.toolCalls.map((c) => c.name + c.rawArguments).join('')),
              estimated: true,
            };
        const model = reply.model ?? config.model;
        report({ attempt, model, status: 200, outcome: 'ok', latencyMs, usage });
        return {
          text: reply.text,
          toolCalls: reply.toolCalls,
          finishReason: reply.finishReason ?? 'stop',
          usage,
          costUsd: costUsd(usage, price),
          latencyMs,
          elapsedMs: Math.round(performance.now() - started),
          attempts: attempt,
          model,
        };
      } catch (err) {
        const latencyMs = Math.round(performance.now() - t0);
        if (err instanceof CallerError) throw err.original;
        if (request.signal?.aborted) {
          report({ attempt, model: config.model, status: null, outcome: 'aborted', latencyMs, error: 'cancelled' });
          throw new ModelAbortedError();
        }
        const failure = classify(err);
        last = failure;
        if (refusesStreamOptions(failure) && body.stream_options && attempt < maxAttempts) {
          // Retry at once without it; usage is then estimated unless the server sends it anyway.
          delete body.stream_options;
          noStreamOptions = true;
          report({ attempt, model: config.model, status: failure.status, outcome: 'retry', latencyMs, error: failure.message, ...wordsOf(failure), delayMs: 0 });
          request.onRetry?.({ attempt, delayMs: 0, reason: failure.message, ...retryWords(failure) });
          continue;
        }
        if (failure.kind !== 'retryable' || attempt === maxAttempts) {
          report({ attempt, model: config.model, status: failure.status, outcome: 'failed', latencyMs, error: failure.message, ...wordsOf(failure) });
          if (failure.kind === 'auth') throw new ModelAuthError(failure.words ?? failure.message, failure.status ?? 401);
          if (failure.kind === 'request') throw new ModelRequestError(failure.words ?? failure.message, failure.status);
          break;
        }
        const delayMs = retryDelayMs(attempt - 1, { retryAfterMs: failure.retryAfterMs, random: options.random });
        report({ attempt, model: config.model, status: failure.status, outcome: 'retry', latencyMs, error: failure.message, ...wordsOf(failure), delayMs });
        request.onRetry?.({ attempt, delayMs, reason: failure.message, ...retryWords(failure) });
        try {
          await sleep(delayMs, request.signal);
        } catch {
          throw new ModelAbortedError();
        }
        if (request.signal?.aborted) throw new ModelAbortedError();
      }
    }
    throw new ModelUnavailableError(modelErrors.unavailableAfter(config.model, maxAttempts, last?.message ?? ''), last?.status ?? null, maxAttempts);
  }

  async function listModels(signal?: AbortSignal): Promise<string[]> {
    try {
      const ids: string[] = [];
      for await (const model of sdk.models.list({ signal, maxRetries: 0 })) ids.push(model.id);
      return ids.sort();
    } catch (err) {
      if (signal?.aborted) throw new ModelAbortedError();
      const failure = classify(err);
      if (failure.kind === 'auth') throw new ModelAuthError(failure.words ?? failure.message, failure.status ?? 401);
      if (failure.kind === 'request') throw new ModelRequestError(failure.words ?? failure.message, failure.status);
      throw new ModelUnavailableError(failure.words ?? failure.message, failure.status, 1);
    }
  }

  async function testConnection(signal?: AbortSignal): Promise<ConnectionTest> {
    const t0 = performance.now();
    try {
      const models = await listModels(signal);
      return { ok: true, models, modelListed: models.includes(config.model), latencyMs: Math.round(performance.now() - t0) };
    } catch (err) {
      if (err instanceof ModelAuthError) return { ok: false, kind: 'auth', status: err.status, message: err.message };
      if (err instanceof ModelRequestError) return { ok: false, kind: 'request', status: err.status, message: err.message };
      const e = err as ModelUnavailableError;
      return { ok: false, kind: 'unavailable', status: e.status ?? null, message: e.message };
    }
  }

  return {
    model: config.model,
    baseURL: displayUrl(config.baseURL),
    complete,
    listModels,
    testConnection,
    dispose() {
      disposed = true;
    },
  };
}
