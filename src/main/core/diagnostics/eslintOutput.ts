import { clipCode, clipMessage, parseJsonOutput, position, type CheckerOutput, type ParsedDiagnostic } from './parsedDiagnostic';

/**
 * `eslint -f json` output: one array of files, `{filePath (absolute), messages: [{ruleId, severity
 * (2 error, 1 warning), message, line, column, fatal?}]}`. ESLint exits 1 when it found errors: that is
 * a normal run; a crash or a bad configuration prints no JSON (→ null).
 */

interface EslintMessage {
  ruleId?: string | null;
  severity?: number;
  message?: string;
  line?: number;
  column?: number;
}

export function parseEslintOutput(output: CheckerOutput): ParsedDiagnostic[] | null {
  const json = parseJsonOutput(output.stdout);
  if (!Array.isArray(json)) return null;
  const found: ParsedDiagnostic[] = [];
  for (const result of json as { filePath?: unknown; messages?: unknown }[]) {
    if (typeof result?.filePath !== 'string' || !Array.isArray(result.messages)) return null;
    for (const m of result.messages as EslintMessage[]) {
      found.push({
        file: result.filePath,
        line: position(m.line),
        column: position(m.column),
        severity: m.severity === 2 ? 'error' : m.severity === 1 ? 'warning' : 'info',
        message: clipMessage(String(m.message ?? '')),
        code: clipCode(m.ruleId),
      });
    }
  }
  return found;
}
