/**
 * What went wrong in one attempt, in terms the retry loop and the user understand:
 * `classifyFailure(err, ctx)` → {kind: 'auth' | 'request' | 'retryable' | 'aborted', status, message, retryAfterMs}.
 * Messages are redacted (the API key, bearer tokens, key-looking strings, credentials in the URL).
 */
import { APIError } from 'openai';
import { parseRetryAfter, isRetryableStatus } from './retryPolicy';
import { redactSecrets } from '../../../common/redact';
import { modelErrors, type Words } from '../../../../shared/errors';

export type FailureKind = 'auth' | 'request' | 'retryable' | 'aborted';

export interface AttemptFailure {
  kind: FailureKind;
  /** HTTP status, or null (network error, cut stream, timeout, abort). */
  status: number | null;
  /** One sentence for people, redacted. */
  message: string;
  retryAfterMs: number | null;
  /** The same in words of the shared error catalogs (issue 14), redacted too. */
  words?: Words;
}

/** A stream that ended (or broke) before its finish_reason. */
export class CutStreamError extends Error {
  /** What broke it, as said (a network code or the error's message); empty when the stream simply ended. */
  readonly why: string;
  constructor(
    readonly chunks: number,
    /** What broke it (a dropped connection), when it did not simply end. */
    cause?: unknown,
  ) {
    const why = cause ? (networkCause(cause) ?? (cause instanceof Error ? cause.message : String(cause))) : '';
    super(`the stream was cut after ${chunks} chunk${chunks === 1 ? '' : 's'}, before the reply was complete${why ? ` (${why})` : ''}`);
    this.why = why;
    this.name = 'CutStreamError';
  }
}

/** No headers or no chunk within the timeout. */
export class IdleTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`no answer within ${idleSeconds(timeoutMs)} s`);
    this.name = 'IdleTimeoutError';
  }
}

const idleSeconds = (timeoutMs: number) => Math.round(timeoutMs / 100) / 10;

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
  const said = (words: Words): { message: string; words: Words } => {
    const values = words.values.map((v) => (typeof v === 'string' ? clean(v) : v));
    return { message: clean(words.en), words: { key: words.key, values, en: clean(words.en) } };
  };
  if (err instanceof CutStreamError) return { kind: 'retryable', status: null, ...said(modelErrors.streamCut(where, err.chunks, err.why)), retryAfterMs: null };
  if (err instanceof IdleTimeoutError) return { kind: 'retryable', status: null, ...said(modelErrors.noAnswer(where, idleSeconds(err.timeoutMs))), retryAfterMs: null };
  if (err instanceof APIError && typeof err.status === 'number') {
    const status = err.status;
    const text = serverMessage(err);
    if (status === 401 || status === 403) {
      const words = status === 401 ? modelErrors.keyRefused(where, status, sentence(text), ctx.keyNote ?? '') : modelErrors.accessDenied(where, status, sentence(text), ctx.model);
      return { kind: 'auth', status, ...said(words), retryAfterMs: null };
    }
    if (isRetryableStatus(status)) {
      return {
        kind: 'retryable',
        status,
        ...said(modelErrors.serverAnswered(where, status, text)),
        retryAfterMs: parseRetryAfter(err.headers as Headers | undefined, ctx.now),
      };
    }
    return { kind: 'request', status, ...said(modelErrors.requestRefused(where, status, sentence(text), ctx.model)), retryAfterMs: null };
  }
  const code = networkCause(err);
  const detail = code ?? (err instanceof Error ? err.message : String(err));
  return { kind: 'retryable', status: null, ...said(modelErrors.unreachable(where, detail)), retryAfterMs: null };
}
