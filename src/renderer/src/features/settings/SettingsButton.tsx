import { useSettingsStore } from './settingsStore';

/** The gear in the status bar. */
export function SettingsButton() {
  const open = useSettingsStore((s) => s.openSettings);
  return (
    <button type="button" className="statusbar-item st-gear" title="Settings (Ctrl+,)" aria-label="Settings" data-testid="open-settings" onClick={open}>
      ⚙
    </button>
  );
}
