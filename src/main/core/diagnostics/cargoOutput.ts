import { dirname, isAbsolute } from 'node:path';
import { clipCode, clipMessage, lines, position, type CheckerOutput, type ParsedDiagnostic } from './parsedDiagnostic';

/**
 * `cargo check --message-format json` output: one JSON object a line (other lines, such as a build
 * script's own output, are skipped). Only `reason: "compiler-message"` lines are diagnostics:
 * `message.level` (error, warning, note/help → info; `failure-note` and "aborting due to …" are left
 * out), `message.message`, `message.code.code`, and the primary span's `file_name`, `line_start`,
 * `column_start` — for a span inside a macro, the first span along `expansion.span` that is a file of
 * the project (relative) is used. `file_name` is relative to the cargo workspace's root, which is the
 * folder cargo ran in or one of the manifest's parent folders (`bases`).
 */

interface Span {
  file_name?: string;
  line_start?: number;
  column_start?: number;
  is_primary?: boolean;
  expansion?: { span?: Span | null } | null;
}

interface CompilerMessage {
  reason?: string;
  manifest_path?: string;
  message?: { level?: string; message?: string; code?: { code?: string } | null; spans?: Span[] };
}

const isProjectFile = (name: string | undefined) => !!name && !isAbsolute(name) && !name.startsWith('<');

function locationOf(spans: Span[]): Span | null {
  const primary = spans.find((s) => s.is_primary) ?? spans[0];
  if (!primary) return null;
  for (let s: Span | null | undefined = primary, hops = 0; s && hops < 20; s = s.expansion?.span, hops++) {
    if (isProjectFile(s.file_name)) return s;
  }
  return primary;
}

function ancestors(dir: string): string[] {
  const out: string[] = [];
  for (let d = dir; ; d = dirname(d)) {
    out.push(d);
    if (dirname(d) === d) return out;
  }
}

export function parseCargoOutput(output: CheckerOutput): ParsedDiagnostic[] {
  const found: ParsedDiagnostic[] = [];
  for (const line of lines(output.stdout)) {
    if (!line.startsWith('{')) continue;
    let entry: CompilerMessage;
    try {
      entry = JSON.parse(line) as CompilerMessage;
    } catch {
      continue;
    }
    if (entry?.reason !== 'compiler-message' || !entry.message) continue;
    const { level = 'error', message = '', code, spans = [] } = entry.message;
    if (level === 'failure-note' || /^aborting due to /.test(message)) continue;
    const at = locationOf(Array.isArray(spans) ? spans : []);
    found.push({
      file: at?.file_name ?? '',
      line: position(at?.line_start),
      column: position(at?.column_start),
      severity: level.startsWith('error') ? 'error' : level === 'warning' ? 'warning' : 'info',
      message: clipMessage(message),
      code: clipCode(code?.code),
      bases: typeof entry.manifest_path === 'string' && isAbsolute(entry.manifest_path) ? ancestors(dirname(entry.manifest_path)) : undefined,
    });
  }
  return found;
}
