import type { ServerResponse } from 'node:http';

/**
 * The renderer's Content-Security-Policy. It must equal the `<meta http-equiv>` of
 * src/renderer/index.html (a test checks); the HTTP face and the desktop window send it as a header
 * too, because only a header can carry `frame-ancestors`. `connect-src 'self'` also covers the
 * WebSocket of the page's own host and port (ws:/wss:, CSP Level 3); no other host is reachable.
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "font-src 'self' data:; worker-src 'self' blob:; connect-src 'self'; object-src 'none'; " +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Headers every response of the HTTP face carries. `no-referrer` keeps the token in the URL from leaking. */
export const securityHeaders: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export function setSecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
}
