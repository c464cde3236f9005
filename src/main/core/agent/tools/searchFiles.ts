import { stat } from 'node:fs/promises';
import { z } from 'zod';
import { readConfined } from '../../workspace/confinedFs';
import { GlobError, globMatcher } from './glob';
import { ToolError } from './toolError';
import { defineTool } from './toolTypes';
import { walk } from './walk';
import { looksBinary, refuseGitInternals, resolveToolPath, rulesFor } from './workspaceFiles';
import { counted } from '../../../../shared/i18n/plural';

export const SEARCH_DEFAULT_RESULTS = 100;
export const SEARCH_MAX_RESULTS = 1000;
/** Files bigger than this are skipped; the whole search stops after this many bytes or milliseconds. */
export const SEARCH_MAX_FILE_BYTES = 1024 * 1024;
export const SEARCH_MAX_TOTAL_BYTES = 200 * 1024 * 1024;
export const SEARCH_MAX_MS = 10_000;
/** Characters of a matching line shown (a window around the match for longer lines). */
const SHOWN_CHARS = 240;
/** Only this much of a very long (minified) line is searched. */
const SEARCHED_LINE_CHARS = 10_000;

const params = z.object({
  pattern: z
    .string()
    .min(1)
    .describe('JavaScript regular expression matched against each line (e.g. "function\\s+load", "TODO|FIXME").'),
  path: z.string().optional().describe('Folder to search in, relative to the workspace root. Default: the whole workspace.'),
  glob: z
    .string()
    .optional()
    .describe('Only files matching this glob: without "/" it matches the file name at any depth ("*.ts", "*.{js,jsx}"), with "/" the path from the workspace root ("src/**/*.test.ts").'),
  caseSensitive: z.boolean().optional().describe('Match case exactly (default false: case-insensitive).'),
  maxResults: z
    .number()
    .int()
    .min(1)
    .max(SEARCH_MAX_RESULTS)
    .optional()
    .describe(`Maximum matching lines to return (default ${SEARCH_DEFAULT_RESULTS}, at most ${SEARCH_MAX_RESULTS}).`),
});

function compile(pattern: string, caseSensitive: boolean): RegExp {
  try {
    return new RegExp(pattern, caseSensitive ? '' : 'i');
  } catch (err) {
    throw new ToolError(
      'bad_request',
      `Invalid regular expression /${pattern}/: ${(err as Error).message.replace(/^Invalid regular expression: /, '')}`,
      'Fix the pattern: escape special characters such as ( ) [ ] { } . * + ? | \\ with a backslash when you mean them literally.',
    );
  }
}

/** The line as shown: whole when short, else a window around the match. */
function shown(line: string, index: number): string {
  const text = line.replace(/\t/g, ' ');
  if (text.length <= SHOWN_CHARS) return text.trimEnd();
  const start = Math.max(0, Math.min(index - 60, text.length - SHOWN_CHARS));
  return `${start > 0 ? '…' : ''}${text.slice(start, start + SHOWN_CHARS)}${start + SHOWN_CHARS < text.length ? '…' : ''}`;
}

