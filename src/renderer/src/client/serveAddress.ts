/**
 * The address of the page `akira serve` printed carries `?token=…`. The server answered it with an
 * HttpOnly cookie holding the token, so the token is taken out of the address bar (and the history
 * entry) at once; later requests and reloads are let in by the cookie.
 */

export interface AddressLike {
  readonly href: string;
}

export interface HistoryLike {
  readonly state: unknown;
  replaceState(data: unknown, unused: string, url?: string | URL | null): void;
}

/** The token of the address (null without one), after removing it from the address with `history.replaceState`. */
export function takeTokenFromAddress(location: AddressLike, history: HistoryLike): string | null {
  const url = new URL(location.href);
  if (!url.searchParams.has('token')) return null;
  const token = url.searchParams.get('token');
  url.searchParams.delete('token');
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return token || null;
}

/**
 * The WebSocket face of the page's origin. With the token when the page was opened with one (a
 * browser that refuses the cookie still connects); without it the cookie goes with the upgrade.
 */
export function webSocketAddress(location: { readonly protocol: string; readonly host: string }, token: string | null): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}
