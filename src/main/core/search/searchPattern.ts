import type { SearchParams } from '../../../shared/contract/search';
import { AkiraError } from '../errors';
import { searchErrors } from '../../../shared/errors';

/**
 * The query of `search.start` as each engine takes it. The query's language is JavaScript's: literal text, or a
 * regular expression with the `u` flag (a pattern only the older, non-Unicode syntax takes, such as `\"`, runs
 * without it). The Node engine runs that regular expression; ripgrep is given the same pattern (`--fixed-strings`
 * for literal text, `--word-regexp`, `--ignore-case`), and when its own dialect refuses it (lookbehind, back
 * references, …) the search runs in Node instead (searchService.ts). A pattern that JavaScript refuses is a
 * bad_request saying why.
 *
 * Matching is per line, without the line break (`\r\n` too): `^` and `$` are the line's ends. A whole word is a
 * match neither preceded nor followed by a word character (Unicode letters, marks, digits, connector punctuation:
 * ripgrep's `\w`).
 */

export interface CompiledQuery {
  /** For the Node engine: the pattern (whole-word bounds included) and its flags (`g`, and `u`, `i` as needed). */
  source: string;
  flags: string;
  /** The query holds a lookaround of its own (then no file can be ruled out by one test of its whole text). */
  lookaround: boolean;
  /** ripgrep's arguments for the pattern and its options. */
  ripgrepArgs: string[];
}

const UNICODE_WORD = String.raw`[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\p{Join_Control}]`;
const ASCII_WORD = String.raw`\w`;

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The reason a pattern is refused, without JavaScript's prefix that repeats the pattern. */
function reasonOf(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const at = message.lastIndexOf(': ');
  return at >= 0 ? message.slice(at + 2) : message;
}

function tryCompile(source: string, flags: string): Error | null {
  try {
    new RegExp(source, flags);
    return null;
  } catch (err) {
    return err as Error;
  }
}

export function compileQuery(params: Pick<SearchParams, 'query' | 'regex' | 'caseSensitive' | 'wholeWord'>): CompiledQuery {
  const { query, regex, caseSensitive, wholeWord } = params;
  const pattern = regex ? query : escapeRegExp(query);
  const caseFlag = caseSensitive ? '' : 'i';
  let unicode = true;
  const unicodeError = tryCompile(pattern, `gu${caseFlag}`);
  if (unicodeError) {
    if (tryCompile(pattern, `g${caseFlag}`)) throw new AkiraError('bad_request', searchErrors.badRegex(reasonOf(unicodeError)));
    unicode = false;
  }
  const word = unicode ? UNICODE_WORD : ASCII_WORD;
  const source = wholeWord ? `(?<!${word})(?:${pattern})(?!${word})` : pattern;
  return {
    source,
    flags: `g${unicode ? 'u' : ''}${caseFlag}`,
    lookaround: regex && /\(\?<?[=!]/.test(query),
    ripgrepArgs: [
      caseSensitive ? '--case-sensitive' : '--ignore-case',
      ...(regex ? [] : ['--fixed-strings']),
      ...(wholeWord ? ['--word-regexp'] : []),
      `--regexp=${query}`,
    ],
  };
}
