import type { CheckerRun, Diagnostic, DiagnosticsReport } from '../../../shared/context/contextShapes';

/**
 * A diagnostics report as compact text for a model (the get_diagnostics tool, the @problems mention):
 *
 *   Checkers:
 *   - tsc: ran in 1.4 s, 2 problems (node_modules/.bin/tsc --noEmit -p tsconfig.json --pretty false)
 *   - eslint: skipped: disabled in .akira/settings.json (diagnostics.disabled)
 *
 *   Problems (2 errors):
 *   src/a.ts:1:14 error Type 'string' is not assignable to type 'number'. (tsc TS2322)
 *
 *   src/b.ts:4:3 error Argument of type … (tsc TS2345)
 *       Types of parameters 'x' and 'x' are incompatible.
 *
 * One status line per checker (ran / skipped / failed / timed out, and why), then the problems grouped by
 * file in the report's order (files with errors first; within a file errors first, then by line);
 * continuation lines of a message are indented. "No problems found by …" when the checkers that ran found
 * none; "No checker applies …" when there is none. Cut to `maxChars` (default 20,000), saying how many
 * problems were left out.
 */

export const DEFAULT_FORMAT_CHARS = 20_000;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const secondsText = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

function shortCommand(command: string): string {
  const first = command.split('\n')[0];
  const short = first.length > 100 ? `${first.slice(0, 100)}…` : first;
  return short === command ? short : short.endsWith('…') ? short : `${short}…`;
}

function statusLine(run: CheckerRun): string {
  const why = run.reason ? `: ${run.reason}` : '';
  switch (run.status) {
    case 'ok':
      return `- ${run.id}: ran in ${secondsText(run.durationMs)}, ${plural(run.count, 'problem')} (${shortCommand(run.command)})${why ? ` — ${run.reason}` : ''}`;
    case 'skipped':
      return `- ${run.id}: skipped${why}`;
    case 'timeout':
      return `- ${run.id}: timed out${why} (${shortCommand(run.command)})`;
    case 'failed':
      return `- ${run.id}: failed after ${secondsText(run.durationMs)}${why} (${shortCommand(run.command)})`;
  }
}

function diagnosticText(d: Diagnostic): string {
  const [first, ...rest] = d.message.split('\n');
  const where = d.file ? `${d.file}:${d.line}:${d.column}` : '(project)';
  const origin = d.code ? `${d.source} ${d.code}` : d.source;
  const more = rest.map((line) => `\n    ${line.trim()}`).join('');
  return `${where} ${d.severity} ${first} (${origin})${more}`;
}

function totals(list: readonly Diagnostic[]): string {
  const count = (s: Diagnostic['severity']) => list.filter((d) => d.severity === s).length;
  const parts = [
    [count('error'), 'error'],
    [count('warning'), 'warning'],
    [count('info'), 'note'],
  ] as const;
  return parts
    .filter(([n]) => n > 0)
    .map(([n, word]) => plural(n, word))
    .join(', ');
}

export function formatDiagnostics(report: DiagnosticsReport, options: { maxChars?: number } = {}): string {
  const maxChars = Math.max(200, options.maxChars ?? DEFAULT_FORMAT_CHARS);
  if (report.checkers.length === 0) {
    return 'No checker applies to this project: none of tsconfig.json with node_modules/.bin/tsc, an ESLint config with node_modules/.bin/eslint, Python files (ruff or python3), go.mod with go, Cargo.toml with cargo; and no diagnostics.checkers in the settings.';
  }
  const head = ['Checkers:', ...report.checkers.map(statusLine), ''];
  const ran = report.checkers.filter((r) => r.status === 'ok');
  const found = report.checkers.reduce((n, r) => n + (r.status === 'ok' ? r.count : 0), 0);
  const total = Math.max(found, report.diagnostics.length);

  if (report.diagnostics.length === 0 && total === 0) {
    head.push(ran.length ? `No problems found by ${ran.map((r) => r.id).join(', ')}.` : 'No problems could be checked: no checker ran to the end.');
    return clip(head.join('\n'), maxChars);
  }

  head.push(`Problems (${totals(report.diagnostics)}${report.truncated ? `; ${total} in all` : ''}):`);
  let text = head.join('\n');
  const reserve = 80;
  let shown = 0;
  let file: string | null = null;
  for (const d of groupedByFile(report.diagnostics)) {
    const piece = `${d.file !== file && file !== null ? '\n' : ''}\n${diagnosticText(d)}`;
    if (text.length + piece.length + reserve > maxChars) break;
    text += piece;
    file = d.file;
    shown++;
  }
  const left = total - shown;
  if (left > 0) text += `\n\n… ${plural(left, 'more problem')} not shown.`;
  return clip(text, maxChars);
}

/** All of a file's problems together; files in the order of their first (worst) problem. */
function groupedByFile(list: readonly Diagnostic[]): Diagnostic[] {
  const groups = new Map<string, Diagnostic[]>();
  for (const d of list) {
    const group = groups.get(d.file);
    if (group) group.push(d);
    else groups.set(d.file, [d]);
  }
  return [...groups.values()].flat();
}

function clip(text: string, maxChars: number): string {
  return text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text;
}
