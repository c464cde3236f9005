import { useRef } from 'react';
import { Dialog, DialogActions } from '../../ui/Dialog';
import { actionById, APP_ACTIONS, type AppAction } from './appActions';
import { Keys } from './Keys';
import { paletteStore } from './paletteStore';
import { formatCombo } from '../../ui/keyCombos';

/** Every action with keys, grouped by category in the registry's order (appActions.ts is the one source). */
export function shortcutRows(actions: readonly AppAction[] = APP_ACTIONS): { category: string; actions: AppAction[] }[] {
  const groups = new Map<string, AppAction[]>();
  for (const a of actions) {
    if (!a.keys?.length) continue;
    groups.set(a.category, [...(groups.get(a.category) ?? []), a]);
  }
  return [...groups].map(([category, list]) => ({ category, actions: list }));
}

const whereText = (a: AppAction) =>
  a.keysWhere ?? (a.keysInBrowserOnly ? 'in the browser (the desktop app: its File menu)' : a.notInTerminal ? 'anywhere but a terminal' : 'anywhere');

/** The Keyboard Shortcuts page (the palette's "Help: Keyboard Shortcuts"): one table of every key of the app. */
export function ShortcutsDialog() {
  const close = useRef<HTMLButtonElement>(null);
  const paletteKeys = (actionById('palette.commands')?.keys ?? []).map((k) => formatCombo(k)).join(' or ');
  return (
    <Dialog title="Keyboard Shortcuts" testId="shortcuts-dialog" tone="accent" wide onCancel={() => paletteStore().hideShortcuts()} initialFocus={close}>
      <div className="shortcuts-scroll">
        <table className="shortcuts-table" data-testid="shortcuts-table">
          <thead>
            <tr>
              <th scope="col">Action</th>
              <th scope="col">Keys</th>
              <th scope="col">Where</th>
            </tr>
          </thead>
          {shortcutRows().map(({ category, actions }) => (
            <tbody key={category}>
              <tr className="shortcuts-category">
                <th scope="rowgroup" colSpan={3}>
                  {category}
                </th>
              </tr>
              {actions.map((a) => (
                <tr key={a.id} data-action={a.id} data-testid="shortcut-row">
                  <td>{a.title}</td>
                  <td>
                    <Keys keys={a.keys!} />
                  </td>
                  <td className="shortcuts-where">{whereText(a)}</td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
      <p className="dialog-dim">The command palette ({paletteKeys}) lists every action, with these keys beside them.</p>
      <DialogActions>
        <button ref={close} className="ag-button" onClick={() => paletteStore().hideShortcuts()} data-testid="shortcuts-close">
          Close
        </button>
      </DialogActions>
    </Dialog>
  );
}
