import { clipMessage, lines, position, type CheckerOutput, type ParsedDiagnostic } from './parsedDiagnostic';

/**
 * `tsc --pretty false` output (the same for TypeScript 5 and the native TypeScript 7):
 *
 *   src/b.ts(3,6): error TS2345: Argument of type '…' is not assignable to parameter of type '…'.
 *     Types of parameters 'x' and 'x' are incompatible.        ← continuation: part of the message above
 *   error TS5083: Cannot read file '/x/tsconfig.base.json'.    ← no location: a problem of the project
 *
 * Paths are relative to tsc's working folder. Other lines ("Found 2 errors", a crash) are ignored; the
 * service counts a failing exit with no diagnostic as a failed run.
 */

const LOCATED = /^(.+?)\((\d+),(\d+)\): (error|warning|message) (TS\d+): ?(.*)$/;
const GLOBAL = /^(error|warning|message) (TS\d+): ?(.*)$/;

const severityOf = (word: string) => (word === 'error' ? 'error' : word === 'warning' ? 'warning' : 'info');

export function parseTscOutput(output: CheckerOutput): ParsedDiagnostic[] {
  const found: ParsedDiagnostic[] = [];
  let last: ParsedDiagnostic | null = null;
  for (const line of [...lines(output.stdout), ...lines(output.stderr)]) {
    if (!line.trim()) {
      last = null;
      continue;
    }
    const located = LOCATED.exec(line);
    if (located) {
      const [, file, row, col, word, code, message] = located;
      last = { file, line: position(row), column: position(col), severity: severityOf(word), message, code };
      found.push(last);
      continue;
    }
    const global = GLOBAL.exec(line);
    if (global) {
      const [, word, code, message] = global;
      last = { file: '', line: 0, column: 0, severity: severityOf(word), message, code };
      found.push(last);
      continue;
    }
    if (last && /^\s/.test(line)) {
      last.message += `\n${line.replace(/\s+$/, '')}`;
      continue;
    }
    last = null;
  }
  for (const d of found) d.message = clipMessage(d.message);
  return found;
}
