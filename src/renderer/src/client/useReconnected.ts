import { useEffect, useRef } from 'react';
import { useClient } from './ClientContext';

/**
 * Runs `onReconnected` when the connection comes back after a drop: events were missed meanwhile, so
 * whoever shows core state reloads it then.
 */
export function useReconnected(onReconnected: () => void): void {
  const client = useClient();
  const latest = useRef(onReconnected);
  latest.current = onReconnected;
  useEffect(() => {
    let wasDown = false;
    return client.onState((state) => {
      if (state === 'disconnected') wasDown = true;
      if (state === 'connected' && wasDown) {
        wasDown = false;
        latest.current();
      }
    });
  }, [client]);
}
