import { describe, expect, it } from 'vitest';
import { takeTokenFromAddress, webSocketAddress } from './serveAddress';

function fakeHistory(state: unknown = { key: 1 }) {
  const calls: { data: unknown; url: string | URL | null | undefined }[] = [];
  return { calls, state, replaceState: (data: unknown, _unused: string, url?: string | URL | null) => void calls.push({ data, url }) };
}

describe('the serve token in the address', () => {
  it('is taken out of the address with history.replaceState, keeping the path, other parameters and hash', () => {
    const history = fakeHistory();
    expect(takeTokenFromAddress({ href: 'http://127.0.0.1:5123/?token=abc-_123' }, history)).toBe('abc-_123');
    expect(history.calls).toEqual([{ data: { key: 1 }, url: '/' }]);

    const more = fakeHistory(null);
    expect(takeTokenFromAddress({ href: 'http://127.0.0.1:5123/some/route?a=1&token=t%2Bx&b=2#frag' }, more)).toBe('t+x');
    expect(more.calls).toEqual([{ data: null, url: '/some/route?a=1&b=2#frag' }]);
  });

  it('leaves an address without a token alone (a reload: the cookie lets it in)', () => {
    const history = fakeHistory();
    expect(takeTokenFromAddress({ href: 'http://127.0.0.1:5123/?a=1' }, history)).toBeNull();
    expect(history.calls).toEqual([]);
    const empty = fakeHistory();
    expect(takeTokenFromAddress({ href: 'http://127.0.0.1:5123/?token=' }, empty)).toBeNull();
    expect(empty.calls).toEqual([{ data: { key: 1 }, url: '/' }]);
  });

  it('connects the WebSocket of the same origin, with the token only when there is one', () => {
    expect(webSocketAddress({ protocol: 'http:', host: '127.0.0.1:5123' }, 'a b')).toBe('ws://127.0.0.1:5123/ws?token=a%20b');
    expect(webSocketAddress({ protocol: 'https:', host: 'box:443' }, null)).toBe('wss://box:443/ws');
  });
});
