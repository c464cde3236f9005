import type { ErrorCode } from '../../../../shared/contract';
import { AkiraError, toContractError } from '../../errors';

/**
 * A tool call that failed in a way the model can act on: a message and a suggested next step. The
 * orchestrator sends `formatToolError(err)` back to the model as the tool's result, marked as an error.
 * It is an AkiraError, so a face that calls a tool directly answers `{code, message}` as usual.
 */
export class ToolError extends AkiraError {
  constructor(
    code: ErrorCode,
    message: string,
    /** What the model could do next, e.g. "Use list_files to see what exists." */
    readonly hint?: string,
  ) {
    super(code, message);
    this.name = 'ToolError';
  }
}

export const hints = {
  notFound: 'Use list_files (or search_files) to see what exists.',
  outside: 'Use a path inside the workspace, relative to its root (for example "src/index.ts").',
} as const;

/** Anything thrown, as a ToolError (path errors get the usual hints). */
export function toToolError(err: unknown): ToolError {
  if (err instanceof ToolError) return err;
  if ((err as Error | undefined)?.name === 'AbortError') {
    return new ToolError('unavailable', 'The tool call was cancelled.', 'Continue with the task, or stop if the user asked you to.');
  }
  const { code, message } = toContractError(err);
  const hint = code === 'not_found' ? hints.notFound : code === 'forbidden' ? hints.outside : undefined;
  return new ToolError(code, message, hint);
}

/** The text the model reads for a failed call. */
export function formatToolError(err: unknown): string {
  const e = toToolError(err);
  return e.hint ? `Error: ${e.message}\nNext step: ${e.hint}` : `Error: ${e.message}`;
}
