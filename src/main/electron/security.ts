import type { App, Session, WebContents } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../common/securityHeaders';
import { navigationDecision } from './navigation';

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

export interface ContentsGuardOptions {
  isAppUrl(url: string): boolean;
  /** Opens an http(s) link in the system browser, asking first for hosts the user has not allowed. */
  openExternal(url: string, contents: WebContents): void;
}

/**
 * No navigation away from our origin in any frame, no redirects, no new windows (links go to the
 * system browser through `openExternal`), no <webview>.
 */
export function hardenContents(contents: WebContents, options: ContentsGuardOptions): void {
  // Emitted first for every frame; when it prevents, will-navigate is not emitted.
  contents.on('will-frame-navigate', (event) => {
    const decision = navigationDecision(event.url, event.isMainFrame, options.isAppUrl);
    if (decision.allow) return;
    event.preventDefault();
    if (decision.openExternally) options.openExternal(event.url, contents);
  });
  contents.on('will-navigate', (event, url) => {
    if (!navigationDecision(url, true, options.isAppUrl).allow) event.preventDefault();
  });
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    options.openExternal(url, contents);
    return { action: 'deny' };
  });
}

/** Applies hardenContents to every webContents the app creates (windows, frames' hosts, devtools), from the start. */
export function guardAllWebContents(app: App, options: ContentsGuardOptions): void {
  app.on('web-contents-created', (_event, contents) => hardenContents(contents, options));
}
