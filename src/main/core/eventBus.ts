import type { EventData, EventEnvelope, EventName } from '../../shared/contract';

export type Emit = <N extends EventName>(name: N, data: EventData<N>) => void;
export type EventListener = (envelope: EventEnvelope) => void;

export interface EventBus {
  emit: Emit;
  /** Every event, in order, with its sequence number. */
  subscribe(listener: EventListener): () => void;
  /** One event's payloads. */
  on<N extends EventName>(name: N, listener: (data: EventData<N>) => void): () => void;
}

export function createEventBus(): EventBus {
  const listeners = new Set<EventListener>();
  let seq = 0;
  return {
    emit(name, data) {
      const envelope = { event: name, seq: ++seq, data } as EventEnvelope;
      for (const listener of listeners) {
        try {
          listener(envelope);
        } catch (err) {
          console.error(`akira: listener of ${name} failed:`, err);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    on(name, listener) {
      const wrapped: EventListener = (env) => {
        if (env.event === name) listener(env.data as never);
      };
      listeners.add(wrapped);
      return () => listeners.delete(wrapped);
    },
  };
}
