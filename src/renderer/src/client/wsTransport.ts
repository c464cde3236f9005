import type { EventEnvelope } from '../../../shared/contract';
import { decodeTerminalData, TERMINAL_FRAMES_PARAM } from '../../../shared/terminal/terminalFrames';
import type { Answer, ConnectionState, Transport } from './transport';

interface Pending {
  resolve: (answer: Answer) => void;
}

/** The address with `terminalFrames=binary`: terminal output then comes as binary frames (terminalFrames.ts). */
export function withBinaryTerminalFrames(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${TERMINAL_FRAMES_PARAM}=binary`;
}

/**
 * Browser transport: the WebSocket face of `akira serve`. Reconnects with backoff; requests made
 * while disconnected wait for the connection; requests in flight when it drops answer `unavailable`.
 * Binary frames are terminal output (asked for with withBinaryTerminalFrames), handed on as the same
 * `terminal.onData` envelopes as JSON ones.
 */
export function createWsTransport(url: string): Transport {
  const listeners = new Set<(envelope: EventEnvelope) => void>();
  const stateListeners = new Set<(state: ConnectionState) => void>();
  const pending = new Map<number, Pending>();
  const queued: string[] = [];
  let socket: WebSocket | null = null;
  let state: ConnectionState = 'connecting';
  let nextId = 1;
  let retry = 0;
  let closed = false;

  function setState(next: ConnectionState) {
    state = next;
    stateListeners.forEach((l) => l(next));
  }

  function connect() {
    setState('connecting');
    const ws = new WebSocket(url);
    ws.binaryType = 'arraybuffer';
    socket = ws;
    ws.onopen = () => {
      retry = 0;
      setState('connected');
      while (queued.length) ws.send(queued.shift()!);
    };
    ws.onmessage = (msg) => {
      if (msg.data instanceof ArrayBuffer) {
        const output = decodeTerminalData(new Uint8Array(msg.data));
        if (!output) return;
        const { seq, ...data } = output;
        const envelope = { event: 'terminal.onData', seq, data } as EventEnvelope;
        listeners.forEach((l) => l(envelope));
        return;
      }
      const frame = JSON.parse(String(msg.data));
      if (typeof frame.event === 'string') {
        listeners.forEach((l) => l(frame as EventEnvelope));
      } else if (typeof frame.id === 'number') {
        const p = pending.get(frame.id);
        pending.delete(frame.id);
        p?.resolve('error' in frame ? { error: frame.error } : { result: frame.result });
      }
    };
    ws.onclose = () => {
      socket = null;
      for (const [id, p] of pending) {
        p.resolve({ error: { code: 'unavailable', message: 'Connection to Akira lost' } });
        pending.delete(id);
      }
      if (closed) return;
      setState('disconnected');
      const delay = Math.min(5000, 250 * 2 ** retry++);
      setTimeout(connect, delay);
    };
  }
  connect();

  return {
    invoke(name, input) {
      const id = nextId++;
      const frame = JSON.stringify({ id, method: name, params: input ?? {} });
      return new Promise<Answer>((resolve) => {
        pending.set(id, { resolve });
        if (socket && socket.readyState === WebSocket.OPEN) socket.send(frame);
        else queued.push(frame);
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onState(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    state: () => state,
    close() {
      closed = true;
      socket?.close();
    },
  };
}
