import type { EventEnvelope } from '../../../shared/contract';
import type { PreloadBridge, Transport } from './transport';

/** Desktop transport: the preload bridge, always connected. */
export function createIpcTransport(bridge: PreloadBridge): Transport {
  return {
    invoke: (name, input) => bridge.invoke(name, input),
    subscribe(listener: (envelope: EventEnvelope) => void) {
      const offs = bridge.eventNames.map((name) => bridge.subscribe(name, listener));
      return () => offs.forEach((off) => off());
    },
    onState: () => () => undefined,
    state: () => 'connected',
    close: () => undefined,
  };
}
