import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A pass-through HTTP proxy in front of the scripted OpenAI-compatible server that paces Server-Sent
 * Events: the scripted server writes a whole streamed reply at once, a real model trickles it out. Events
 * (`data: …\n\n`) are forwarded `perTick` at a time every `tickMs`, so the app sees a stream at a known
 * rate (e.g. 5 chunks every 5 ms ≈ 1,000 chunks per second). Other answers pass unchanged.
 *
 *   const proxy = await startPacedProxy(model.baseURL, {perTick: 5, tickMs: 5});   // proxy.baseURL
 */

export interface PacedProxy {
  baseURL: string;
  close(): Promise<void>;
}

export async function startPacedProxy(targetBaseURL: string, pace: { perTick: number; tickMs: number }): Promise<PacedProxy> {
  const target = new URL(targetBaseURL);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
      (answer) => {
        const type = String(answer.headers['content-type'] ?? '');
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        if (!type.includes('text/event-stream')) {
          answer.pipe(res);
          return;
        }
        let buffered = '';
        const queue: string[] = [];
        let ended = false;
        let timer: NodeJS.Timeout | null = null;
        const tick = () => {
          timer = null;
          const batch = queue.splice(0, pace.perTick);
          if (batch.length) res.write(batch.join(''));
          if (queue.length) timer = setTimeout(tick, pace.tickMs);
          else if (ended) res.end();
        };
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => {
          buffered += chunk;
          let at: number;
          while ((at = buffered.indexOf('\n\n')) >= 0) {
            queue.push(buffered.slice(0, at + 2));
            buffered = buffered.slice(at + 2);
          }
          timer ??= setTimeout(tick, pace.tickMs);
        });
        answer.on('end', () => {
          ended = true;
          if (buffered) queue.push(buffered);
          timer ??= setTimeout(tick, pace.tickMs);
        });
      },
    );
    upstream.on('error', (err) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(err));
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}${target.pathname}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
