import { randomUUID } from 'node:crypto';
import { AkiraError } from '../errors';
import { sessionErrors } from '../../../shared/errors';

/** Session ids are UUID v4 (lower case); anything else is refused before it is used in a path. */
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function isSessionId(value: unknown): value is string {
  return typeof value === 'string' && UUID_V4.test(value);
}

/** Answers the id in its canonical (lower-case) form, or throws bad_request. */
export function checkSessionId(value: unknown): string {
  const id = typeof value === 'string' ? value.trim().toLowerCase() : value;
  if (!isSessionId(id)) {
    const shown = typeof value === 'string' ? JSON.stringify(value.slice(0, 60)) : typeof value;
    throw new AkiraError('bad_request', sessionErrors.badSessionId(shown));
  }
  return id;
}

export function newSessionId(): string {
  return randomUUID();
}
