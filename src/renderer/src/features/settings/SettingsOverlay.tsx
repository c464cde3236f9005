import { useEffect } from 'react';
import { SettingsView } from './SettingsView';
import { useSettingsStore } from './settingsStore';
import './settings.css';

/** The settings page over the app (opened from the gear in the status bar, or Ctrl/⌘+,). */
export function SettingsOverlay() {
  const open = useSettingsStore((s) => s.open);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === ',' && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey) {
        e.preventDefault();
        const s = useSettingsStore.getState();
        if (s.open) s.closeSettings();
        else s.openSettings();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  if (!open) return null;
  return (
    <div className="st-backdrop" onMouseDown={(e) => e.target === e.currentTarget && useSettingsStore.getState().closeSettings()}>
      <SettingsView />
    </div>
  );
}
