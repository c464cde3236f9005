import { useCallback, useEffect, useRef, useState } from 'react';
import type { FolderListing } from '../../../../shared/contract';
import { useClient } from '../../client/ClientContext';

/**
 * The folder the Open Folder dialog shows (`folders.browse`): `go(path)` browses to another; a refusal (a folder
 * outside the allowed ones, a file, a missing folder) keeps the folder shown and says why in `error`. Only the
 * answer to the latest `go` is kept.
 */
export function useFolderBrowser() {
  const client = useClient();
  const [listing, setListing] = useState<FolderListing | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);

  const go = useCallback(
    async (path?: string) => {
      const ticket = ++latest.current;
      setLoading(true);
      try {
        const answer = await client.invoke('folders.browse', path === undefined ? {} : { path });
        if (ticket !== latest.current) return;
        setListing(answer);
        setError(null);
      } catch (err) {
        if (ticket === latest.current) setError((err as Error).message);
      } finally {
        if (ticket === latest.current) setLoading(false);
      }
    },
    [client],
  );

  useEffect(() => {
    void go();
  }, [go]);

  return { listing, error, loading, go, clearError: () => setError(null) };
}
