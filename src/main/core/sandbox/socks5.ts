/**
 * The SOCKS5 handshake a client in the sandbox starts (RFC 1928; `socks5h://`: the proxy resolves names):
 * greeting → "no authentication" → CONNECT request. Only CONNECT; anything else is answered "not supported".
 */

export const SOCKS_REPLY = { ok: 0, notAllowed: 2, hostUnreachable: 4, refused: 5, commandNotSupported: 7, addressNotSupported: 8 } as const;

export function socksReply(code: number): Buffer {
  return Buffer.from([5, code, 0, 1, 0, 0, 0, 0, 0, 0]);
}

export type SocksParse =
  | { state: 'more' }
  | { state: 'greeted'; rest: Buffer }
  | { state: 'request'; command: number; host: string; port: number; rest: Buffer }
  | { state: 'bad'; reply?: number };

/** The greeting (VER NMETHODS METHODS…), once all of it is in `buf`. */
export function parseGreeting(buf: Buffer): SocksParse {
  if (buf.length < 2) return { state: 'more' };
  if (buf[0] !== 5) return { state: 'bad' };
  if (buf.length < 2 + buf[1]) return { state: 'more' };
  const methods = buf.subarray(2, 2 + buf[1]);
  if (!methods.includes(0)) return { state: 'bad' };
  return { state: 'greeted', rest: buf.subarray(2 + buf[1]) };
}

/** The request (VER CMD RSV ATYP DST.ADDR DST.PORT), once all of it is in `buf`. */
export function parseRequest(buf: Buffer): SocksParse {
  if (buf.length < 5) return { state: 'more' };
  if (buf[0] !== 5) return { state: 'bad' };
  const atyp = buf[3];
  let host: string;
  let at: number;
  if (atyp === 1) {
    if (buf.length < 10) return { state: 'more' };
    host = [...buf.subarray(4, 8)].join('.');
    at = 8;
  } else if (atyp === 3) {
    const n = buf[4];
    if (buf.length < 5 + n + 2) return { state: 'more' };
    host = buf.subarray(5, 5 + n).toString('latin1');
    at = 5 + n;
  } else if (atyp === 4) {
    if (buf.length < 22) return { state: 'more' };
    const words: string[] = [];
    for (let i = 4; i < 20; i += 2) words.push(buf.readUInt16BE(i).toString(16));
    host = words.join(':');
    at = 20;
  } else {
    return { state: 'bad', reply: SOCKS_REPLY.addressNotSupported };
  }
  return { state: 'request', command: buf[1], host, port: buf.readUInt16BE(at), rest: buf.subarray(at + 2) };
}
