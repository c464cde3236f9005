import type { ContractError, ErrorCode, ErrorDetails, ErrorWords } from '../../shared/contract';
import { fileErrors } from '../../shared/errors';
import { plainWords, type Words } from '../../shared/errors/errorWords';

/**
 * An error meant for the caller: its code and message travel unchanged to every face. Give the message as words of
 * the shared error catalogs (`new AkiraError('not_found', fileErrors.notFound(path))`, src/shared/errors) and it also
 * travels as `words`, which the UI and the CLI say in their language; `message` is the English text either way.
 */
export class AkiraError extends Error {
  /** The message's key and values in the shared error catalogs, when it was given as words. */
  readonly words?: ErrorWords;
  constructor(
    readonly code: ErrorCode,
    message: string | Words,
    /** Travels with the error (e.g. the invalid fields of a bad_request). */
    readonly details?: ErrorDetails,
  ) {
    super(typeof message === 'string' ? message : message.en);
    this.name = 'AkiraError';
    if (typeof message !== 'string') this.words = plainWords(message);
  }
}

/** File-system errors callers can act on: their code and what to say (in words of the file catalog). */
const errnoCodes: Record<string, [ErrorCode, (name: string) => Words]> = {
  ENOENT: ['not_found', fileErrors.errnoNotFound],
  ENOTDIR: ['bad_request', fileErrors.errnoNotFolder],
  EISDIR: ['bad_request', fileErrors.errnoIsFolder],
  EACCES: ['forbidden', fileErrors.errnoPermission],
  EPERM: ['forbidden', fileErrors.errnoNotPermitted],
  EEXIST: ['conflict', fileErrors.errnoExists],
  ENAMETOOLONG: ['bad_request', fileErrors.errnoNameTooLong],
  ELOOP: ['bad_request', fileErrors.errnoLinkLoop],
};

/** A path for a message: only its last name (shortened), never the server's absolute path. */
function pathForMessage(path: string): string {
  const name = path.split(/[\\/]/).filter(Boolean).at(-1) ?? '';
  return name.length > 80 ? `${name.slice(0, 80)}…` : name;
}

/** `{code, message}` with the words, when there are any. */
function answer(code: ErrorCode, words: Words, details?: ErrorDetails): ContractError {
  return details ? { code, message: words.en, details, words: plainWords(words) } : { code, message: words.en, words: plainWords(words) };
}

/**
 * Turns anything thrown into a `{code, message}` (with `details` and `words` when it has them) without a stack
 * trace. A Node file-system error (a `code` like ENOENT, and a `path`) is answered by its code and the last name of
 * its path only: its own message holds absolute server paths.
 */
export function toContractError(err: unknown): ContractError {
  if (err instanceof AkiraError) {
    const out: ContractError = { code: err.code, message: err.message };
    if (err.details) out.details = err.details;
    if (err.words) out.words = plainWords(err.words);
    return out;
  }
  const e = err as NodeJS.ErrnoException | undefined;
  const errno = e?.code;
  if (typeof errno === 'string' && /^E[A-Z0-9]+$/.test(errno) && (typeof e?.path === 'string' || errnoCodes[errno])) {
    const name = typeof e?.path === 'string' ? pathForMessage(e.path) : '';
    const known = errnoCodes[errno];
    if (known) return answer(known[0], known[1](name));
    return answer('internal', fileErrors.errnoOther(errno, e?.syscall ?? '', name));
  }
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'internal', message: message || 'Internal error' };
}
