import { useSettingsStore } from './settingsStore';
import { settingsStrings } from './settingsStrings';
import { useText } from '../../i18n';

/** The gear in the status bar. */
export function SettingsButton() {
  const t = useText(settingsStrings);
  const open = useSettingsStore((s) => s.openSettings);
  return (
    <button type="button" className="statusbar-item st-gear" title={t.gearTitle} aria-label={t.settings} data-testid="open-settings" onClick={open}>
      ⚙
    </button>
  );
}
