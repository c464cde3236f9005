import { useState, type KeyboardEvent } from 'react';
import { useText } from '../../i18n';
import { contextStrings } from './contextStrings';
import { missingFields, type CompletionItem } from './mentionCompletion';

/**
 * The arguments of an MCP prompt (or the variables of a resource template) picked in the `@` completion (issue 24):
 * one field each, the required ones marked; Attach is possible once they are given, and inserts
 * `@"mcp:<server>:<target> key=value …"` (Enter in a field does too). Escape or Cancel closes it, back to the list,
 * and leaves the text as it was. Not a <form>: it sits inside the task box's own form, which Enter here must not submit.
 */
export function McpArgsForm({ item, placement, onAnswer, onCancel }: { item: CompletionItem; placement: 'below' | 'above'; onAnswer(values: Record<string, string>): void; onCancel(): void }) {
  const t = useText(contextStrings);
  const fields = item.fields ?? [];
  const [values, setValues] = useState<Record<string, string>>({});
  const missing = missingFields(fields, values);
  const submit = () => {
    if (!missing.length) onAnswer(values);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' && e.key !== 'Enter') return;
    e.preventDefault();
    e.stopPropagation();
    if (e.key === 'Escape') onCancel();
    else submit();
  };
  return (
    <div role="dialog" className={`mention-popup mcp-args ${placement}`} onKeyDown={onKeyDown} data-testid="mcp-args-form" aria-label={t.mcpArgsTitle(item.label)}>
      <div className="mcp-args-title">{t.mcpArgsTitle(item.label)}</div>
      <div className="mcp-args-hint">{t.mcpArgsHint}</div>
      {fields.map((f, i) => (
        <label key={f.name} className="mcp-arg">
          <span className="mcp-arg-name">
            {f.name}
            {f.required && <span className="mcp-arg-required"> ({t.mcpArgRequired})</span>}
          </span>
          <input
            autoFocus={i === 0}
            value={values[f.name] ?? ''}
            onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
            placeholder={f.description ?? ''}
            aria-required={f.required}
            data-testid={`mcp-arg-${f.name}`}
          />
        </label>
      ))}
      <div className="mcp-args-actions">
        {missing.length > 0 && <span className="mcp-args-missing">{t.mcpArgsMissing(missing.join(', '))}</span>}
        <button type="button" className="tl-button" onClick={onCancel}>
          {t.mcpArgsCancel}
        </button>
        <button type="button" className="tl-button primary" disabled={missing.length > 0} onClick={submit} data-testid="mcp-args-attach">
          {t.mcpArgsAttach}
        </button>
      </div>
    </div>
  );
}
