import { paletteStore } from '../features/palette/paletteStore';
import { showView } from '../features/palette/appActions';
import { Codicon } from '../ui/Codicon';
import '../features/folders/folders.css';
import './firstScreen.css';
import { formatCombo } from '../ui/keyCombos';
import { appStrings } from './appStrings';
import { useText } from '../i18n';

/** Focuses the element once the view that holds it is drawn (the next frames; gives up after a few). */
function focusWhenShown(selector: string, tries = 10): void {
  requestAnimationFrame(() => {
    const el = document.querySelector<HTMLElement>(selector);
    if (el) el.focus();
    else if (tries > 0) focusWhenShown(selector, tries - 1);
  });
}

/**
 * The editor area's first screen, with a folder open and nothing in the editor: what Akira is for, and the three ways
 * in: start a task (the Agent view's task box), open a spec (the Specs view), open a file (quick open).
 */
export function FirstScreen() {
  const t = useText(appStrings);
  return (
    <div className="first-screen" data-testid="first-screen">
      <div className="editor-empty-title">{t.firstTitle}</div>
      <p>{t.firstLead}</p>
      <div className="first-actions">
        <button
          className="fo-button primary"
          data-testid="first-start-task"
          onClick={() => {
            showView('agent');
            focusWhenShown('[data-testid="start-task"]');
          }}
        >
          <Codicon name="sparkle" /> {t.startTask}
        </button>
        <button className="fo-button" data-testid="first-open-spec" onClick={() => showView('specs')}>
          <Codicon name="checklist" /> {t.openSpec}
        </button>
        <button className="fo-button" data-testid="first-open-file" title={formatCombo('Mod+P')} onClick={() => paletteStore().show('files')}>
          <Codicon name="files" /> {t.openFile}
        </button>
      </div>
    </div>
  );
}
