import { realpath, stat } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';

// The built renderer as files: served over HTTP by the server face (server/staticFiles.ts) and over the
// app:// protocol by the electron face (electron/appProtocol.ts).

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
