import { clipMessage, lines, position, type CheckerOutput, type ParsedDiagnostic } from './parsedDiagnostic';

/**
 * The `path:line:col: message` lines most compilers and linters print (gcc, clang, go vet, mypy with
 * --show-column-numbers, pylint's parseable format, shellcheck -f gcc…), from stdout and stderr:
 *
 *   ./main.go:7:2: fmt.Printf format %d has arg s of wrong type string
 *   vet: ./bad.go:4:2: declared and not used: x                 ← go vet's type errors ("vet: " dropped)
 *   src/app.py:12:5: error: Incompatible types in assignment  [assignment]
 *   a.c:3: warning: implicit declaration of function 'f' [-Wimplicit-function-declaration]
 *
 * The column is optional. A word `error:`, `warning:`, `note:`/`info:`/`remark:` after the location sets
 * the severity (a line without one is an error); a trailing `[code]` becomes the code. Lines starting
 * with `#` (go's package headers) and indented lines (source excerpts, carets) are ignored.
 */

const LOCATED = /^(.+?):(\d+)(?::(\d+))?:\s+(?:(fatal error|error|warning|note|info|remark)\s*:\s*)?(.*)$/i;
const TRAILING_CODE = /\s+\[(-?[A-Za-z0-9][\w.:=+/-]*)\]$/;

export function parseGccOutput(output: CheckerOutput): ParsedDiagnostic[] {
  const found: ParsedDiagnostic[] = [];
  for (const raw of [...lines(output.stdout), ...lines(output.stderr)]) {
    if (!raw.trim() || raw.startsWith('#') || /^\s/.test(raw)) continue;
    const line = raw.replace(/^vet: /, '');
    const m = LOCATED.exec(line);
    if (!m) continue;
    const [, file, row, col, word, rest] = m;
    if (/^In file included from /.test(file) || !rest.trim()) continue;
    const kind = word?.toLowerCase();
    const code = TRAILING_CODE.exec(rest);
    found.push({
      file,
      line: position(row),
      column: position(col),
      severity: kind === 'warning' ? 'warning' : kind === 'note' || kind === 'info' || kind === 'remark' ? 'info' : 'error',
      message: clipMessage(code ? rest.slice(0, code.index) : rest),
      code: code ? code[1] : null,
    });
  }
  return found;
}
