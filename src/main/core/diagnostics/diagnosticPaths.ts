import { existsSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Diagnostic } from '../../../shared/context/contextShapes';
import { normalizeRelative } from '../workspace/pathGuard';
import type { ParsedDiagnostic } from './parsedDiagnostic';

/**
 * Where diagnostics are, and in what order: paths as checkers print them made workspace-relative with
 * forward slashes (diagnostics of files outside the workspace are dropped), the callers' `paths` filter,
 * duplicates dropped (cargo reports a problem once per target), and the report's order.
 */

/**
 * Makes printed paths workspace-relative: `resolve(d)` is '' for a project-wide problem, null for a file
 * outside `root`. A relative path with `bases` is resolved against the first base where it exists
 * (looked up once per path), else against the checker's `cwd`.
 */
export function workspacePaths(root: string, cwd: string): (d: Pick<ParsedDiagnostic, 'file' | 'bases'>) => string | null {
  const cache = new Map<string, string | null>();
  const toWorkspace = (abs: string): string | null => {
    const rel = relative(root, abs);
    if (!rel || isAbsolute(rel) || rel === '..' || rel.startsWith(`..${sep}`)) return null;
    return sep === '/' ? rel : rel.split(sep).join('/');
  };
  return (d) => {
    if (!d.file) return '';
    if (isAbsolute(d.file)) return toWorkspace(resolve(d.file));
    if (!d.bases?.length) return toWorkspace(resolve(cwd, d.file));
    const key = `${d.bases.join('\0')}\0${d.file}`;
    if (!cache.has(key)) {
      const found = [...d.bases, cwd].map((base) => join(base, d.file)).find((c) => existsSync(c));
      cache.set(key, toWorkspace(found ?? resolve(cwd, d.file)));
    }
    return cache.get(key)!;
  };
}

/**
 * A filter for the callers' `paths` (workspace-relative files or folders, normalised; a path leading
 * outside is refused by pathGuard). Project-wide problems (file '') are kept: they concern every file.
 */
export function pathFilter(root: string, paths: readonly string[] | undefined): ((file: string) => boolean) | null {
  if (!paths || paths.length === 0) return null;
  const wanted = paths.map((p) => normalizeRelative(root, p));
  if (wanted.includes('')) return null;
  return (file) => file === '' || wanted.some((w) => file === w || file.startsWith(`${w}/`));
}

const RANK: Record<Diagnostic['severity'], number> = { error: 0, warning: 1, info: 2 };

/** Errors first, then by file, line and column (then message, so the order never depends on timing). */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    RANK[a.severity] - RANK[b.severity] ||
    (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
    a.line - b.line ||
    a.column - b.column ||
    (a.source < b.source ? -1 : a.source > b.source ? 1 : 0) ||
    (a.message < b.message ? -1 : a.message > b.message ? 1 : 0)
  );
}

/** The same problem reported twice by one checker is listed once. */
export function dropDuplicates(list: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = JSON.stringify([d.source, d.file, d.line, d.column, d.severity, d.code, d.message]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
