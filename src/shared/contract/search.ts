import { z } from 'zod';
import { errorWordsSchema } from '../agent/sessionEvents';
import { defineCommand, defineEvent } from './define';
import { relPath } from './workspace';

/**
 * Search in files (issue 13, Ctrl+Shift+F): `search.start` answers a search id at once and the results follow as
 * `search.onResults` events in batches (a file's matches are never split across two), the last one with `done`.
 * The query is a JavaScript regular expression when `regex` is set, else literal text. ripgrep runs the search when
 * it is on the PATH, a search on worker threads otherwise; both give the same results (core/search/searchService.ts).
 * Starting a search cancels nothing: a client that starts another cancels the one before it (`search.cancel`).
 */

export const SEARCH_DEFAULT_MAX_RESULTS = 5000;
export const SEARCH_MAX_RESULTS = 50_000;

export const searchParams = z
  .object({
    query: z.string().min(1).max(2000),
    /** The query is a JavaScript regular expression (default: literal text). */
    regex: z.boolean().default(false),
    caseSensitive: z.boolean().default(false),
    /** Only matches that are whole words (not preceded nor followed by a letter, digit or underscore). */
    wholeWord: z.boolean().default(false),
    /**
     * Globs, comma-separated: only files they name. `*.ts` (no slash) names files or folders of that name at any
     * depth; `src/**\/*.ts` or `src/lib` (with a slash) names paths from the workspace root; a folder covers what it holds.
     */
    include: z.string().max(2000).default(''),
    /** Globs, comma-separated, as `include`: files they name are left out. */
    exclude: z.string().max(2000).default(''),
    /** The search stops after this many matches (`done.truncated`). */
    maxResults: z.number().int().min(1).max(SEARCH_MAX_RESULTS).default(SEARCH_DEFAULT_MAX_RESULTS),
  })
  .strict();
export type SearchParams = z.output<typeof searchParams>;

export const searchMatch = z.object({
  /** 1-based line number. */
  line: z.number().int().min(1),
  /** 1-based column of the match in the line, in UTF-16 code units (as the editor counts). */
  column: z.number().int().min(1),
  /** The match's length in UTF-16 code units. */
  length: z.number().int().nonnegative(),
  /** The line without its line break; a long line is cut around the match (`…` marks a cut). */
  text: z.string(),
  /** Where the match lies in `text` (0-based, end exclusive). */
  preview: z.object({ start: z.number().int().nonnegative(), end: z.number().int().nonnegative() }),
});
export type SearchMatch = z.infer<typeof searchMatch>;

export const searchFileMatches = z.object({
  path: relPath,
  /** In the order of the file's lines (and columns). */
  matches: z.array(searchMatch),
});
export type SearchFileMatches = z.infer<typeof searchFileMatches>;

export const searchEngine = z.enum(['ripgrep', 'node']);
export type SearchEngine = z.infer<typeof searchEngine>;

export const searchDone = z.object({
  /** Files with matches. */
  files: z.number().int().nonnegative(),
  matches: z.number().int().nonnegative(),
  /** Stopped at maxResults: there are more matches. */
  truncated: z.boolean(),
  durationMs: z.number().nonnegative(),
  engine: searchEngine,
  /** The search failed midway (what was found before stands). */
  error: z.string().optional(),
  /** `error` in words of the shared error catalogs (issue 14): the UI says it in its language. */
  errorWords: errorWordsSchema.optional(),
});
export type SearchDone = z.infer<typeof searchDone>;

const searchId = z.string().min(1).max(100);

export const searchCommands = {
  'search.start': defineCommand(
    searchParams,
    z.object({ searchId: z.string() }),
    'Search the text of the workspace\'s files (ignored, binary and Akira\'s own files left out); the results follow as search.onResults events.',
  ),
  'search.cancel': defineCommand(
    z.object({ searchId }).strict(),
    z.object({ cancelled: z.boolean() }),
    'Stop a search (its process or worker threads); no further search.onResults for it. false: it had ended already.',
  ),
};

export const searchEvents = {
  'search.onResults': defineEvent(
    z.object({ searchId: z.string(), files: z.array(searchFileMatches), done: searchDone.optional() }),
    'A batch of a search\'s results; the last batch has `done` (the totals, the engine, the time taken).',
  ),
};
