import { clipCode, clipMessage, parseJsonOutput, position, type CheckerOutput, type ParsedDiagnostic } from './parsedDiagnostic';

/**
 * The built-in Python check (pythonSyntaxScript.ts): one JSON list of the syntax errors it met,
 * `{file (relative to the workspace root), line, column, message, code}`. Every one is an error.
 */
export function parsePythonOutput(output: CheckerOutput): ParsedDiagnostic[] | null {
  const json = parseJsonOutput(output.stdout);
  if (!Array.isArray(json)) return null;
  const found: ParsedDiagnostic[] = [];
  for (const p of json as { file?: unknown; line?: unknown; column?: unknown; message?: unknown; code?: unknown }[]) {
    if (typeof p?.file !== 'string') return null;
    found.push({
      file: p.file,
      line: position(p.line),
      column: position(p.column),
      severity: 'error',
      message: clipMessage(String(p.message ?? 'syntax error')),
      code: clipCode(p.code),
    });
  }
  return found;
}
