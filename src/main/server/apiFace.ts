/**
 * The HTTP API face (`/api/…` of `akira serve`): the contract's commands as `POST /api/<command>` through the
 * same router as the WebSocket face, the event stream (`GET /api/events`, sseFace.ts) and the OpenAPI document
 * (`GET /api/openapi.json`, openApi.ts). Every answer is JSON (apiResponses.ts).
 *
 * Checks, in order: the Host must be the bound address (421, DNS rebinding); an Origin header, when present,
 * must be the served origin (403, CSRF: no CORS, same origin only); the token as `Authorization: Bearer` or
 * `?token=` (401; the UI's cookie does not count here, so a page elsewhere can never use it). The OpenAPI
 * document needs no token (it holds no data), the Host and Origin checks still apply.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isCommandName } from '../../shared/contract';
import type { CallContext, Router } from '../core/router';
import type { AccessPolicy } from './access';
import { DEFAULT_MAX_BODY_BYTES, readJsonBody } from './apiBody';
import { sendApiError, sendJson, statusOf, type ApiError } from './apiResponses';
import { buildOpenApiDocument } from './openApi';
import type { SseFace } from './sseFace';

export interface ApiFaceOptions {
  router: Router;
  face: CallContext['face'];
  sse: SseFace;
  /** The access policy once the server listens (null before: answered 503). */
  access: () => AccessPolicy | null;
  /** Largest request body (default 20 MB). */
  maxBodyBytes?: number;
}

export interface ApiFace {
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
}

export const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');

const UNAUTHORIZED =
  'Unauthorized: send the token akira serve printed (or the one in its --token-file) as Authorization: Bearer <token> or ?token=<token>';

function methodNotAllowed(res: ServerResponse, method: string | undefined, allow: string): void {
  sendApiError(res, { code: 'method_not_allowed', message: `${method ?? 'This method'} is not allowed here; use ${allow}` }, { Allow: allow });
}

export function createApiFace(options: ApiFaceOptions): ApiFace {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  let openApiText: Promise<Buffer> | null = null;

  function openApi(): Promise<Buffer> {
    openApiText ??= (async () => {
      const describe = await options.router.handle('app.describe', {}, { face: options.face });
      const version = 'result' in describe ? String((describe.result as { version?: unknown }).version ?? '0.0.0') : '0.0.0';
      return Buffer.from(JSON.stringify(buildOpenApiDocument(version)), 'utf8');
    })();
    return openApiText;
  }

  async function serveOpenApi(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(res, req.method, 'GET, HEAD');
    const body = await openApi();
    res.writeHead(200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(body.length),
      'Cache-Control': 'no-cache',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  async function runCommand(req: IncomingMessage, res: ServerResponse, name: string): Promise<void> {
    if (!isCommandName(name)) {
      req.resume();
      return sendApiError(res, { code: 'unknown_command', message: `Unknown command: ${name.slice(0, 100)} (GET /api/openapi.json lists them)` });
    }
    if (req.method !== 'POST') {
      req.resume();
      return methodNotAllowed(res, req.method, 'POST');
    }
    const body = await readJsonBody(req, maxBodyBytes);
    if (!body.ok) return sendApiError(res, body.error);
    const answer = await options.router.handle(name, body.value, { face: options.face });
    if ('error' in answer) return sendJson(res, statusOf(answer.error.code), { error: answer.error });
    sendJson(res, 200, { result: answer.result });
  }

  return {
    async handle(req, res, url) {
      const access = options.access();
      if (!access) return sendApiError(res, { code: 'unavailable', message: 'Starting; try again' });
      if (!access.hostAllowed(req.headers.host)) {
        return sendApiError(res, {
          code: 'misdirected_request',
          message: 'Unexpected Host header: use the address akira serve printed (DNS rebinding is refused)',
        });
      }
      if (!access.originAllowed(req.headers.origin, req.headers.host)) {
        return sendApiError(res, { code: 'forbidden', message: 'Cross-origin requests are refused: the Origin is not the served origin' });
      }
      if (url.pathname === '/api/openapi.json') return serveOpenApi(req, res);
      const how = access.authenticate(req, url);
      if (how !== 'header' && how !== 'query') {
        req.resume();
        return sendApiError(res, { code: 'unauthorized', message: UNAUTHORIZED }, { 'WWW-Authenticate': 'Bearer realm="akira"' });
      }
      if (url.pathname === '/api/events') {
        if (req.method !== 'GET') return methodNotAllowed(res, req.method, 'GET');
        const refused: ApiError | null = options.sse.open(req, res, url);
        if (refused) sendApiError(res, refused);
        return;
      }
      const rest = url.pathname.slice('/api/'.length);
      let name: string;
      try {
        name = decodeURIComponent(rest);
      } catch {
        name = rest;
      }
      if (!name || name.includes('/')) {
        req.resume();
        return sendApiError(res, {
          code: 'not_found',
          message: 'No such API path: POST /api/<command>, GET /api/events, GET /api/openapi.json',
        });
      }
      return runCommand(req, res, name);
    },
  };
}
