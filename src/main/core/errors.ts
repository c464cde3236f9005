import type { ContractError, ErrorCode, ErrorDetails } from '../../shared/contract';

/** An error meant for the caller: its code and message travel unchanged to every face. */
export class AkiraError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Travels with the error (e.g. the invalid fields of a bad_request). */
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.name = 'AkiraError';
  }
}

/** File-system errors callers can act on: their code and what to say. */
const errnoCodes: Record<string, [ErrorCode, string]> = {
  ENOENT: ['not_found', 'No such file or folder'],
  ENOTDIR: ['bad_request', 'Not a folder'],
  EISDIR: ['bad_request', 'Is a folder, not a file'],
  EACCES: ['forbidden', 'Permission denied'],
  EPERM: ['forbidden', 'Operation not permitted'],
  EEXIST: ['conflict', 'Already exists'],
  ENAMETOOLONG: ['bad_request', 'File name too long'],
  ELOOP: ['bad_request', 'Too many levels of symbolic links'],
};

/** A path for a message: only its last name (shortened), never the server's absolute path. */
function pathForMessage(path: string): string {
  const name = path.split(/[\\/]/).filter(Boolean).at(-1) ?? '';
  return name.length > 80 ? `${name.slice(0, 80)}…` : name;
}

/**
 * Turns anything thrown into a `{code, message}` without a stack trace. A Node file-system error (a
 * `code` like ENOENT, and a `path`) is answered by its code and the last name of its path only: its
 * own message holds absolute server paths.
 */
export function toContractError(err: unknown): ContractError {
  if (err instanceof AkiraError) return err.details ? { code: err.code, message: err.message, details: err.details } : { code: err.code, message: err.message };
  const e = err as NodeJS.ErrnoException | undefined;
  const errno = e?.code;
  if (typeof errno === 'string' && /^E[A-Z0-9]+$/.test(errno) && (typeof e?.path === 'string' || errnoCodes[errno])) {
    const name = typeof e?.path === 'string' ? pathForMessage(e.path) : '';
    const what = name ? ` (${name})` : '';
    const known = errnoCodes[errno];
    if (known) return { code: known[0], message: `${known[1]}${what}` };
    return { code: 'internal', message: `${errno}${e?.syscall ? ` in ${e.syscall}` : ''}${what}` };
  }
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'internal', message: message || 'Internal error' };
}
