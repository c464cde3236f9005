/**
 * The HTTP API's answers: every `/api/…` response is JSON, `{"result": …}` (200) or `{"error": {code, message,
 * details?}}` with the status its code stands for. The router's codes (src/shared/contract.ts ErrorCode) map as
 * below; the transport adds its own (unauthorized, method_not_allowed, payload_too_large, unsupported_media_type,
 * misdirected_request) for requests refused before any command runs. No CORS headers are ever sent.
 */
import type { ServerResponse } from 'node:http';
import type { ContractError, ErrorCode } from '../../shared/contract';

/** Codes only the HTTP transport answers (the router never does). */
export type TransportErrorCode =
  | 'unauthorized'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'misdirected_request';

export type ApiErrorCode = ErrorCode | TransportErrorCode;

export interface ApiError {
  code: ApiErrorCode;
  message: string;
  details?: ContractError['details'];
  /** The message in words of the shared error catalogs (docs/i18n.md "Errors"), where the transport has them. */
  words?: ContractError['words'];
}

/** The HTTP status of every error code (pinned: README "HTTP API", and the OpenAPI document). */
export const STATUS_OF: Readonly<Record<ApiErrorCode, number>> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  unknown_command: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  misdirected_request: 421,
  internal: 500,
  unavailable: 503,
};

export function statusOf(code: string): number {
  return Object.hasOwn(STATUS_OF, code) ? STATUS_OF[code as ApiErrorCode] : 500;
}

/** Writes a JSON body (no-store, with its length); a value JSON cannot hold becomes a 500 `internal` error. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  let text: string;
  try {
    text = JSON.stringify(body);
  } catch (err) {
    status = 500;
    text = JSON.stringify({ error: { code: 'internal', message: `Unserialisable result: ${(err as Error).message}` } });
  }
  const bytes = Buffer.from(text, 'utf8');
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(bytes.length),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(bytes);
}

export function sendApiError(res: ServerResponse, error: ApiError, headers: Record<string, string> = {}): void {
  sendJson(res, statusOf(error.code), { error }, headers);
}
