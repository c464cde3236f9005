import type { Diagnostic } from '../../../shared/context/contextShapes';

/**
 * What an output parser answers: a diagnostic as the checker printed it, before the service makes its path
 * workspace-relative and names its source. `file` is as printed (relative to the checker's working folder,
 * or absolute; '' for a problem of the whole project); `bases` are folders to resolve a relative `file`
 * against instead (the first where it exists wins; cargo's paths are relative to its workspace root).
 */
export interface ParsedDiagnostic extends Omit<Diagnostic, 'source'> {
  bases?: string[];
}

/** A checker's captured output. */
export interface CheckerOutput {
  stdout: string;
  stderr: string;
}

/** Parses one format; `null` when the output is not that format at all (e.g. a crash instead of JSON). */
export type OutputParser = (output: CheckerOutput) => ParsedDiagnostic[] | null;

/** Longest message kept (the contract allows 20,000 characters). */
export const MAX_MESSAGE = 8000;

export function clipMessage(message: string): string {
  const text = message.replace(/\s+$/, '');
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE - 1)}…` : text;
}

export function clipCode(code: unknown): string | null {
  if (code === null || code === undefined || code === '') return null;
  const text = String(code);
  return text.length > 200 ? text.slice(0, 200) : text;
}

/** A non-negative integer from a checker's number (1-based lines and columns; 0 when unknown). */
export function position(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** The JSON value of a checker's stdout: the whole text, or from the first line that opens an array/object (tools print warnings first). */
export function parseJsonOutput(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    const start = trimmed.search(/^[[{]/m);
    if (start <= 0) return undefined;
    try {
      return JSON.parse(trimmed.slice(start));
    } catch {
      return undefined;
    }
  }
}

export const lines = (text: string): string[] => text.split(/\r?\n/);
