import { randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh secret for one launch of `akira serve`: 32 random bytes, URL-safe (base64url, no padding). */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Compares a presented token with the expected one in constant time (for equal lengths). */
export function tokenMatches(presented: string | null | undefined, expected: string): boolean {
  if (typeof presented !== 'string' || presented.length === 0) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
