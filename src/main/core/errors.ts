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

const nodeCodes: Record<string, ErrorCode> = {
  ENOENT: 'not_found',
  ENOTDIR: 'bad_request',
  EISDIR: 'bad_request',
  EACCES: 'forbidden',
  EPERM: 'forbidden',
  EEXIST: 'conflict',
};

/** Turns anything thrown into a `{code, message}` without a stack trace. */
export function toContractError(err: unknown): ContractError {
  if (err instanceof AkiraError) return err.details ? { code: err.code, message: err.message, details: err.details } : { code: err.code, message: err.message };
  const errno = (err as NodeJS.ErrnoException | undefined)?.code;
  if (errno && nodeCodes[errno]) {
    const syscallPath = (err as NodeJS.ErrnoException).path;
    const what = syscallPath ? ` (${syscallPath})` : '';
    const text: Record<string, string> = {
      ENOENT: 'No such file or folder',
      ENOTDIR: 'Not a folder',
      EISDIR: 'Is a folder, not a file',
      EACCES: 'Permission denied',
      EPERM: 'Operation not permitted',
      EEXIST: 'Already exists',
    };
    return { code: nodeCodes[errno], message: `${text[errno]}${what}` };
  }
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'internal', message: message || 'Internal error' };
}
