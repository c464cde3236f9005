import { AkiraError } from '../errors';
import { GlobError, globToRegExp } from '../agent/tools/glob';
import { searchErrors } from '../../../shared/errors';

/**
 * The include and exclude globs of `search.start`: comma-separated (commas inside `{a,b}` belong to the glob), each
 * on picomatch as search_files' globs are (agent/tools/glob.ts). What a glob names, the same for both engines:
 *
 * - without a slash (`*.ts`, `node_modules`): a file or folder of that name at any depth;
 * - with a slash (`src/**\/*.test.ts`, `src/lib`, `/docs`): a path from the workspace root (a leading `/` or `./`
 *   and a trailing `/` are dropped);
 * - a folder a glob names covers everything below it.
 *
 * `matcher` tests workspace-relative file paths (the Node engine, and ripgrep's answers again); `ripgrepGlobs`
 * says the same to ripgrep's `--glob` (gitignore-style globs, where a glob without a slash also matches at any
 * depth and one with a slash is anchored at the root).
 */

/** File-system case rules: globs ignore case where names do (macOS, Windows), as ripgrep is told to. */
export const GLOB_IGNORE_CASE = process.platform === 'darwin' || process.platform === 'win32';

interface ParsedGlob {
  /** As typed (for messages). */
  given: string;
  /** Without the leading `/` or `./` and the trailing `/`. */
  pattern: string;
  /** Has a slash: matched against the path from the root (and its folders' paths), else against each name. */
  anchored: boolean;
  re: RegExp;
}

/** Splits on commas outside `{…}` and `[…]`; blanks dropped. */
export function splitGlobs(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let inClass = false;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' && i + 1 < text.length) {
      current += c + text[++i];
      continue;
    }
    if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '{') depth++;
    else if (c === '}' && depth > 0) depth--;
    else if (c === ',' && depth === 0) {
      out.push(current);
      current = '';
      continue;
    }
    current += c;
  }
  out.push(current);
  return out.map((g) => g.trim()).filter(Boolean);
}

function parse(given: string, field: 'include' | 'exclude'): ParsedGlob {
  let pattern = given;
  if (pattern.startsWith('./')) pattern = pattern.slice(2);
  const rooted = pattern.startsWith('/');
  pattern = pattern.replace(/^\/+/, '').replace(/\/+$/, '');
  if (!pattern) throw new AkiraError('bad_request', searchErrors.globNamesNothing(field, given));
  try {
    return { given, pattern, anchored: rooted || pattern.includes('/'), re: globToRegExp(pattern, GLOB_IGNORE_CASE) };
  } catch (err) {
    if (!(err instanceof GlobError)) throw err;
    throw new AkiraError('bad_request', searchErrors.badGlob(field, given, err.message));
  }
}

/** Whether `glob` names the file at `rel` or a folder above it. */
function names(glob: ParsedGlob, rel: string): boolean {
  if (!glob.anchored) {
    for (let start = 0; ; ) {
      const slash = rel.indexOf('/', start);
      if (glob.re.test(rel.slice(start, slash < 0 ? undefined : slash))) return true;
      if (slash < 0) return false;
      start = slash + 1;
    }
  }
  for (let slash = rel.indexOf('/'); slash > 0; slash = rel.indexOf('/', slash + 1)) if (glob.re.test(rel.slice(0, slash))) return true;
  return glob.re.test(rel);
}

export interface SearchGlobs {
  /** False when no glob was given (every file passes). */
  readonly active: boolean;
  /**
   * Include globs were given. ripgrep's include globs win over the ignore rules (a `*.log` include lets an ignored
   * log through, an included folder is entered even when ignored): its answers are checked against the rules again.
   */
  readonly includes: boolean;
  /** Whether a workspace-relative file path passes the include and exclude globs. */
  matcher(rel: string): boolean;
  /** ripgrep's `--glob` arguments for the same (includes first: a later ripgrep glob wins). */
  ripgrepGlobs(): string[];
}

/** Parses both fields (bad_request naming the glob when one is invalid). */
export function searchGlobs(include: string, exclude: string): SearchGlobs {
  const includes = splitGlobs(include).map((g) => parse(g, 'include'));
  const excludes = splitGlobs(exclude).map((g) => parse(g, 'exclude'));
  // ripgrep: an include glob lets through a file it matches; `/**` lets through what a folder it matches holds.
  const rooted = (g: ParsedGlob) => (g.anchored ? `/${g.pattern}` : g.pattern);
  return {
    active: includes.length > 0 || excludes.length > 0,
    includes: includes.length > 0,
    matcher: (rel) => (!includes.length || includes.some((g) => names(g, rel))) && !excludes.some((g) => names(g, rel)),
    ripgrepGlobs: () => [
      ...includes.flatMap((g) => [rooted(g), g.anchored ? `/${g.pattern}/**` : `**/${g.pattern}/**`]),
      ...excludes.map((g) => `!${rooted(g)}`),
    ],
  };
}
