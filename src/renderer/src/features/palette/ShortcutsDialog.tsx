import { useRef } from 'react';
import { Dialog, DialogActions } from '../../ui/Dialog';
import { actionById, APP_ACTIONS, type AppAction } from './appActions';
import { Keys } from './Keys';
import { paletteStore } from './paletteStore';
import { formatCombo } from '../../ui/keyCombos';
import { paletteStrings } from './paletteStrings';
import { useText } from '../../i18n';

/** Every action with keys, grouped by category in the registry's order (appActions.ts is the one source). */
export function shortcutRows(actions: readonly AppAction[] = APP_ACTIONS): { category: string; actions: AppAction[] }[] {
  const groups = new Map<string, AppAction[]>();
  for (const a of actions) {
    if (!a.keys?.length) continue;
    groups.set(a.category, [...(groups.get(a.category) ?? []), a]);
  }
  return [...groups].map(([category, list]) => ({ category, actions: list }));
}

const whereText = (a: AppAction, t: (typeof paletteStrings)['en']) => a.keysWhere ?? (a.keysInBrowserOnly ? t.inBrowserOnly : a.notInTerminal ? t.notInTerminal : t.anywhere);

/** The Keyboard Shortcuts page (the palette's "Help: Keyboard Shortcuts"): one table of every key of the app. */
export function ShortcutsDialog() {
  const t = useText(paletteStrings);
  const close = useRef<HTMLButtonElement>(null);
  const paletteKeys = (actionById('palette.commands')?.keys ?? []).map((k) => formatCombo(k)).join(t.keysOr);
  return (
    <Dialog title={t.keyboardShortcuts} testId="shortcuts-dialog" tone="accent" wide onCancel={() => paletteStore().hideShortcuts()} initialFocus={close}>
      <div className="shortcuts-scroll">
        <table className="shortcuts-table" data-testid="shortcuts-table">
          <thead>
            <tr>
              <th scope="col">{t.action}</th>
              <th scope="col">{t.keys}</th>
              <th scope="col">{t.where}</th>
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
                  <td className="shortcuts-where">{whereText(a, t)}</td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
      <p className="dialog-dim">{t.paletteNote(paletteKeys)}</p>
      <DialogActions>
        <button ref={close} className="ag-button" onClick={() => paletteStore().hideShortcuts()} data-testid="shortcuts-close">
          {t.close}
        </button>
      </DialogActions>
    </Dialog>
  );
}
