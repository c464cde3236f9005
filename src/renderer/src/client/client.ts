import type {
  CommandInput,
  CommandName,
  CommandResult,
  ContractError,
  ErrorDetails,
  EventData,
  EventName,
  ErrorWords,
} from '../../../shared/contract';
import { errorText, isErrorWords } from '../../../shared/errors';
import type { Language } from '../../../shared/i18n';
import type { ConnectionState, Transport } from './transport';

/**
 * A command's error as the UI throws it. Its message is for people, in the UI's language: the answer's words in
 * the shared error catalogs when this build knows them, else the answer's (English) `message`. `code` is the
 * answer's, untouched.
 */
export class ClientError extends Error implements ContractError {
  constructor(
    readonly code: ContractError['code'],
    message: string,
    /** E.g. the invalid fields of a bad_request (`details.fields`). */
    readonly details?: ErrorDetails,
    /** The message's key and values in the shared error catalogs (src/shared/errors), when the core gave them. */
    readonly words?: ErrorWords,
  ) {
    super(message);
    this.name = 'ClientError';
  }
}

/**
 * The ClientError an error answer stands for, its message said in `language`; so are the messages of its invalid
 * fields (`details.fields[].message`, which the forms show next to each field) that have words.
 */
export function clientError(error: ContractError, language: Language): ClientError {
  const words = isErrorWords(error.words) ? error.words : undefined;
  const fields = error.details?.fields;
  const details = fields?.some((f) => f.words) ? { ...error.details, fields: fields.map((f) => (f.words ? { ...f, message: errorText(f, language) } : f)) } : error.details;
  return new ClientError(error.code, errorText(error, language), details, words);
}

export interface ClientOptions {
  /** The language errors are said in, asked at each error (the UI's, from its prefs store); English when absent. */
  language?: () => Language;
}

/** The renderer's typed view of the contract; a renamed command fails to compile. */
export interface AkiraClient {
  invoke<N extends CommandName>(name: N, ...input: {} extends CommandInput<N> ? [CommandInput<N>?] : [CommandInput<N>]): Promise<CommandResult<N>>;
  subscribe<N extends EventName>(name: N, listener: (data: EventData<N>) => void): () => void;
  state(): ConnectionState;
  onState(listener: (state: ConnectionState) => void): () => void;
}

export function createClient(transport: Transport, options: ClientOptions = {}): AkiraClient {
  const byName = new Map<string, Set<(data: unknown) => void>>();
  transport.subscribe((envelope) => {
    byName.get(envelope.event)?.forEach((l) => l(envelope.data));
  });
  return {
    async invoke(name, ...input) {
      const answer = await transport.invoke(name, input[0] ?? {});
      if ('error' in answer) throw clientError(answer.error, options.language?.() ?? 'en');
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
