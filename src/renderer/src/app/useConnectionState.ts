import { useSyncExternalStore } from 'react';
import { useClient } from '../client/ClientContext';

export function useConnectionState() {
  const client = useClient();
  return useSyncExternalStore(client.onState, client.state);
}
