import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import type { EventData, EventName } from '../../../shared/contract';
import type { AkiraClient } from './client';

const ClientContext = createContext<AkiraClient | null>(null);

export function ClientProvider({ client, children }: { client: AkiraClient; children: ReactNode }) {
  return <ClientContext.Provider value={client}>{children}</ClientContext.Provider>;
}

export function useClient(): AkiraClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useClient outside ClientProvider');
  return client;
}

/** Subscribes to one event for the component's lifetime; the latest callback is always used. */
export function useEvent<N extends EventName>(name: N, listener: (data: EventData<N>) => void): void {
  const client = useClient();
  const ref = useRef(listener);
  ref.current = listener;
  useEffect(() => client.subscribe(name, (data) => ref.current(data)), [client, name]);
}
