import type { ContractError } from '../../shared/contract';
import { errorText } from '../../shared/errors';
import type { CliIo } from './io';

/**
 * A contract error as the CLI prints it for people (issue 14): its words in the CLI's language when the shared error
 * catalogs know them, else its (English) message. `--json` prints the error itself, words included.
 */
export function cliErrorText(io: Pick<CliIo, 'language'>, error: Pick<ContractError, 'message'> & { words?: unknown }): string {
  return errorText(error, io.language ?? 'en');
}

/** Anything thrown, for people: an AkiraError in the CLI's language, other errors by their message. */
export function cliThrownText(io: Pick<CliIo, 'language'>, err: unknown): string {
  const thrown = err as { message?: unknown; words?: unknown } | null | undefined;
  if (typeof thrown?.message !== 'string') return String(err);
  return cliErrorText(io, { message: thrown.message, words: thrown.words });
}
