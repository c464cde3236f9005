import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, sep } from 'node:path';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
};

export function mimeType(file: string): string {
  return MIME[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export interface StaticFile {
  file: string;
  size: number;
  mime: string;
  /** Content-hashed build output (`assets/…`) that may be cached for good. */
  immutable: boolean;
}

/**
 * Maps a URL path to a file under `root`: no `..`, no NUL, no symlink out of root; paths without
 * an extension fall back to index.html (the single-page app), missing assets are null (404).
 */
export async function resolveStaticFile(root: string, urlPath: string): Promise<StaticFile | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const segments = decoded.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.some((s) => s === '..' || s.includes('\\') || s.includes(':'))) return null;

  const realRoot = await realpath(root).catch(() => null);
  if (!realRoot) return null;
  const inRoot = (p: string) => p === realRoot || p.startsWith(realRoot + sep);

  async function fileAt(relSegments: string[]): Promise<StaticFile | null> {
    const candidate = join(realRoot!, ...relSegments);
    const real = await realpath(candidate).catch(() => null);
    if (!real || !inRoot(real)) return null;
    const info = await stat(real).catch(() => null);
    if (!info) return null;
    if (info.isDirectory()) return relSegments.length < 64 ? fileAt([...relSegments, 'index.html']) : null;
    if (!info.isFile()) return null;
    return { file: real, size: info.size, mime: mimeType(real), immutable: relSegments[0] === 'assets' };
  }

  const found = await fileAt(segments);
  if (found) return found;
  const last = segments.at(-1) ?? '';
  return extname(last) === '' ? fileAt(['index.html']) : null;
}

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
