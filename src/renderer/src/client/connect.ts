import { createClient, type AkiraClient } from './client';
import { createIpcTransport } from './ipcTransport';
import { createWsTransport } from './wsTransport';

/** Picks the transport for this face: the preload bridge in the desktop app, else the WebSocket of `akira serve`. */
export function connect(): AkiraClient {
  if (window.akira) return createClient(createIpcTransport(window.akira));
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return createClient(createWsTransport(`${scheme}//${location.host}/ws?token=${encodeURIComponent(token)}`));
}
