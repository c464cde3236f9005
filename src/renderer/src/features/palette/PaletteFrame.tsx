import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

/**
 * The frame quick open and the command palette share, as VS Code's: a modal dialog at the top of the window with a
 * text box that keeps the focus (a combobox pointing at the active option with `aria-activedescendant`) over a
 * listbox of options (`aria-selected`). ↑ ↓ (wrapping), PageUp / PageDown, Enter picks, Esc or a click outside
 * closes; PaletteHost puts the focus back where it was (unless what was picked took it).
 */

export interface PaletteFrameProps<T extends { id: string }> {
  label: string;
  testId: string;
  placeholder: string;
  value: string;
  onChange(text: string): void;
  items: readonly T[];
  activeIndex: number;
  setActiveIndex(index: number): void;
  renderItem(item: T, active: boolean): ReactNode;
  /** Enter on the active option, or a click on one. */
  onPick(item: T, how: 'enter' | 'click'): void;
  onClose(): void;
  /** Under the list: no match, a failure, how much the index holds. */
  note?: ReactNode;
  /** Set each time the frame is opened anew: the text is selected again. */
  opened?: number;
}

const PAGE = 10;

export function PaletteFrame<T extends { id: string }>(props: PaletteFrameProps<T>) {
  const { label, testId, placeholder, value, onChange, items, activeIndex, setActiveIndex, renderItem, onPick, onClose, note, opened } = props;
  const listId = `palette-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const active = items.length ? Math.min(Math.max(activeIndex, 0), items.length - 1) : -1;
  const optionId = (i: number) => `${listId}-${i}`;

  // The focus goes to the box on open (PaletteHost puts it back on close).
  useLayoutEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, [opened]);

  useEffect(() => {
    if (active >= 0) list.current?.querySelector(`#${CSS.escape(optionId(active))}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, items]);

  const move = (to: number) => {
    if (!items.length) return;
    setActiveIndex(((to % items.length) + items.length) % items.length);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      move(active + (e.key === 'ArrowDown' ? 1 : -1));
    } else if (e.key === 'PageDown' || e.key === 'PageUp') {
      e.preventDefault();
      if (items.length) setActiveIndex(Math.min(items.length - 1, Math.max(0, active + (e.key === 'PageDown' ? PAGE : -PAGE))));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const item = items[active];
      if (item) onPick(item, 'enter');
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    } else if (e.key === 'Tab') {
      e.preventDefault(); // the box is the dialog's only stop
    }
  };

  return (
    <div className="palette-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="palette" role="dialog" aria-modal="true" aria-label={label} data-testid={testId}>
        <input
          ref={input}
          className="palette-input"
          role="combobox"
          aria-expanded="true"
          aria-autocomplete="list"
          aria-controls={listId}
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          aria-label={label}
          placeholder={placeholder}
          spellCheck={false}
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          data-testid="palette-input"
        />
        {/* A press in the list must not take the focus from the box. */}
        <ul ref={list} className="palette-options" role="listbox" id={listId} aria-label={label} onMouseDown={(e) => e.preventDefault()}>
          {items.map((item, i) => (
            <li
              key={item.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={`palette-option ${i === active ? 'active' : ''}`}
              data-testid="palette-option"
              onMouseMove={() => i !== active && setActiveIndex(i)}
              onClick={() => onPick(item, 'click')}
            >
              {renderItem(item, i === active)}
            </li>
          ))}
        </ul>
        {note && <div className="palette-note">{note}</div>}
      </div>
    </div>
  );
}
