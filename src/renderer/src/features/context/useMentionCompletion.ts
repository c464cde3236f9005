import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { mentionAtCaret } from '../../../../shared/context/mentions';
import { useClient } from '../../client/ClientContext';
import { checkpointChoicesQuery, findFilesQuery, mcpChoicesQuery } from './contextQueries';
import { activeItem, applyCompletion, completionItems, fileSearchText, mcpArgsInsert, moveActive, wantsCheckpoints, wantsMcp, type CompletionItem } from './mentionCompletion';
import { useDebounced } from './useDebounced';

/** The wait before the file search asks the core (keystrokes in between share one search). */
const SEARCH_MS = 90;

export interface MentionCompletion {
  /** The popup shows (a mention is typed at the caret, not dismissed, and something matches). */
  open: boolean;
  items: CompletionItem[];
  activeId: string | null;
  listId: string;
  optionId(index: number): string;
  /** The file search failed (shown under the items, which still offer the keywords). */
  searchError: string | null;
  /** The start of the mention the popup is open on: its chip waits until it is picked, typed out or closed. */
  typingAt: number | null;
  pick(item: CompletionItem): void;
  /** An MCP prompt or template picked whose arguments are being asked for (McpArgsForm), else null. */
  asking: CompletionItem | null;
  /** The arguments were given: the mention with them replaces the typed `@query`. */
  answer(values: Readonly<Record<string, string>>): void;
  /** The arguments form was closed: the typed text stays as it was, and the list is back. */
  cancelAsk(): void;
  /** Handles the popup's keys (arrows, Enter, Tab, Escape); true when it took the key. */
  onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>): boolean;
  /** Where the caret is now (call on change, select, focus; null on blur). */
  track(el: HTMLTextAreaElement | null): void;
}

/**
 * The `@` completion of a text box: the mention at the caret (the shared parser's mentionAtCaret) opens a list of
 * the keywords, the checkpoints after `checkpoint:` (checkpoints.list) and the files and folders
 * context.findFiles finds, searched shortly after typing stops. Each search has its own query key, so a late
 * answer for an older query is never shown for a newer one. The box keeps the focus: arrows move, Enter or Tab
 * picks (the mention and a space replace the typed `@query`), Escape closes it without picking, a space ends it.
 * An MCP prompt with arguments or a resource template (issue 24) asks for them first (`asking`, answered by the
 * arguments form): then `@"mcp:<server>:<target> key=value …"` replaces the typed `@query`.
 */
export function useMentionCompletion(value: string, onChange: (text: string) => void, inputRef: RefObject<HTMLTextAreaElement | null>): MentionCompletion {
  const client = useClient();
  const listId = `mentions-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const [caret, setCaret] = useState<number | null>(null);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const pendingCaret = useRef<number | null>(null);
  const [asking, setAsking] = useState<{ item: CompletionItem; start: number; caret: number } | null>(null);

  const at = caret === null ? null : mentionAtCaret(value, Math.min(caret, value.length));
  const typing = at !== null && at.start !== dismissedAt;
  const checkpointsWanted = typing && wantsCheckpoints(at.query);
  const mcpWanted = typing && wantsMcp(at.query);
  const choosing = checkpointsWanted || mcpWanted;
  const search = useDebounced(typing && !choosing ? fileSearchText(at.query) : null, SEARCH_MS);

  const files = useQuery({ ...findFilesQuery(client, search ?? ''), enabled: typing && !choosing && search !== null, placeholderData: keepPreviousData });
  const checkpoints = useQuery({ ...checkpointChoicesQuery(client), enabled: checkpointsWanted });
  const mcp = useQuery({ ...mcpChoicesQuery(client), enabled: mcpWanted });

  const items = useMemo(
    () => (typing ? completionItems(at.query, choosing ? [] : (files.data?.items ?? []), checkpoints.data ?? [], mcp.data ?? []) : []),
    [typing, at?.query, choosing, files.data, checkpoints.data, mcp.data],
  );
  const open = typing && items.length > 0;

  // A new query starts on its first item; Escape's dismissal ends with the mention it closed.
  useEffect(() => setActiveId(null), [at?.start, at?.query]);
  useEffect(() => {
    if (dismissedAt !== null && at?.start !== dismissedAt) setDismissedAt(null);
  }, [at?.start, dismissedAt]);

  // After a pick the caret goes after the inserted mention, once the box shows the new text.
  useLayoutEffect(() => {
    const el = inputRef.current;
    if (pendingCaret.current === null || !el) return;
    el.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  }, [value, inputRef]);

  function insert(start: number, at: number, text: string) {
    const next = applyCompletion(value, start, at, text);
    pendingCaret.current = next.caret;
    setCaret(next.caret);
    setActiveId(null);
    onChange(next.text);
  }

  function pick(item: CompletionItem) {
    if (!at) return;
    const caretNow = inputRef.current?.selectionStart ?? caret ?? value.length;
    if (item.fields?.length) {
      setAsking({ item, start: at.start, caret: caretNow });
      setActiveId(null);
      return;
    }
    insert(at.start, caretNow, item.insert);
  }

  function answer(values: Readonly<Record<string, string>>) {
    if (!asking) return;
    setAsking(null);
    insert(asking.start, Math.min(asking.caret, value.length), mcpArgsInsert(asking.item, values));
    inputRef.current?.focus();
  }

  function cancelAsk() {
    if (!asking) return;
    // Back to the list, the text as it was (a second Escape closes the list).
    const el = inputRef.current;
    setAsking(null);
    el?.focus();
    el?.setSelectionRange(asking.caret, asking.caret);
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>): boolean {
    if (!open || !at || e.nativeEvent.isComposing) return false;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActiveId(moveActive(items, activeId, e.key === 'ArrowDown' ? 1 : -1));
      return true;
    }
    if ((e.key === 'Enter' || e.key === 'Tab') && !e.shiftKey && !e.altKey) {
      const item = activeItem(items, activeId);
      if (!item) return false;
      e.preventDefault();
      e.stopPropagation();
      pick(item);
      return true;
    }
    if (e.key === 'Escape') {
      // Closes the popup only: an enclosing dialog stays open.
      e.preventDefault();
      e.stopPropagation();
      setDismissedAt(at.start);
      return true;
    }
    return false;
  }

  const index = Math.max(0, items.findIndex((x) => x.id === activeId));
  return {
    open,
    items,
    activeId: open ? items[index].id : null,
    listId,
    optionId: (i) => `${listId}-${i}`,
    searchError: files.error && !checkpointsWanted ? files.error.message : null,
    typingAt: open ? at.start : null,
    pick,
    asking: asking?.item ?? null,
    answer,
    cancelAsk,
    onKeyDown,
    track: (el) => setCaret(el ? el.selectionStart : null),
  };
}
