import type { ContractError, EventEnvelope } from '../../../shared/contract';

export type Answer = { result: unknown } | { error: ContractError };
export type ConnectionState = 'connecting' | 'connected' | 'disconnected';

/** How the renderer reaches the core: the preload bridge (desktop) or a WebSocket (browser). */
export interface Transport {
  invoke(name: string, input: unknown): Promise<Answer>;
  subscribe(listener: (envelope: EventEnvelope) => void): () => void;
  onState(listener: (state: ConnectionState) => void): () => void;
  state(): ConnectionState;
  close(): void;
}

/** What the preload exposes on `window.akira` (desktop). */
export interface PreloadBridge {
  invoke(name: string, input: unknown): Promise<Answer>;
  subscribe(name: string, listener: (envelope: EventEnvelope) => void): () => void;
  eventNames: readonly string[];
}

declare global {
  interface Window {
    akira?: PreloadBridge;
  }
}
