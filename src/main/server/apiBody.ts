/**
 * Reads the JSON body of a `POST /api/<command>`: the params. An empty body is `{}`; a body needs
 * `Content-Type: application/json` (or `…+json`, UTF-8) else 415; more than the limit is 413, told as soon as
 * Content-Length says so or the bytes read pass it (the rest of the body is then read and dropped, so the
 * client sees the answer); malformed JSON or UTF-8 is 400, and so is JSON nested deeper than MAX_JSON_DEPTH, told
 * before it is parsed (common/jsonDepth.ts).
 */
import type { IncomingMessage } from 'node:http';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../common/jsonDepth';
import { inputErrors, plainWords } from '../../shared/errors';
import type { ApiError } from './apiResponses';

export type BodyResult = { ok: true; value: unknown } | { ok: false; error: ApiError };

/** 20 MB: agent.approve may carry a whole edited file (up to 10M characters, escaped in JSON). */
export const DEFAULT_MAX_BODY_BYTES = 20 * 1024 * 1024;

const fail = (code: ApiError['code'], message: string): BodyResult => ({ ok: false, error: { code, message } });

/** `application/json` or `application/<x>+json`, with no charset or a UTF-8 one. */
export function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  const [type, ...parameters] = header.split(';').map((part) => part.trim().toLowerCase());
  if (type !== 'application/json' && !/^application\/[a-z0-9.+-]+\+json$/.test(type)) return false;
  const charset = parameters.find((p) => p.startsWith('charset='))?.slice('charset='.length).replace(/"/g, '');
  return charset === undefined || charset === 'utf-8' || charset === 'utf8';
}

function tooLarge(maxBytes: number): BodyResult {
  return fail('payload_too_large', `The request body is larger than ${Math.round(maxBytes / (1024 * 1024))} MB`);
}

export function readJsonBody(req: IncomingMessage, maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<BodyResult> {
  const declared = req.headers['content-length'];
  const length = declared === undefined ? null : Number(declared);
  const chunked = req.headers['transfer-encoding'] !== undefined;
  if (length !== null && length > maxBytes) {
    req.resume(); // drop what the client still sends; it reads the 413
    return Promise.resolve(tooLarge(maxBytes));
  }
  const mayHaveBody = chunked || (length !== null && length > 0);
  if (mayHaveBody && !isJsonContentType(req.headers['content-type'])) {
    req.resume();
    return Promise.resolve(
      fail('unsupported_media_type', 'The body must be JSON: send Content-Type: application/json (UTF-8)'),
    );
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: BodyResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > maxBytes) {
        chunks.length = 0;
        settle(tooLarge(maxBytes));
        return;
      }
      chunks.push(chunk);
    });
    req.on('error', () => settle(fail('bad_request', 'The request body could not be read')));
    req.on('aborted', () => settle(fail('bad_request', 'The request was aborted')));
    req.on('end', () => {
      if (settled) return;
      if (size === 0) return settle({ ok: true, value: {} });
      let text: string;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks, size));
      } catch {
        return settle(fail('bad_request', 'The request body is not valid UTF-8'));
      }
      if (text.trim() === '') return settle({ ok: true, value: {} });
      if (nestsDeeperThan(text)) {
        const words = inputErrors.nestedTooDeep(MAX_JSON_DEPTH);
        return settle({ ok: false, error: { code: 'bad_request', message: words.en, words: plainWords(words) } });
      }
      try {
        settle({ ok: true, value: JSON.parse(text) });
      } catch (err) {
        settle(fail('bad_request', `Malformed JSON body: ${(err as Error).message}`));
      }
    });
  });
}
