import type { UiPrefsT } from '../../../../shared/contract';
import type { AkiraClient } from '../../client/client';
import { usePrefsStore } from '../../i18n';

/**
 * Changes the UI's language and/or theme (ui.setPrefs, kept in the global settings.json): the window follows at once
 * with the core's answer; every other window follows ui.onPrefsChanged. Used by the Settings page's Appearance
 * section and the palette's Preferences actions.
 */
export async function setUiPrefs(client: AkiraClient, change: Partial<UiPrefsT>): Promise<UiPrefsT> {
  const prefs = await client.invoke('ui.setPrefs', change);
  usePrefsStore.getState().setPrefs(prefs);
  return prefs;
}

/** The saved choice (not what it resolves to): null language follows the system's. */
export const savedPrefs = (): UiPrefsT => usePrefsStore.getState().prefs;
