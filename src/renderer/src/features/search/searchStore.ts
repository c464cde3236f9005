import { create } from 'zustand';
import type { EventData, SearchDone, SearchFileMatches } from '../../../../shared/contract';
import { mergeFiles } from './searchRows';

/**
 * The Search view's state (outlives the view: switching views keeps the query and the results). The form as
 * typed; the search under way or last finished, fed by `search.onResults` (SearchFeed.tsx) — batches of other
 * searches are ignored, except that batches that arrive before `start` names their search are kept a moment (the
 * last `EARLY_KEPT`) and taken then; which files are collapsed and which row is selected; a focus request
 * (Ctrl+Shift+F) the view answers by focusing its query box.
 */

export interface SearchForm {
  query: string;
  regex: boolean;
  caseSensitive: boolean;
  wholeWord: boolean;
  include: string;
  exclude: string;
}

export const emptyForm: SearchForm = { query: '', regex: false, caseSensitive: false, wholeWord: false, include: '', exclude: '' };

/** The form as one string (what a search ran for). */
export const searchKey = (form: SearchForm) => JSON.stringify([form.query, form.regex, form.caseSensitive, form.wholeWord, form.include, form.exclude]);
const EARLY_KEPT = 50;

interface SearchState {
  form: SearchForm;
  /** The search the results belong to (null: none yet, or one asked for and not answered). */
  searchId: string | null;
  searching: boolean;
  /** Why the last search could not start (an invalid regular expression or glob). */
  error: string | null;
  files: SearchFileMatches[];
  matches: number;
  done: SearchDone | null;
  collapsed: ReadonlySet<string>;
  selected: string | null;
  focusRequest: number;
  /** The form (as searchKey writes it) of the last search asked for: the view does not run it again when it remounts. */
  ranFor: string | null;
  early: EventData<'search.onResults'>[];
  setForm(patch: Partial<SearchForm>): void;
  /** A search was asked for (`key`: its form): the previous results go. */
  pending(key: string): void;
  /** The core answered its id. */
  start(searchId: string): void;
  fail(message: string): void;
  clear(): void;
  receive(batch: EventData<'search.onResults'>): void;
  toggleCollapsed(path: string): void;
  setAllCollapsed(collapsed: boolean): void;
  select(key: string | null): void;
  requestFocus(): void;
}

const noResults = { files: [], matches: 0, done: null, collapsed: new Set<string>(), selected: null, error: null };

export const useSearchStore = create<SearchState>((set, get) => ({
  form: emptyForm,
  searchId: null,
  searching: false,
  ...noResults,
  focusRequest: 0,
  ranFor: null,
  early: [],
  setForm: (patch) => set((s) => ({ form: { ...s.form, ...patch } })),
  pending: (ranFor) => set({ ...noResults, searchId: null, searching: true, ranFor, early: [] }),
  start: (searchId) => {
    const early = get().early.filter((b) => b.searchId === searchId);
    set({ searchId, early: [] });
    for (const batch of early) get().receive(batch);
  },
  fail: (message) => set({ ...noResults, searchId: null, searching: false, error: message }),
  clear: () => set({ ...noResults, searchId: null, searching: false, ranFor: null }),
  receive: (batch) => {
    const s = get();
    if (batch.searchId !== s.searchId) {
      if (s.searching && s.searchId === null) set({ early: [...s.early, batch].slice(-EARLY_KEPT) });
      return;
    }
    const files = mergeFiles(s.files, batch.files);
    const matches = s.matches + batch.files.reduce((n, f) => n + f.matches.length, 0);
    set({ files, matches, ...(batch.done ? { done: batch.done, searching: false } : {}) });
  },
  toggleCollapsed: (path) =>
    set((s) => {
      const collapsed = new Set(s.collapsed);
      if (!collapsed.delete(path)) collapsed.add(path);
      return { collapsed };
    }),
  setAllCollapsed: (collapsed) => set((s) => ({ collapsed: collapsed ? new Set(s.files.map((f) => f.path)) : new Set() })),
  select: (selected) => set({ selected }),
  requestFocus: () => set((s) => ({ focusRequest: s.focusRequest + 1 })),
}));
