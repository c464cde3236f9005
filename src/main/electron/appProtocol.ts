import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import { securityHeaders } from '../common/securityHeaders';
import { resolveStaticFile } from '../common/staticFiles';
import { APP_ORIGIN, APP_SCHEME } from './navigation';

/**
 * The built renderer is served from `akira://app/…` rather than file://, so the page has a real
 * origin ('self' in the CSP means only our files), module scripts and workers load, and no other
 * local file is reachable.
 */
export { APP_ORIGIN, APP_SCHEME };

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true } },
  ]);
}

function notFound(): Response {
  return new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain', ...securityHeaders } });
}

export function serveAppProtocol(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host !== 'app' || (request.method !== 'GET' && request.method !== 'HEAD')) return notFound();
    const found = await resolveStaticFile(rendererDir, url.pathname);
    if (!found) return notFound();
    const body = request.method === 'HEAD' ? null : await readFile(found.file);
    return new Response(body, { status: 200, headers: { 'Content-Type': found.mime, ...securityHeaders } });
  });
}
