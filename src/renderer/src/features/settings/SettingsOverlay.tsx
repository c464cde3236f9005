import { SettingsView } from './SettingsView';
import { useSettingsStore } from './settingsStore';
import './settings.css';

/** The settings page over the app (opened from the gear in the status bar, or Ctrl/⌘+, through features/palette/appActions.ts). */
export function SettingsOverlay() {
  const open = useSettingsStore((s) => s.open);
  if (!open) return null;
  return (
    <div className="st-backdrop" onMouseDown={(e) => e.target === e.currentTarget && useSettingsStore.getState().closeSettings()}>
      <SettingsView />
    </div>
  );
}
