import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolveStaticFile } from '../common/staticFiles';

function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  res.end(text);
}

/** Serves the built renderer (GET and HEAD). Security headers are set by the caller. */
export function createStaticFiles(root: string) {
  return {
    async serve(req: IncomingMessage, res: ServerResponse, urlPath: string): Promise<void> {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        sendText(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
        return;
      }
      const found = await resolveStaticFile(root, urlPath);
      if (!found) {
        const indexMissing = !(await resolveStaticFile(root, '/index.html'));
        if (indexMissing) sendText(res, 503, 'The Akira UI is not built. Run `npm run build`, then start again.\n');
        else sendText(res, 404, 'Not Found\n');
        return;
      }
      res.writeHead(200, {
        'Content-Type': found.mime,
        'Content-Length': String(found.size),
        'Cache-Control': found.immutable ? 'private, max-age=31536000, immutable' : 'no-cache',
      });
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      const stream = createReadStream(found.file);
      stream.on('error', () => res.destroy());
      res.on('close', () => stream.destroy());
      stream.pipe(res);
    },
  };
}
