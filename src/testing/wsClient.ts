import WebSocket from 'ws';
import { decodeTerminalData } from '../shared/terminal/terminalFrames';
import { waitFor } from './waitFor';

export { waitFor };

export type AnyFrame = Record<string, unknown> & {
  id?: unknown;
  event?: string;
  seq?: number;
  data?: any;
  result?: any;
  error?: any;
  /** A binary frame (terminal output, terminalFrames.ts), read back as its envelope. */
  binary?: boolean;
};

function readFrame(data: WebSocket.RawData, isBinary: boolean): AnyFrame {
  if (!isBinary) return JSON.parse(String(data));
  const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
  const frame = decodeTerminalData(bytes);
  if (!frame) return { binary: true, undecodable: true };
  const { seq, ...payload } = frame;
  return { event: 'terminal.onData', seq, data: payload, binary: true };
}

/** A WebSocket client of the pinned frame format, for tests and scripts. */
export class FrameClient {
  readonly frames: AnyFrame[] = [];
  private nextId = 1;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data, isBinary) => this.frames.push(readFrame(data, isBinary)));
  }

  static connect(url: string, options: WebSocket.ClientOptions = {}): Promise<FrameClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, options);
      const client = new FrameClient(socket);
      socket.once('open', () => resolve(client));
      socket.on('error', reject);
      socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    });
  }

  sendRaw(text: string): void {
    this.socket.send(text);
  }

  async request(method: string, params?: unknown): Promise<AnyFrame> {
    const id = this.nextId++;
    this.socket.send(JSON.stringify({ id, method, params }));
    return waitFor(() => this.frames.find((f) => f.id === id), `answer to ${method}`);
  }

  /** The next answer with id null (frames the server could not tie to a request). */
  async nullAnswer(after: number): Promise<AnyFrame> {
    return waitFor(() => this.frames.slice(after).find((f) => 'id' in f && f.id === null), 'an answer with id null');
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.readyState === WebSocket.CLOSED) return resolve();
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }
}

/** The HTTP status of a WebSocket upgrade attempt: 101 when accepted, else the refusal's status. */
export function upgradeStatus(url: string, options: WebSocket.ClientOptions = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, options);
    socket.once('open', () => {
      resolve(101);
      socket.close();
    });
    socket.once('unexpected-response', (req, res) => {
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    socket.on('error', (err) => reject(err));
  });
}
