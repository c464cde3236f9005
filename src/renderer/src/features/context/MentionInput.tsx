import { useEffect, useRef, type KeyboardEvent, type RefObject, type TextareaHTMLAttributes } from 'react';
import { KIND_ICON } from './contextWords';
import { contextStrings } from './contextStrings';
import { useText } from '../../i18n';
import { Highlighted } from '../../ui/Highlighted';
import type { CompletionItem } from './mentionCompletion';
import type { MentionCompletion } from './useMentionCompletion';
import { McpArgsForm } from './McpArgsForm';

/**
 * A textarea with the `@` completion (useMentionCompletion.ts) and its popup: the box keeps the focus and points at
 * the active option (`aria-activedescendant`); the popup is a listbox under the box, or over it where the box sits
 * at the bottom of the window (the message box). The caller's onKeyDown sees only the keys the popup did not take.
 */

export type MentionInputProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'> & {
  value: string;
  onChange(text: string): void;
  completion: MentionCompletion;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  placement?: 'below' | 'above';
  'data-testid'?: string;
};

export function MentionInput({ value, onChange, completion, inputRef, placement = 'below', onKeyDown, onFocus, onBlur, onSelect, ...rest }: MentionInputProps) {
  const { open, items, activeId, listId, optionId, track } = completion;
  const activeIndex = open ? items.findIndex((x) => x.id === activeId) : -1;
  return (
    <div className="mention-input">
      <textarea
        {...rest}
        ref={inputRef}
        value={value}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
        onChange={(e) => {
          track(e.target);
          onChange(e.target.value);
        }}
        onSelect={(e) => {
          track(e.currentTarget);
          onSelect?.(e);
        }}
        onFocus={(e) => {
          track(e.currentTarget);
          onFocus?.(e);
        }}
        onBlur={(e) => {
          track(null);
          onBlur?.(e);
        }}
        onKeyDown={(e: KeyboardEvent<HTMLTextAreaElement>) => {
          if (completion.onKeyDown(e)) return;
          onKeyDown?.(e);
        }}
      />
      {open && !completion.asking && <MentionPopup completion={completion} placement={placement} />}
      {completion.asking && <McpArgsForm key={completion.asking.id} item={completion.asking} placement={placement} onAnswer={completion.answer} onCancel={completion.cancelAsk} />}
    </div>
  );
}

function MentionPopup({ completion, placement }: { completion: MentionCompletion; placement: 'below' | 'above' }) {
  const t = useText(contextStrings);
  const { items, activeId, listId, optionId, pick, searchError } = completion;
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);
  return (
    // A mouse press on the popup must not take the focus from the box (the popup would close before the click).
    <div className={`mention-popup ${placement}`} onMouseDown={(e) => e.preventDefault()} data-testid="mention-popup">
      <ul ref={list} className="mention-options" role="listbox" id={listId} aria-label={t.mentions}>
        {items.map((item, i) => (
          <MentionOption key={item.id} id={optionId(i)} item={item} active={item.id === activeId} onPick={() => pick(item)} />
        ))}
      </ul>
      {searchError && <div className="mention-popup-note error-text">{t.filesError(searchError)}</div>}
    </div>
  );
}

function MentionOption({ id, item, active, onPick }: { id: string; item: CompletionItem; active: boolean; onPick(): void }) {
  return (
    <li id={id} role="option" aria-selected={active} className={`mention-option ${active ? 'active' : ''}`} data-testid="mention-option" data-kind={item.kind} data-label={item.label} onClick={onPick} title={item.label}>
      <span className="mention-icon" aria-hidden="true">
        {KIND_ICON[item.attaches]}
      </span>
      <Highlighted className="mention-label" text={item.label} positions={item.positions} />
      {item.detail && <span className="mention-detail">{item.detail}</span>}
    </li>
  );
}
