import { useRef } from 'react';
import { Dialog, DialogActions } from '../../ui/Dialog';
import { useText } from '../../i18n';
import { mcpStrings } from './mcpStrings';

/** Asks before a global MCP server is removed from the settings file (issue 24); Cancel has the focus. */
export function McpRemoveDialog({ name, onRemove, onCancel }: { name: string; onRemove(): void; onCancel(): void }) {
  const t = useText(mcpStrings);
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog title={t.removeTitle(name)} testId="mcp-remove-dialog" tone="warn" onCancel={onCancel} initialFocus={cancel}>
      <p>{t.removeIntro('settings.json')}</p>
      <DialogActions>
        <button type="button" className="tl-button danger" onClick={onRemove} data-testid="mcp-remove-confirm">
          {t.remove}
        </button>
        <button ref={cancel} type="button" className="tl-button" onClick={onCancel} data-testid="mcp-remove-cancel">
          {t.cancel}
        </button>
      </DialogActions>
    </Dialog>
  );
}
