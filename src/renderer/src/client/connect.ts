import { createClient, type AkiraClient, type ClientOptions } from './client';
import { createIpcTransport } from './ipcTransport';
import { takeTokenFromAddress, webSocketAddress } from './serveAddress';
import { createWsTransport, withBinaryTerminalFrames } from './wsTransport';

/** Picks the transport for this face: the preload bridge in the desktop app, else the WebSocket of `akira serve`. */
export function connect(options: ClientOptions = {}): AkiraClient {
  if (window.akira) return createClient(createIpcTransport(window.akira), options);
  const token = takeTokenFromAddress(location, history);
  return createClient(createWsTransport(withBinaryTerminalFrames(webSocketAddress(location, token))), options);
}
