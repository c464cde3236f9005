/**
 * A small glob matcher for search_files' `glob` (picomatch is only a transitive dev dependency here,
 * so the runtime does not rely on it). Supports `*`, `?`, `**` (any number of folders), `[abc]`,
 * `[!abc]`, `{a,b}` (nestable) and `\` escapes. A glob without `/` matches the file's name at any
 * depth (`*.ts`); with one it matches the whole workspace-relative path (`src/**\/*.test.ts`).
 */

export class GlobError extends Error {}

const SPECIAL = /[.+^$|()\\/]/;

export function globToRegExp(glob: string, caseInsensitive = false): RegExp {
  let re = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '\\') {
      const next = glob[++i];
      if (next === undefined) throw new GlobError('A glob cannot end with a backslash.');
      re += /[A-Za-z0-9]/.test(next) ? next : `\\${next}`;
    } else if (c === '*') {
      if (glob[i + 1] === '*') {
        const atSegmentStart = i === 0 || glob[i - 1] === '/';
        if (atSegmentStart && glob[i + 2] === '/') {
          re += '(?:.*/)?';
          i += 2;
        } else {
          re += '.*';
          i += 1;
        }
      } else {
        re += '[^/]*';
      }
    } else if (c === '?') {
      re += '[^/]';
    } else if (c === '[') {
      const end = glob.indexOf(']', i + 2);
      if (end < 0) {
        re += '\\[';
        continue;
      }
      let body = glob.slice(i + 1, end);
      const negate = body[0] === '!' || body[0] === '^';
      if (negate) body = body.slice(1);
      re += `[${negate ? '^' : ''}${body.replace(/\\/g, '\\\\').replace(/\]/g, '\\]')}]`;
      i = end;
    } else if (c === '{') {
      braces++;
      re += '(?:';
    } else if (c === ',' && braces > 0) {
      re += '|';
    } else if (c === '}' && braces > 0) {
      braces--;
      re += ')';
    } else {
      re += SPECIAL.test(c) || c === '{' || c === '}' || c === '[' || c === ']' ? `\\${c}` : c;
    }
  }
  if (braces > 0) throw new GlobError('Unbalanced "{" in the glob.');
  try {
    return new RegExp(`^${re}$`, caseInsensitive ? 'i' : '');
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
