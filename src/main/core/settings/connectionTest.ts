import type { ConnectionTestResultT } from '../../../shared/contract';
import { createModelClient, ModelAbortedError, ModelError, redactSecrets } from '../agent/model';
import { displayUrl } from '../agent/model/attemptFailure';

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
function hintFor(message: string, status: number | null, input: ConnectionTestInput): string {
  if (status === 401 && !input.apiKey) return ' This server wants an API key: save one in Settings → API key.';
  if (status !== null) return '';
  if (/ECONNREFUSED/.test(message)) {
    return ' Nothing is listening there: is the server running (Ollama: `ollama serve`; LM Studio: start its local server) and is the port right?';
  }
  if (/ENOTFOUND|EAI_AGAIN/.test(message)) return ' The host name does not resolve: check the base URL.';
  if (/no answer within|did not answer within|ETIMEDOUT/i.test(message)) return ' Check that the server is up and not overloaded.';
  return ' Is the server running at that address, and is the port right?';
}

function failure(err: unknown, where: string, timeoutMs: number): { status: number | null; message: string } {
  if (err instanceof ModelAbortedError) return { status: null, message: `${where} did not answer within ${Math.round(timeoutMs / 1000)} s.` };
  if (err instanceof ModelError) return { status: err.status, message: err.message };
  return { status: null, message: err instanceof Error ? err.message : String(err) };
}

export async function testModelConnection(input: ConnectionTestInput): Promise<ConnectionTestResultT> {
  const timeoutMs = input.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const where = displayUrl(input.baseURL);
  const clean = (text: string) => redactSecrets(text, input.apiKey ? [input.apiKey] : []);
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
    let listFailure: { status: number | null; message: string } | null = null;
    try {
      models = await client.listModels(AbortSignal.timeout(timeoutMs));
    } catch (err) {
      listFailure = failure(err, where, timeoutMs);
    }
    const latencyMs = Math.round(performance.now() - t0);
    // Without an answer, or with the key refused, a chat completion would fail the same way.
    if (listFailure && (listFailure.status === null || listFailure.status === 401 || listFailure.status === 403)) {
      return { ...base, ok: false, latencyMs, status: listFailure.status, message: clean(listFailure.message + hintFor(listFailure.message, listFailure.status, input)) };
    }
    const listed = models ? `${models.length} model${models.length === 1 ? '' : 's'} listed` : `the model list is not available (${listFailure?.status ?? '?'})`;
    const modelListed = models && input.model ? models.includes(input.model) : undefined;
    if (!input.model) {
      return {
        ...base,
        ok: !!models,
        latencyMs,
        models,
        status: listFailure?.status ?? 200,
        message: models ? `Connected to ${where} in ${latencyMs} ms: ${listed}. Pick a model to try a chat completion.` : clean(listFailure!.message + hintFor(listFailure!.message, listFailure!.status, input)),
      };
    }
    const c0 = performance.now();
    try {
      const reply = await client.complete({
        messages: [{ role: 'user', content: 'This is a connection test. Reply with the single word OK.' }],
        signal: AbortSignal.timeout(timeoutMs * 2),
      });
      const chatMs = Math.round(performance.now() - c0);
      const said = reply.text.trim().slice(0, 80);
      const chat = { ok: true, latencyMs: chatMs, reply: said, message: `${input.model} answered in ${chatMs} ms` };
      const notListed = modelListed === false ? ` (the server does not list ${input.model}, but it answered)` : '';
      return {
        ...base,
        ok: true,
        latencyMs,
        models,
        modelListed,
        chat,
        status: 200,
        message: `Connected to ${where}: ${listed}; ${chat.message}${said ? `: “${said}”` : ''}${notListed}.`,
      };
    } catch (err) {
      const f = failure(err, where, timeoutMs * 2);
      const chatMs = Math.round(performance.now() - c0);
      const suggest = modelListed === false && models?.length ? ` Models it lists: ${models.slice(0, 8).join(', ')}${models.length > 8 ? ', …' : ''}.` : '';
      const message = clean(`${f.message}${hintFor(f.message, f.status, input)}${suggest}`);
      return { ...base, ok: false, latencyMs, models, modelListed, chat: { ok: false, latencyMs: chatMs, message }, status: f.status, message };
    }
  } finally {
    client.dispose();
  }
}
