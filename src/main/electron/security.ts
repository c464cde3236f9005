import { shell, type Session, type WebContents } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../server/securityHeaders';

/** Permissions the renderer may use: writing to the clipboard (copy from the terminal and editor). */
const ALLOWED_PERMISSIONS = new Set(['clipboard-sanitized-write']);

/**
 * Session-wide rules: the strict CSP on every response of our origins, no permissions but
 * clipboard writes, and no remote content (only the dev server, when there is one).
 */
export function hardenSession(session: Session, options: { isAppUrl: (url: string) => boolean; devServerOrigin: string | null }): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    if (!options.isAppUrl(details.url)) return callback({});
    const headers = { ...details.responseHeaders };
    for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-security-policy') delete headers[name];
    callback({ responseHeaders: { ...headers, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
  });
  session.webRequest.onBeforeRequest({ urls: ['http://*/*', 'https://*/*', 'ws://*/*', 'wss://*/*'] }, (details, callback) => {
    const allowed = options.devServerOrigin !== null && new URL(details.url).host === new URL(options.devServerOrigin).host;
    callback({ cancel: !allowed });
  });
  session.setPermissionRequestHandler((_contents, permission, callback) => callback(ALLOWED_PERMISSIONS.has(permission)));
  session.setPermissionCheckHandler((_contents, permission) => ALLOWED_PERMISSIONS.has(permission));
}

/** Opens http(s) links in the system browser; everything else is dropped. */
export function openExternalSafely(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return;
  }
  if (parsed.protocol === 'http:' || parsed.protocol === 'https:') void shell.openExternal(parsed.toString());
}

/** No navigation away from the app, no new windows, no <webview>. */
export function hardenContents(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    event.preventDefault();
    openExternalSafely(url);
  });
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openExternalSafely(url);
    return { action: 'deny' };
  });
}
