import { formatCombo } from '../../ui/keyCombos';

/** An action's keys as the platform writes them (`Ctrl+Shift+P`, `⇧⌘P`), one `<kbd>` each. */
export function Keys({ keys }: { keys: readonly string[] }) {
  return (
    <span className="palette-keys" data-testid="action-keys">
      {keys.map((k) => (
        <kbd key={k}>{formatCombo(k)}</kbd>
      ))}
    </span>
  );
}
