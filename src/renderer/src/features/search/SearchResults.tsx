import { memo, useCallback, useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { useUiStore } from '../../appState/uiStore';
import { useText } from '../../i18n';
import { searchStrings } from './searchStrings';
import { fileIcon } from '../workspace/fileIcons';
import { fileKey, highlightOf, searchRows, splitPath, type SearchRow } from './searchRows';
import { useSearchStore } from './searchStore';

const Chevron = ({ open }: { open: boolean }) => (
  <svg className={`search-chevron ${open ? 'open' : ''}`} viewBox="0 0 16 16" aria-hidden="true">
    <path d="M6 3.5 10.5 8 6 12.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

interface RowProps {
  row: SearchRow;
  selected: boolean;
  onPick(key: string): void;
}

/** One row: a file (name, folder, match count) or a match (its line, the match highlighted); memoised. */
const ResultRow = memo(function ResultRow({ row, selected, onPick }: RowProps) {
  const t = useText(searchStrings);
  const cls = `row search-row${selected ? ' selected' : ''}`;
  if (row.type === 'file') {
    const { name, folder } = splitPath(row.path);
    const icon = fileIcon(name);
    return (
      <div
        className={`${cls} search-file`}
        role="treeitem"
        aria-level={1}
        aria-expanded={row.expanded}
        aria-selected={selected}
        aria-label={t.fileAria(row.path, row.count)}
        data-testid="search-file"
        data-path={row.path}
        data-key={row.key}
        title={row.path}
        onClick={() => onPick(row.key)}
      >
        <span className="search-twistie">
          <Chevron open={row.expanded} />
        </span>
        <span className="search-badge" style={{ color: icon.color }} aria-hidden="true">
          {icon.label}
        </span>
        <span className="name">{name}</span>
        {folder && <span className="dim search-folder">{folder}</span>}
        <span className="search-count" data-testid="search-count">
          {row.count}
        </span>
      </div>
    );
  }
  const { before, hit, after } = highlightOf(row.match);
  return (
    <div
      className={`${cls} search-match`}
      role="treeitem"
      aria-level={2}
      aria-selected={selected}
      data-testid="search-match"
      data-path={row.path}
      data-line={row.match.line}
      data-key={row.key}
      title={`${row.path}:${row.match.line}:${row.match.column}`}
      onClick={() => onPick(row.key)}
    >
      <span className="search-line-number" aria-label={t.lineAria(row.match.line)}>
        {row.match.line}
      </span>
      <span className="search-text">
        {before}
        <mark className="search-hit">{hit}</mark>
        {after}
      </span>
    </div>
  );
});

/**
 * The results as a tree (role tree/treeitem): each file with its match count, collapsible, then its matching lines.
 * Click or Enter on a match opens the file at the match (in a preview tab); on a file, folds it. Keys: ↑ ↓ Home End,
 * ← folds a file (or goes to it from a match), → unfolds it, Enter or Space.
 */
export function SearchResults() {
  const t = useText(searchStrings);
  const files = useSearchStore((s) => s.files);
  const collapsed = useSearchStore((s) => s.collapsed);
  const selected = useSearchStore((s) => s.selected);
  const rows = useMemo(() => searchRows(files, collapsed), [files, collapsed]);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const containerRef = useRef<HTMLDivElement>(null);
  const scrollToSelection = useRef(false);

  const activate = useCallback((row: SearchRow) => {
    if (row.type === 'file') useSearchStore.getState().toggleCollapsed(row.path);
    else useUiStore.getState().openFile(row.path, { line: row.match.line, column: row.match.column });
  }, []);

  const onPick = useCallback(
    (key: string) => {
      const row = rowsRef.current.find((r) => r.key === key);
      if (!row) return;
      useSearchStore.getState().select(key);
      containerRef.current?.focus({ preventScroll: true });
      activate(row);
    },
    [activate],
  );

  useEffect(() => {
    if (!scrollToSelection.current || selected === null) return;
    scrollToSelection.current = false;
    containerRef.current?.querySelector(`[data-key="${CSS.escape(selected)}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [selected, rows]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = rowsRef.current;
    if (!list.length) return;
    const store = useSearchStore.getState();
    const index = list.findIndex((r) => r.key === store.selected);
    const row = index >= 0 ? list[index] : null;
    const moveTo = (i: number) => {
      scrollToSelection.current = true;
      store.select(list[Math.max(0, Math.min(list.length - 1, i))].key);
    };
    switch (event.key) {
      case 'ArrowDown':
        moveTo(index + 1);
        break;
      case 'ArrowUp':
        moveTo(index < 0 ? 0 : index - 1);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(list.length - 1);
        break;
      case 'ArrowRight':
        if (row?.type === 'file' && !row.expanded) activate(row);
        else if (row?.type === 'file') moveTo(index + 1);
        break;
      case 'ArrowLeft':
        if (row?.type === 'file' && row.expanded) activate(row);
        else if (row?.type === 'match') {
          scrollToSelection.current = true;
          store.select(fileKey(row.path));
        }
        break;
      case 'Enter':
      case ' ':
        if (row) activate(row);
        else moveTo(0);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  if (!rows.length) return null;
  return (
    <div ref={containerRef} className="search-results" role="tree" aria-label={t.results} tabIndex={0} data-testid="search-results" onKeyDown={onKeyDown}>
      {rows.map((row) => (
        <ResultRow key={row.key} row={row} selected={row.key === selected} onPick={onPick} />
      ))}
    </div>
  );
}
