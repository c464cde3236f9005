import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { SearchResults } from './SearchResults';
import { statusText } from './searchRows';
import { useSearchStore, type SearchForm } from './searchStore';
import { useSearchRunner } from './useSearchRunner';
import './search.css';

type Toggle = 'caseSensitive' | 'wholeWord' | 'regex';
/** The query's toggles and their Alt+ keys (the Keyboard Shortcuts page lists them: features/palette/appActions.ts). */
export const SEARCH_TOGGLES: { field: Toggle; label: ReactNode; title: string; key: string; testId: string }[] = [
  { field: 'caseSensitive', label: 'Aa', title: 'Match Case (Alt+C)', key: 'c', testId: 'search-case' },
  { field: 'wholeWord', label: <u>ab</u>, title: 'Match Whole Word (Alt+W)', key: 'w', testId: 'search-word' },
  { field: 'regex', label: '.*', title: 'Use Regular Expression (Alt+R)', key: 'r', testId: 'search-regex' },
];

/**
 * The Search view (Ctrl+Shift+F): the query with its toggles (case, whole word, regular expression; Alt+C/W/R), the
 * files to include and to exclude (comma-separated globs), the status line, and the results streaming in grouped by
 * file (SearchResults). A new query cancels the search before it (useSearchRunner). ↓ in the query box goes to the
 * results; Enter searches again at once.
 */
export function SearchView() {
  const form = useSearchStore((s) => s.form);
  const setForm = useSearchStore((s) => s.setForm);
  const searching = useSearchStore((s) => s.searching);
  const error = useSearchStore((s) => s.error);
  const files = useSearchStore((s) => s.files.length);
  const matches = useSearchStore((s) => s.matches);
  const done = useSearchStore((s) => s.done);
  const anyExpanded = useSearchStore((s) => s.files.some((f) => !s.collapsed.has(f.path)));
  const focusRequest = useSearchStore((s) => s.focusRequest);
  const queryRef = useRef<HTMLInputElement>(null);
  const { runNow } = useSearchRunner();

  // Opened (or Ctrl+Shift+F again): the query box, its text selected.
  useEffect(() => {
    queryRef.current?.focus();
    queryRef.current?.select();
  }, [focusRequest]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!e.altKey || e.ctrlKey || e.metaKey) return;
    const toggle = SEARCH_TOGGLES.find((t) => t.key === e.key.toLowerCase());
    if (!toggle) return;
    e.preventDefault();
    setForm({ [toggle.field]: !form[toggle.field] } as Partial<SearchForm>);
  };
  const onQueryKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      runNow();
    } else if (e.key === 'ArrowDown') {
      const results = document.querySelector<HTMLElement>('[data-testid="search-results"]');
      if (!results) return;
      e.preventDefault();
      const store = useSearchStore.getState();
      if (!store.selected) store.select(results.querySelector('[data-key]')?.getAttribute('data-key') ?? null);
      results.focus();
    }
  };

  const status = error ?? statusText({ searching, files, matches, done });
  return (
    <div className="search-view" data-testid="search-view" onKeyDown={onKeyDown}>
      <div className="search-form">
        <div className="search-query">
          <input
            ref={queryRef}
            type="text"
            value={form.query}
            placeholder="Search"
            aria-label="Search"
            spellCheck={false}
            data-testid="search-query"
            onChange={(e) => setForm({ query: e.target.value })}
            onKeyDown={onQueryKey}
          />
          <div className="search-toggles">
            {SEARCH_TOGGLES.map((t) => (
              <button
                key={t.field}
                type="button"
                className={`search-toggle${form[t.field] ? ' on' : ''}`}
                title={t.title}
                aria-label={t.title.replace(/ \(.*\)$/, '')}
                aria-pressed={form[t.field]}
                data-testid={t.testId}
                onClick={() => setForm({ [t.field]: !form[t.field] } as Partial<SearchForm>)}
              >
                {t.label}
              </button>
            ))}
          </div>
        </div>
        <label className="search-field">
          <span>files to include</span>
          <input
            type="text"
            value={form.include}
            placeholder="e.g. *.ts, src/**/include"
            spellCheck={false}
            data-testid="search-include"
            onChange={(e) => setForm({ include: e.target.value })}
            onKeyDown={onQueryKey}
          />
        </label>
        <label className="search-field">
          <span>files to exclude</span>
          <input
            type="text"
            value={form.exclude}
            placeholder="e.g. *.test.ts, dist"
            spellCheck={false}
            data-testid="search-exclude"
            onChange={(e) => setForm({ exclude: e.target.value })}
            onKeyDown={onQueryKey}
          />
        </label>
      </div>
      <div className="search-status-bar">
        <div className={`search-status${error ? ' error-text' : ''}${done?.truncated ? ' search-truncated' : ''}`} role="status" aria-live="polite" data-testid="search-status">
          {status}
        </div>
        {files > 0 && (
          <button
            type="button"
            className="search-collapse"
            title={anyExpanded ? 'Collapse all' : 'Expand all'}
            aria-label={anyExpanded ? 'Collapse all' : 'Expand all'}
            data-testid="search-collapse-all"
            onClick={() => useSearchStore.getState().setAllCollapsed(anyExpanded)}
          >
            {anyExpanded ? '⊟' : '⊞'}
          </button>
        )}
      </div>
      <SearchResults />
    </div>
  );
}
