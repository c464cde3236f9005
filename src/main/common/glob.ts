import picomatch from 'picomatch';

/**
 * The glob matcher for search_files' `glob` and the rules files' globs (context/ruleTriggers.ts), on picomatch: `*`, `?`, `**` (any number of folders),
 * `[abc]`, `[!abc]`, `{a,b}` (nestable) and `\` escapes. A glob without `/` matches the file's name at
 * any depth (`*.ts`); with one it matches the whole workspace-relative path (`src/**\/*.test.ts`).
 * Dot files match like any other; parentheses, `!` and `+` are literal (no extglobs, no negation), so a
 * folder such as `app/(marketing)` is written as it is named.
 */

export class GlobError extends Error {}

const OPTIONS: picomatch.PicomatchOptions = {
  dot: true,
  posix: true, // `[!abc]` negates
  nonegate: true,
  noextglob: true,
  strictBrackets: true, // an unbalanced `{`, `[` or `]` is an error rather than a silent literal
  windows: false, // paths use `/`; `\` escapes
};

/** Parentheses are regex groups to picomatch even without extglobs: escape them so they stay literal. */
function literalParens(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '\\') {
      if (i + 1 === glob.length) throw new GlobError('A glob cannot end with a backslash.');
      out += c + glob[++i];
    } else out += c === '(' || c === ')' ? `\\${c}` : c;
  }
  return out;
}

export function globToRegExp(glob: string, caseInsensitive = false): RegExp {
  const source = literalParens(glob);
  try {
    return picomatch.makeRe(source, { ...OPTIONS, nocase: caseInsensitive });
  } catch (err) {
    throw new GlobError((err as Error).message);
  }
}

/** A predicate over workspace-relative paths (forward slashes). */
export function globMatcher(glob: string, caseInsensitive = false): (relPath: string) => boolean {
  let pattern = glob.trim();
  if (pattern.startsWith('./')) pattern = pattern.slice(2);
  const anchored = pattern.startsWith('/');
  if (anchored) pattern = pattern.slice(1);
  const re = globToRegExp(pattern, caseInsensitive);
  if (!anchored && !pattern.includes('/')) return (relPath) => re.test(relPath.slice(relPath.lastIndexOf('/') + 1));
  return (relPath) => re.test(relPath);
}
