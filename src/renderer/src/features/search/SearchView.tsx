import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { textOf, useText } from '../../i18n';
import { SearchResults } from './SearchResults';
import { searchStrings } from './searchStrings';
import { statusText } from './searchRows';
import { useSearchStore, type SearchForm } from './searchStore';
import { useSearchRunner } from './useSearchRunner';
import './search.css';

type Toggle = 'caseSensitive' | 'wholeWord' | 'regex';
/** The whole-word toggle's glyph (VS Code's): letters as a picture, the same in every language. */
const WHOLE_WORD_GLYPH = 'ab';
/**
 * The query's toggles and their Alt+ keys (the Keyboard Shortcuts page lists them: features/palette/appActions.ts).
 * `title` is read in the UI's language of the moment it is read (a getter over searchStrings).
 */
export const SEARCH_TOGGLES: { field: Toggle; label: ReactNode; readonly title: string; key: string; testId: string }[] = [
  {
    field: 'caseSensitive',
    label: 'Aa',
    get title() {
      return textOf(searchStrings).matchCase;
    },
    key: 'c',
    testId: 'search-case',
  },
  {
    field: 'wholeWord',
    label: <u>{WHOLE_WORD_GLYPH}</u>,
    get title() {
      return textOf(searchStrings).wholeWord;
    },
    key: 'w',
    testId: 'search-word',
  },
  {
    field: 'regex',
    label: '.*',
    get title() {
      return textOf(searchStrings).regex;
    },
    key: 'r',
    testId: 'search-regex',
  },
];

/**
 * The Search view (Ctrl+Shift+F): the query with its toggles (case, whole word, regular expression; Alt+C/W/R), the
 * files to include and to exclude (comma-separated globs), the status line, and the results streaming in grouped by
 * file (SearchResults). A new query cancels the search before it (useSearchRunner). ↓ in the query box goes to the
 * results; Enter searches again at once.
 */
export function SearchView() {
  const t = useText(searchStrings);
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
            placeholder={t.search}
            aria-label={t.search}
            spellCheck={false}
            data-testid="search-query"
            onChange={(e) => setForm({ query: e.target.value })}
            onKeyDown={onQueryKey}
          />
          <div className="search-toggles">
            {SEARCH_TOGGLES.map((toggle) => (
              <button
                key={toggle.field}
                type="button"
                className={`search-toggle${form[toggle.field] ? ' on' : ''}`}
                title={toggle.title}
                aria-label={toggle.title.replace(/ \(.*\)$/, '')}
                aria-pressed={form[toggle.field]}
                data-testid={toggle.testId}
                onClick={() => setForm({ [toggle.field]: !form[toggle.field] } as Partial<SearchForm>)}
              >
                {toggle.label}
              </button>
            ))}
          </div>
        </div>
        <label className="search-field">
          <span>{t.filesToInclude}</span>
          <input
            type="text"
            value={form.include}
            placeholder={t.includePlaceholder}
            spellCheck={false}
            data-testid="search-include"
            onChange={(e) => setForm({ include: e.target.value })}
            onKeyDown={onQueryKey}
          />
        </label>
        <label className="search-field">
          <span>{t.filesToExclude}</span>
          <input
            type="text"
            value={form.exclude}
            placeholder={t.excludePlaceholder}
            spellCheck={false}
            data-testid="search-exclude"
            onChange={(e) => setForm({ exclude: e.target.value })}
            onKeyDown={onQueryKey}
          />
        </label>
      </div>
      <div className="search-status-bar">
        <div className={`search-status${error || done?.error ? ' error-text' : ''}${done?.truncated ? ' search-truncated' : ''}`} role="status" aria-live="polite" data-testid="search-status">
          {status}
        </div>
        {files > 0 && (
          <button
            type="button"
            className="search-collapse"
            title={anyExpanded ? t.collapseAll : t.expandAll}
            aria-label={anyExpanded ? t.collapseAll : t.expandAll}
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