export const searchFilesTool = defineTool({
  name: 'search_files',
  category: 'read',
  description: [
    'Search the workspace\'s text files for a regular expression, line by line. Answers "path:line:text" for each matching line',
    '(paths relative to the workspace root, lines 1-based), in a stable order. Narrow with path and glob.',
    'Skips .git, gitignored files, node_modules (unless path is inside it), binary files and files over 1 MB.',
  ].join(' '),
  params,
  async execute({ pattern, path = '.', glob, caseSensitive = false, maxResults = SEARCH_DEFAULT_RESULTS }, ctx) {
    const re = compile(pattern, caseSensitive);
    let matchesGlob: ((rel: string) => boolean) | null = null;
    if (glob?.trim()) {
      try {
        matchesGlob = globMatcher(glob, process.platform === 'darwin' || process.platform === 'win32');
      } catch (err) {
        if (!(err instanceof GlobError)) throw err;
        throw new ToolError('bad_request', `Invalid glob "${glob}": ${err.message}`, 'Use a glob like "*.ts" or "src/**/*.test.ts".');
      }
    }
    const target = await resolveToolPath(ctx, path, { mustExist: true, param: 'path' });
    refuseGitInternals(target.rel, path, 'read');
    const rules = await rulesFor(ctx);
    const started = Date.now();
    const results: string[] = [];
    const files = new Set<string>();
    let scannedFiles = 0;
    let scannedBytes = 0;
    let skippedLarge = 0;
    let skippedBinary = 0;
    let stopped: string | null = null;
    let more = false;

    const isFile = (await stat(target.real)).isFile();
    const candidates = isFile
      ? (async function* () {
          yield { rel: target.rel, abs: target.real, kind: 'file' as const };
        })()
      : walk(target.real, target.rel, { rules, signal: ctx.signal });

    outer: for await (const entry of candidates) {
      if (entry.kind !== 'file') continue;
      if (matchesGlob && !isFile && !matchesGlob(entry.rel)) continue;
      if (ctx.signal?.aborted) {
        stopped = 'the search was cancelled';
        break;
      }
      if (Date.now() - started > SEARCH_MAX_MS) {
        stopped = `the search stopped after ${SEARCH_MAX_MS / 1000} s`;
        break;
      }
      if (scannedBytes > SEARCH_MAX_TOTAL_BYTES) {
        stopped = `the search stopped after reading ${SEARCH_MAX_TOTAL_BYTES / 1024 / 1024} MB`;
        break;
      }
      // Read through a descriptor checked to be inside (a folder swapped for a link meanwhile is skipped).
      let large = false;
      const file = await readConfined(ctx.root, entry.abs, {
        check: (stats) => {
          if ((large = stats.size > SEARCH_MAX_FILE_BYTES)) throw new Error('too large');
        },
      }).catch(() => null);
      if (large) {
        skippedLarge++;
        continue;
      }
      const bytes = file?.bytes;
      if (!bytes) continue;
      scannedFiles++;
      scannedBytes += bytes.length;
      if (looksBinary(bytes)) {
        skippedBinary++;
        continue;
      }
      const lines = bytes.toString('utf8').split('\n');
      for (let i = 0; i < lines.length; i++) {
        const line = lines[i].endsWith('\r') ? lines[i].slice(0, -1) : lines[i];
        const m = re.exec(line.length > SEARCHED_LINE_CHARS ? line.slice(0, SEARCHED_LINE_CHARS) : line);
        if (!m) continue;
        if (results.length >= maxResults) {
          more = true;
          break outer;
        }
        results.push(`${entry.rel}:${i + 1}:${shown(line, m.index)}`);
        files.add(entry.rel);
      }
    }

    const where = target.rel ? ` in ${target.rel}` : '';
    const filter = glob ? ` (files matching ${glob})` : '';
    const notes: string[] = [];
    if (more) notes.push(`[Stopped at maxResults=${maxResults}; more matches exist. Narrow the pattern, path or glob.]`);
    if (stopped) notes.push(`[Incomplete: ${stopped}. Narrow the search with path or glob.]`);
    if (skippedLarge) notes.push(`[Skipped ${counted(skippedLarge, 'file', 'files')} over ${SEARCH_MAX_FILE_BYTES / 1024 / 1024} MB.]`);
    const head = results.length
      ? `${results.length} matching line${results.length === 1 ? '' : 's'} in ${files.size} file${files.size === 1 ? '' : 's'}${where}${filter}:`
      : `No matches for /${pattern}/${caseSensitive ? '' : 'i'}${where}${filter} (${scannedFiles} files searched).`;
    return {
      text: [head, ...results, ...notes].join('\n'),
      data: { matches: results.length, files: files.size, scannedFiles, skippedBinary, skippedLarge, truncated: more || !!stopped },
    };
  },
});
