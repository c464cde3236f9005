import { clipCode, clipMessage, parseJsonOutput, position, type CheckerOutput, type ParsedDiagnostic } from './parsedDiagnostic';

/**
 * `ruff check --output-format json` output: one array of `{filename (absolute), code, message,
 * location: {row, column}}` (`code` is null for a syntax error in recent versions, E999 in older ones).
 * Ruff has no severities: syntax errors and the rules flake8 users treat as fatal (E9, F63, F7, F82:
 * syntax errors, undefined names, misused comparisons) are errors, every other rule a warning.
 */

const FATAL = /^(E9|F63|F7|F82)/;

interface RuffMessage {
  filename?: unknown;
  code?: string | null;
  message?: string;
  location?: { row?: number; column?: number } | null;
}

export function parseRuffOutput(output: CheckerOutput): ParsedDiagnostic[] | null {
  const json = parseJsonOutput(output.stdout);
  if (!Array.isArray(json)) return null;
  const found: ParsedDiagnostic[] = [];
  for (const m of json as RuffMessage[]) {
    if (typeof m?.filename !== 'string') return null;
    const code = typeof m.code === 'string' && m.code ? m.code : null;
    const message = String(m.message ?? '');
    const fatal = code === null || FATAL.test(code) || /^SyntaxError\b/.test(message);
    found.push({
      file: m.filename,
      line: position(m.location?.row),
      column: position(m.location?.column),
      severity: fatal ? 'error' : 'warning',
      message: clipMessage(message),
      code: clipCode(code),
    });
  }
  return found;
}
