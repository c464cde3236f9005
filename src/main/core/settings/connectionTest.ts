import type { ConnectionTestResultT } from '../../../shared/contract';
import { createModelClient, ModelAbortedError, ModelError, redactSecrets } from '../agent/model';
import { displayUrl } from '../agent/model/attemptFailure';
import { modelErrors, plainWords, type ErrorWords, type Words } from '../../../shared/errors';

/**
 * "Test connection": a real `GET /models` and, when a model name is known, a tiny chat completion
 * (one short user message, no retries, a short timeout) through the agent's own model client, so what
 * passes here works for the agent. Messages say what to do on 401/403, 404 and a refused connection;
 * the API key never appears in them.
 */

export interface ConnectionTestInput {
  baseURL: string;
  model: string | null;
  apiKey: string;
  /** Per request (default 10 s). */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** What to do next, where the model client's message does not already say it (it does for 401 with a key, 403, 404). */
function hintFor(message: string, status: number | null, input: ConnectionTestInput): Words | null {
  if (status === 401 && !input.apiKey) return modelErrors.hintNeedsKey;
  if (status !== null) return null;
  if (/ECONNREFUSED/.test(message)) return modelErrors.hintNotListening;
  if (/ENOTFOUND|EAI_AGAIN/.test(message)) return modelErrors.hintNoSuchHost;
  if (/no answer within|did not answer within|ETIMEDOUT/i.test(message)) return modelErrors.hintOverloaded;
  return modelErrors.hintCheckAddress;
}

interface Failure {
  status: number | null;
  message: string;
  /** The model client's words for it, when it has them (another error's text stays English). */
  words?: ErrorWords;
}

function failure(err: unknown, where: string, timeoutMs: number): Failure {
  if (err instanceof ModelAbortedError) {
    const words = modelErrors.testNoAnswer(where, Math.round(timeoutMs / 1000));
    return { status: null, message: words.en, words: plainWords(words) };
  }
  if (err instanceof ModelError) return { status: err.status, message: err.message, ...(err.words ? { words: plainWords(err.words) } : {}) };
  return { status: null, message: err instanceof Error ? err.message : String(err) };
}

export async function testModelConnection(input: ConnectionTestInput): Promise<ConnectionTestResultT> {
  const timeoutMs = input.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const where = displayUrl(input.baseURL);
  const clean = (text: string) => redactSecrets(text, input.apiKey ? [input.apiKey] : []);
  // Words travel like the message: what a server said inside them is redacted the same way.
  const cleanWords = (words: ErrorWords): ErrorWords => ({ key: words.key, values: words.values.map((v) => (typeof v === 'string' ? clean(v) : v)) });
  /** A failure's message (the error, the hint, then `more`) and the words of its parts (issue 14: the UI says them). */
  const failed = (f: Failure, more = '') => {
    const hint = hintFor(f.message, f.status, input);
    return {
      message: clean(`${f.message}${hint ? ` ${hint.en}` : ''}${more}`),
      ...(f.words ? { errorWords: cleanWords(f.words) } : {}),
      ...(hint ? { hintWords: plainWords(hint) } : {}),
    };
  };
  /** A success's message and its words (its values are the server's address, counts, the model and its reply). */
  const said = (words: Words) => ({ message: words.en, messageWords: plainWords(words) });
  const client = createModelClient({
    baseURL: input.baseURL.replace(/\/+$/, ''),
    apiKey: input.apiKey,
    model: input.model ?? '',
    price: null,
    timeoutMs,
    maxRetries: 0,
  });
  const base = { baseURL: where, model: input.model };
  try {
    const t0 = performance.now();
    let models: string[] | undefined;
    let listFailure: Failure | null = null;
    try {
      models = await client.listModels(AbortSignal.timeout(timeoutMs));
    } catch (err) {
      listFailure = failure(err, where, timeoutMs);
    }
    const latencyMs = Math.round(performance.now() - t0);
    // Without an answer, or with the key refused, a chat completion would fail the same way.
    if (listFailure && (listFailure.status === null || listFailure.status === 401 || listFailure.status === 403)) {
      return { ...base, ok: false, latencyMs, status: listFailure.status, ...failed(listFailure) };
    }
    const modelListed = models && input.model ? models.includes(input.model) : undefined;
    if (!input.model) {
      return {
        ...base,
        ok: !!models,
        latencyMs,
        models,
        status: listFailure?.status ?? 200,
        ...(models ? said(modelErrors.testListed(where, latencyMs, models.length)) : failed(listFailure!)),
      };
    }
    const c0 = performance.now();
    try {
      const reply = await client.complete({
        messages: [{ role: 'user', content: 'This is a connection test. Reply with the single word OK.' }],
        signal: AbortSignal.timeout(timeoutMs * 2),
      });
      const chatMs = Math.round(performance.now() - c0);
      const text = reply.text.trim().slice(0, 80);
      const chat = { ok: true, latencyMs: chatMs, reply: text, message: `${input.model} answered in ${chatMs} ms` };
      const listStatus = String(listFailure?.status ?? '?');
      const answered = modelErrors.testAnswered(where, models ? models.length : -1, listStatus, input.model, chatMs, text, modelListed === false ? 1 : 0);
      return {
        ...base,
        ok: true,
        latencyMs,
        models,
        modelListed,
        chat,
        status: 200,
        ...said(answered),
      };
    } catch (err) {
      const f = failure(err, where, timeoutMs * 2);
      const chatMs = Math.round(performance.now() - c0);
      const suggest = modelListed === false && models?.length ? ` Models it lists: ${models.slice(0, 8).join(', ')}${models.length > 8 ? ', …' : ''}.` : '';
      // The model list is data (`models`): the UI shows it beside the error and hint in its language.
      const parts = failed(f, suggest);
      return { ...base, ok: false, latencyMs, models, modelListed, chat: { ok: false, latencyMs: chatMs, message: parts.message }, status: f.status, ...parts };
    }
  } finally {
    client.dispose();
  }
}
