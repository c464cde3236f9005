import { useCallback, useEffect } from 'react';
import { useClient } from '../../client/ClientContext';
import { useDebounced } from '../context/useDebounced';
import { searchKey, useSearchStore, type SearchForm } from './searchStore';

/** The wait after the last keystroke before a search starts. */
export const SEARCH_DEBOUNCE_MS = 200;

/**
 * Runs the Search view's form: once it has stayed the same for SEARCH_DEBOUNCE_MS (or at once with `runNow`, Enter),
 * cancels the search still running and starts the new one (`search.start` cancels nothing by itself). An empty query
 * clears the results; a form already run is not run again when the view remounts.
 */
export function useSearchRunner(): { runNow(): void } {
  const client = useClient();
  const form = useSearchStore((s) => s.form);
  const settled = useDebounced(searchKey(form), SEARCH_DEBOUNCE_MS);

  const run = useCallback(
    (next: SearchForm) => {
      const store = useSearchStore.getState();
      if (store.searching && store.searchId) void client.invoke('search.cancel', { searchId: store.searchId }).catch(() => undefined);
      if (!next.query) return store.clear();
      const key = searchKey(next);
      store.pending(key);
      client.invoke('search.start', next).then(
        ({ searchId }) => {
          // Another search was asked for meanwhile: this one is not wanted.
          if (useSearchStore.getState().ranFor !== key || useSearchStore.getState().searchId) {
            void client.invoke('search.cancel', { searchId }).catch(() => undefined);
            return;
          }
          useSearchStore.getState().start(searchId);
        },
        (err: Error) => {
          if (useSearchStore.getState().ranFor === key) useSearchStore.getState().fail(err.message);
        },
      );
    },
    [client],
  );

  useEffect(() => {
    const store = useSearchStore.getState();
    if (settled !== searchKey(store.form) || settled === store.ranFor) return;
    run(store.form);
  }, [settled, run]);

  return { runNow: useCallback(() => run(useSearchStore.getState().form), [run]) };
}
