import { useState } from 'react';
import { settingsStrings } from './settingsStrings';
import { useText } from '../../i18n';

/**
 * An editable list of commands: this scope's entries (edit, remove, add) and, read-only, the entries
 * it inherits (lists are joined across layers: defaults, mode, global, workspace).
 */
export function ListEditor(props: {
  id: string;
  items: string[];
  inherited: string[];
  placeholder: string;
  disabled?: boolean;
  onChange(items: string[]): void;
  testId: string;
}) {
  const t = useText(settingsStrings);
  const [draft, setDraft] = useState('');
  const add = () => {
    const value = draft.trim();
    if (!value) return;
    props.onChange([...props.items, value]);
    setDraft('');
  };
  const inherited = props.inherited.filter((c) => !props.items.includes(c));
  return (
    <div className="st-list" data-testid={props.testId}>
      {props.items.map((item, i) => (
        <div className="st-list-row" key={i}>
          <input
            className="tl-input st-mono"
            aria-label={t.listEntry(props.testId, i + 1)}
            value={item}
            disabled={props.disabled}
            onChange={(e) => props.onChange(props.items.map((x, j) => (j === i ? e.target.value : x)))}
          />
          <button type="button" className="tl-button" aria-label={t.remove(item)} disabled={props.disabled} onClick={() => props.onChange(props.items.filter((_, j) => j !== i))}>
            ×
          </button>
        </div>
      ))}
      <div className="st-list-row">
        <input
          id={props.id}
          className="tl-input st-mono"
          value={draft}
          placeholder={props.placeholder}
          disabled={props.disabled}
          data-testid={`${props.testId}-new`}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="tl-button" disabled={props.disabled || !draft.trim()} onClick={add} data-testid={`${props.testId}-add`}>
          {t.add}
        </button>
      </div>
      {inherited.length > 0 && (
        <div className="st-chips" title={t.inheritedFrom}>
          {inherited.map((c) => (
            <span key={c} className="st-chip">
              {c}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}
