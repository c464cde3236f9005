/**
 * What went wrong in one attempt, in terms the retry loop and the user understand:
 * `classifyFailure(err, ctx)` → {kind: 'auth' | 'request' | 'retryable' | 'aborted', status, message, retryAfterMs}.
 * Messages are redacted (the API key, bearer tokens, key-looking strings, credentials in the URL).
 */
import { APIError } from 'openai';
import { parseRetryAfter, isRetryableStatus } from './retryPolicy';
import { redactSecrets } from '../../../common/redact';

export type FailureKind = 'auth' | 'request' | 'retryable' | 'aborted';

export interface AttemptFailure {
  kind: FailureKind;
  /** HTTP status, or null (network error, cut stream, timeout, abort). */
  status: number | null;
  /** One sentence for people, redacted. */
  message: string;
  retryAfterMs: number | null;
}

/** A stream that ended (or broke) before its finish_reason. */
export class CutStreamError extends Error {
  constructor(
    readonly chunks: number,
    /** What broke it (a dropped connection), when it did not simply end. */
    cause?: unknown,
  ) {
    const why = cause ? ` (${networkCause(cause) ?? (cause instanceof Error ? cause.message : String(cause))})` : '';
    super(`the stream was cut after ${chunks} chunk${chunks === 1 ? '' : 's'}, before the reply was complete${why}`);
    this.name = 'CutStreamError';
  }
}

/** No headers or no chunk within the timeout. */
export class IdleTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`no answer within ${Math.round(timeoutMs / 100) / 10} s`);
    this.name = 'IdleTimeoutError';
  }
}

/** The base URL without user:password@ (what we may show). */
export function displayUrl(baseURL: string): string {
  try {
    const url = new URL(baseURL);
    url.username = '';
    url.password = '';
    return url.toString().replace(/\/$/, '');
  } catch {
    return baseURL;
  }
}

/** The server's own message from an OpenAI-style error body, else the SDK's. */
function serverMessage(err: APIError): string {
  const body = err.error as { message?: unknown; error?: { message?: unknown } } | string | undefined | null;
  if (typeof body === 'string' && body.trim()) return body.trim();
  if (body && typeof body === 'object') {
    if (typeof body.message === 'string') return body.message;
    if (body.error && typeof body.error.message === 'string') return body.error.message;
  }
  return err.message.replace(/^\d{3}\s+/, '') || `HTTP ${err.status}`;
}

/** Ends a server's message with exactly one full stop. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

function networkCause(err: unknown): string | null {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z]+/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

export interface ClassifyContext {
  baseURL: string;
  model: string;
  secrets: readonly string[];
  now: number;
  /** Said on a 401 when no key was sent although keys exist for other servers (keyOwner.unmatchedKeyNote). */
  keyNote?: string;
}

export function classifyFailure(err: unknown, ctx: ClassifyContext): AttemptFailure {
  const where = displayUrl(ctx.baseURL);
  const clean = (text: string) => redactSecrets(text, ctx.secrets);
  if (err instanceof CutStreamError || err instanceof IdleTimeoutError) {
    return { kind: 'retryable', status: null, message: clean(`${where}: ${err.message}`), retryAfterMs: null };
  }
  if (err instanceof APIError && typeof err.status === 'number') {
    const status = err.status;
    const said = serverMessage(err);
    if (status === 401 || status === 403) {
      const what = status === 401 ? 'refused the API key' : 'denied access';
      const hint =
        status === 401
          ? (ctx.keyNote ?? 'Check the API key (settings, --api-key or OPENAI_API_KEY).')
          : `Check that the key may use the model ${ctx.model}.`;
      return { kind: 'auth', status, message: clean(`The model server at ${where} ${what} (${status}): ${sentence(said)} ${hint}`), retryAfterMs: null };
    }
    if (isRetryableStatus(status)) {
      return {
        kind: 'retryable',
        status,
        message: clean(`The model server at ${where} answered ${status}: ${said}`),
        retryAfterMs: parseRetryAfter(err.headers as Headers | undefined, ctx.now),
      };
    }
    const hint = status === 404 ? ` Check the model name (${ctx.model}) and that the base URL ends with the API path (often /v1).` : '';
    return { kind: 'request', status, message: clean(`The model server at ${where} refused the request (${status}): ${sentence(said)}${hint}`), retryAfterMs: null };
  }
  const code = networkCause(err);
  const detail = code ?? (err instanceof Error ? err.message : String(err));
  return { kind: 'retryable', status: null, message: clean(`Cannot reach the model server at ${where} (${detail}).`), retryAfterMs: null };
}
