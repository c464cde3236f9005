import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { tokenMatches } from './token';

export type AuthMethod = 'query' | 'header' | 'cookie';

export interface AccessPolicy {
  /** Name of the cookie that lets the served page load its assets and workers without `?token=`. */
  readonly cookieName: string;
  /** How the request proved it knows the token, or null (answer 401). */
  authenticate(req: IncomingMessage, url: URL): AuthMethod | null;
  /** The Set-Cookie value to send after a request authorised by `?token=`. */
  cookie(): string;
  /** Refuses Host headers that are not ours when bound to loopback (DNS rebinding). */
  hostAllowed(host: string | undefined): boolean;
  /** A WebSocket's Origin must be the served origin; clients without Origin (scripts) are let through. */
  originAllowed(origin: string | undefined, host: string | undefined): boolean;
}

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]']);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_NAMES.has(host.toLowerCase()) || /^127(\.\d{1,3}){3}$/.test(host);
}

export function isWildcardHost(host: string): boolean {
  return WILDCARDS.has(host);
}

/** A host as it appears in a URL authority (IPv6 literals in brackets). */
export function urlHost(host: string): string {
  return isIP(host) === 6 ? `[${host}]` : host;
}

function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) cookies.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return cookies;
}

function bearer(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1] : null;
}

export function createAccessPolicy(options: { host: string; port: number; token: string }): AccessPolicy {
  const { host, port, token } = options;
  const loopback = isLoopbackHost(host);
  const wildcard = isWildcardHost(host);
  // Cookies are not isolated by port, so two servers on one machine need different names.
  const cookieName = `akira_token_${port}`;
  const ownAuthorities = loopback
    ? ['127.0.0.1', 'localhost', '[::1]', urlHost(host)].map((h) => `${h}:${port}`.toLowerCase())
    : [`${urlHost(host)}:${port}`.toLowerCase()];

  return {
    cookieName,
    authenticate(req, url) {
      if (tokenMatches(url.searchParams.get('token'), token)) return 'query';
      if (tokenMatches(bearer(req.headers.authorization), token)) return 'header';
      if (tokenMatches(parseCookies(req.headers.cookie).get(cookieName), token)) return 'cookie';
      return null;
    },
    cookie: () => `${cookieName}=${token}; Path=/; HttpOnly; SameSite=Strict`,
    hostAllowed(hostHeader) {
      if (!loopback) return true;
      return !!hostHeader && ownAuthorities.includes(hostHeader.toLowerCase());
    },
    originAllowed(origin, hostHeader) {
      if (origin === undefined) return true;
      const o = origin.toLowerCase();
      if (wildcard) return !!hostHeader && o === `http://${hostHeader.toLowerCase()}`;
      return ownAuthorities.some((authority) => o === `http://${authority}`);
    },
  };
}
