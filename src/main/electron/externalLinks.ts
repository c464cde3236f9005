import type { SettingsStore } from '../core/settings/settingsStore';
import { desktopStrings, type DesktopWords } from './desktopStrings';
import { externalTarget, type ExternalTarget } from './navigation';

/**
 * Links leave the app only through here: http(s) only, and a host the user has not allowed yet
 * needs a confirmation first. "Always open" remembers the host in the global settings file
 * (`<dataDir>/settings.json`, `ui.allowedExternalHosts`); other sections and `ui` fields pass through.
 */

export type Confirmation = 'open' | 'always' | 'cancel';
export type OpenResult = 'opened' | 'cancelled' | 'refused';

export interface ExternalOpenerDeps<C> {
  settings: Pick<SettingsStore, 'get' | 'update'>;
  /** Asks the user (a dialog over the window `context` belongs to). */
  confirm(target: ExternalTarget, context: C): Promise<Confirmation>;
  /** Opens the URL in the system browser (shell.openExternal). */
  open(url: string): Promise<void>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The hosts of the settings' `ui.allowedExternalHosts` (anything else there is ignored). */
export function allowedHostsOf(settings: Record<string, unknown>): string[] {
  const ui = settings.ui;
  const list = isObject(ui) ? ui.allowedExternalHosts : undefined;
  return Array.isArray(list) ? list.filter((h): h is string => typeof h === 'string').map((h) => h.toLowerCase()) : [];
}

/** Does opening this target need the user's confirmation? (Exact host[:port]; no wildcard, no subdomains.) */
export function needsConfirmation(target: ExternalTarget, allowedHosts: readonly string[]): boolean {
  return !allowedHosts.includes(target.host);
}

/** Settings with `host` added to `ui.allowedExternalHosts`; everything else kept. */
export function withAllowedHost<T extends Record<string, unknown>>(settings: T, host: string): T {
  const ui = isObject(settings.ui) ? settings.ui : {};
  const hosts = allowedHostsOf(settings);
  return { ...settings, ui: { ...ui, allowedExternalHosts: hosts.includes(host) ? hosts : [...hosts, host] } };
}

/** The confirmation dialog's text and buttons (Electron's showMessageBox options). */
export function confirmDialog(target: ExternalTarget, t: DesktopWords = desktopStrings.en) {
  return {
    type: 'question' as const,
    title: t.openLinkTitle,
    message: t.openLinkQuestion(target.host),
    detail: t.openLinkDetail(target.url, target.host),
    buttons: [t.open, t.alwaysOpen(target.host), t.cancel],
    defaultId: 2,
    cancelId: 2,
    noLink: true,
  };
}

/** The answer for the index of the button pressed in confirmDialog. */
export function confirmationOf(response: number): Confirmation {
  return response === 0 ? 'open' : response === 1 ? 'always' : 'cancel';
}

export function createExternalOpener<C = undefined>(deps: ExternalOpenerDeps<C>): (url: string, context: C) => Promise<OpenResult> {
  return async (url, context) => {
    const target = externalTarget(url);
    if (!target) return 'refused';
    const allowed = allowedHostsOf(await deps.settings.get().catch(() => ({})));
    if (needsConfirmation(target, allowed)) {
      const answer = await deps.confirm(target, context);
      if (answer === 'cancel') return 'cancelled';
      if (answer === 'always') await deps.settings.update((s) => withAllowedHost(s, target.host)).catch(() => undefined);
    }
    await deps.open(target.url);
    return 'opened';
  };
}
