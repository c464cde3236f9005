/**
 * Where the desktop window may go, as plain functions (no electron import, so they are unit-tested).
 * The renderer is served from `akira://app/…` (appProtocol.ts), or from the dev server in development.
 */

export const APP_SCHEME = 'akira';
export const APP_ORIGIN = `${APP_SCHEME}://app`;

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** `isAppUrl(url)`: is this our renderer (akira://app/…, or the dev server's origin when there is one)? */
export function createAppUrlCheck(devServerUrl: string | null): (url: string) => boolean {
  const devOrigin = devServerUrl ? (parse(devServerUrl)?.origin ?? null) : null;
  return (url) => {
    const parsed = parse(url);
    if (!parsed) return false;
    if (parsed.protocol === `${APP_SCHEME}:`) return parsed.host === 'app' && !parsed.username && !parsed.password;
    return devOrigin !== null && devOrigin !== 'null' && parsed.origin === devOrigin;
  };
}

export interface NavigationDecision {
  /** Let the frame load the URL: only our own origin. */
  allow: boolean;
  /** Offer to open it in the system browser instead (a link in the main frame to an http(s) page). */
  openExternally: boolean;
}

/** A navigation of a frame of one of our webContents (will-frame-navigate, will-navigate). */
export function navigationDecision(url: string, isMainFrame: boolean, isAppUrl: (url: string) => boolean): NavigationDecision {
  if (isAppUrl(url)) return { allow: true, openExternally: false };
  return { allow: false, openExternally: isMainFrame && externalTarget(url) !== null };
}

export interface ExternalTarget {
  /** The URL as it will be opened (normalised by the URL parser). */
  url: string;
  /** host[:port], lower case, international names in punycode: what the user allows. */
  host: string;
}

/** An http(s) URL the system browser may open, or null (other schemes, credentials in the URL, garbage). */
export function externalTarget(url: string): ExternalTarget | null {
  const parsed = parse(url);
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) return null;
  if (parsed.username || parsed.password || !parsed.hostname) return null;
  return { url: parsed.toString(), host: parsed.host.toLowerCase() };
}
