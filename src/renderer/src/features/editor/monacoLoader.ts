import { useEffect, useState } from 'react';
import type { MonacoApi } from './monacoBundle';

export type { MonacoApi };

let loading: Promise<MonacoApi> | null = null;

/**
 * Loads Monaco (bundled with the app, never from a CDN) on first use. The dynamic import keeps it
 * out of the initial renderer bundle; later calls share the same promise. A failed load may be retried.
 */
export function loadMonaco(): Promise<MonacoApi> {
  loading ??= import('./monacoBundle').then(
    (bundle) => bundle.setupMonaco(),
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** Monaco once loaded (null until then), or the reason it could not be loaded. */
export function useMonaco(): { monaco: MonacoApi | null; error: Error | null } {
  const [state, setState] = useState<{ monaco: MonacoApi | null; error: Error | null }>({ monaco: null, error: null });
  useEffect(() => {
    let live = true;
    loadMonaco().then(
      (monaco) => live && setState({ monaco, error: null }),
      (err: unknown) => live && setState({ monaco: null, error: err instanceof Error ? err : new Error(String(err)) }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
