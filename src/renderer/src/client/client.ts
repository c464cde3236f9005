import type {
  CommandInput,
  CommandName,
  CommandResult,
  ContractError,
  ErrorDetails,
  EventData,
  EventName,
} from '../../../shared/contract';
import type { ConnectionState, Transport } from './transport';

export class ClientError extends Error implements ContractError {
  constructor(
    readonly code: ContractError['code'],
    message: string,
    /** E.g. the invalid fields of a bad_request (`details.fields`). */
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.name = 'ClientError';
  }
}

/** The renderer's typed view of the contract; a renamed command fails to compile. */
export interface AkiraClient {
  invoke<N extends CommandName>(name: N, ...input: {} extends CommandInput<N> ? [CommandInput<N>?] : [CommandInput<N>]): Promise<CommandResult<N>>;
  subscribe<N extends EventName>(name: N, listener: (data: EventData<N>) => void): () => void;
  state(): ConnectionState;
  onState(listener: (state: ConnectionState) => void): () => void;
}

export function createClient(transport: Transport): AkiraClient {
  const byName = new Map<string, Set<(data: unknown) => void>>();
  transport.subscribe((envelope) => {
    byName.get(envelope.event)?.forEach((l) => l(envelope.data));
  });
  return {
    async invoke(name, ...input) {
      const answer = await transport.invoke(name, input[0] ?? {});
      if ('error' in answer) throw new ClientError(answer.error.code, answer.error.message, answer.error.details);
      return answer.result as never;
    },
    subscribe(name, listener) {
      let set = byName.get(name);
      if (!set) byName.set(name, (set = new Set()));
      set.add(listener as (data: unknown) => void);
      return () => set.delete(listener as (data: unknown) => void);
    },
    state: () => transport.state(),
    onState: (l) => transport.onState(l),
  };
}
