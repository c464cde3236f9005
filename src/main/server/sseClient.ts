/**
 * A Server-Sent Events reader over node:http, for the API face's tests and benchmarks (and scripts):
 * parses `id:` / `event:` / `data:` blocks and comment lines as they arrive.
 *
 *   const reader = await SseReader.open(`${origin}/api/events`, { Authorization: `Bearer ${token}` });
 *   await waitFor(() => reader.events.find((e) => e.event === 'agent.onEvent'), '…');
 *   reader.events   reader.comments   reader.bytes   reader.ended   reader.close()
 */
import { request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';

export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
}

export interface SseReaderOptions {
  /** Keep every event in `events` (default true); a benchmark counts with `onEvent` instead. */
  keep?: boolean;
  onEvent?: (event: SseEvent) => void;
}

export class SseReader {
  readonly events: SseEvent[] = [];
  comments = 0;
  bytes = 0;
  /** Resolves when the server ends the stream or the connection closes. */
  readonly ended: Promise<void>;
  private pending = '';

  private constructor(
    readonly response: IncomingMessage,
    private readonly options: SseReaderOptions,
  ) {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      this.bytes += Buffer.byteLength(chunk);
      this.feed(chunk);
    });
    this.ended = new Promise((resolve) => {
      response.once('end', () => resolve());
      response.once('close', () => resolve());
      response.once('error', () => resolve());
    });
  }

  get status(): number {
    return this.response.statusCode ?? 0;
  }

  get headers(): IncomingHttpHeaders {
    return this.response.headers;
  }

  /** Opens the stream; resolves once the response headers are in (any status). */
  static open(url: string, headers: Record<string, string> = {}, options: SseReaderOptions = {}): Promise<SseReader> {
    return new Promise((resolve, reject) => {
      const req = request(url, { headers: { Accept: 'text/event-stream', ...headers } }, (res) => resolve(new SseReader(res, options)));
      req.on('error', reject);
      req.end();
    });
  }

  /** The parsed JSON of the events' data, of one event name. */
  dataOf<T = any>(name: string): T[] {
    return this.events.filter((e) => e.event === name).map((e) => JSON.parse(e.data) as T);
  }

  close(): void {
    this.response.destroy();
  }

  private feed(chunk: string): void {
    this.pending += chunk;
    let start = 0;
    for (;;) {
      const end = this.pending.indexOf('\n\n', start);
      if (end === -1) break;
      this.block(this.pending.slice(start, end));
      start = end + 2;
    }
    if (start > 0) this.pending = this.pending.slice(start);
  }

  private block(block: string): void {
    let id: string | null = null;
    let event = 'message';
    const data: string[] = [];
    let any = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        this.comments++;
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + (line[colon + 1] === ' ' ? 2 : 1));
      if (field === 'id') id = value;
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else continue;
      any = true;
    }
    if (!any || data.length === 0) return;
    const parsed = { id, event, data: data.join('\n') };
    if (this.options.keep !== false) this.events.push(parsed);
    this.options.onEvent?.(parsed);
  }
}
