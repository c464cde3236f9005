import type { ErrorCode } from '../../../../shared/contract';
import { toolErrors, type Words } from '../../../../shared/errors';
import { AkiraError, toContractError } from '../../errors';

/**
 * A tool call that failed in a way the model can act on: a message and a suggested next step. The
 * orchestrator sends `formatToolError(err)` back to the model as the tool's result, marked as an error, and logs the
 * error's words beside it for the tool card (issue 14). It is an AkiraError, so a face that calls a tool directly
 * answers `{code, message}` as usual.
 */
export class ToolError extends AkiraError {
  constructor(
    code: ErrorCode,
    /** Words of the shared catalogs (`toolErrors.noSuchFile(path, '')`) when a person may read it; else English. */
    message: string | Words,
    /** What the model could do next, e.g. "Use list_files to see what exists." */
    readonly hint?: string,
    /** More for the model after the message (the most similar lines of a file, zod's list of problems); the words leave it out. */
    detail?: string,
  ) {
    super(code, message);
    this.name = 'ToolError';
    if (detail) this.message = `${this.message}\n${detail}`;
  }
}

export const hints = {
  notFound: 'Use list_files (or search_files) to see what exists.',
  outside: 'Use a path inside the workspace, relative to its root (for example "src/index.ts").',
} as const;

/** An AkiraError's message as a ToolError takes it: its words with its English, so the tool card can say them. */
export function messageOf(err: AkiraError): string | Words {
  return err.words ? { ...err.words, en: err.message } : err.message;
}

/** Anything thrown, as a ToolError (path errors get the usual hints; file-system errors keep their words). */
export function toToolError(err: unknown): ToolError {
  if (err instanceof ToolError) return err;
  if ((err as Error | undefined)?.name === 'AbortError') {
    return new ToolError('unavailable', toolErrors.cancelled, 'Continue with the task, or stop if the user asked you to.');
  }
  const { code, message, words } = toContractError(err);
  const hint = code === 'not_found' ? hints.notFound : code === 'forbidden' ? hints.outside : undefined;
  return new ToolError(code, words ? { ...words, en: message } : message, hint);
}

/** The text the model reads for a failed call. */
export function formatToolError(err: unknown): string {
  const e = toToolError(err);
  return e.hint ? `Error: ${e.message}\nNext step: ${e.hint}` : `Error: ${e.message}`;
}
