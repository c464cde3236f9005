import { randomUUID } from 'node:crypto';
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import type { EventData } from '../../../shared/contract';
import type { SearchEngine, SearchFileMatches, SearchParams } from '../../../shared/contract/search';
import { AkiraError, toContractError } from '../errors';
import { createGitignoreRules, type GitignoreRules } from '../workspace/gitignoreRules';
import { toSearchMatch, type RawFile } from './matchPreview';
import { createNodeEngine } from './nodeSearch';
import { RipgrepUnusable, runRipgrep, type EngineRun } from './ripgrepSearch';
import { GLOB_IGNORE_CASE, searchGlobs } from './searchGlobs';
import { compileQuery } from './searchPattern';
import { plainWords, searchErrors, type ErrorWords } from '../../../shared/errors';

/**
 * Search in files for one open workspace (`search.*`, issue 13). `start` checks the query and the globs (a
 * bad_request says why), answers a search id and runs the search in the background: ripgrep when it is on the
 * PATH (ripgrepSearch.ts), else, or when ripgrep refuses the pattern, worker threads over the file index's listing
 * (nodeSearch.ts). Either way the files searched are those the workspace tree shows (workspace/fileIndex.ts:
 * .gitignore rules, `.git` and Akira's own data left out, no symbolic link followed) less binary files and files over
 * 50 MB, and the matches are the same (searchPattern.ts says how the query is read).
 *
 * Results go out as `search.onResults` in batches: the files found within `BATCH_MS` of the first one waiting, a
 * file's matches never split; the last batch carries `done`. The search stops at `maxResults` matches
 * (`done.truncated`). `cancel` stops the ripgrep process or the worker threads at once and nothing more is sent for
 * that search. Starting a search cancels none: a client cancels its previous one; at most `MAX_RUNNING` run at once.
 */

export const BATCH_MS = 40;
export const MAX_RUNNING = 8;

export interface SearchServiceOptions {
  /** The workspace's real path. */
  root: string;
  emit(name: 'search.onResults', data: EventData<'search.onResults'>): void;
  /** The workspace's files (workspace-relative), as the file index lists them: what the Node engine searches. */
  listFiles(): Promise<readonly string[]>;
  /** The ripgrep binary ('rg', looked up on the PATH), or false for the Node engine only. */
  ripgrep?: string | false;
  /** Worker threads of the Node engine (default: up to 4, the machine's parallelism). */
  threads?: number;
}

export interface SearchService {
  start(params: SearchParams): Promise<{ searchId: string }>;
  /** False when the search had ended already (or never was). */
  cancel(searchId: string): boolean;
  /** Searches under way, the processes and worker threads working for them, the Node engine's threads alive (tests). */
  live(): { searches: number; processes: number[]; workers: number; threads: number };
  dispose(): Promise<void>;
}

interface Running {
  run: EngineRun | null;
  cancelled: boolean;
}

/** Whether a file lies in a repository nested in the workspace (ripgrep then reads only that repository's rules). */
function nestedRepoCheck(root: string): (rel: string) => Promise<boolean> {
  const known = new Map<string, Promise<boolean>>();
  const hasGit = (dir: string) => {
    let found = known.get(dir);
    if (!found) known.set(dir, (found = lstat(join(root, dir, '.git')).then(() => true, () => false)));
    return found;
  };
  return async (rel) => {
    for (let slash = rel.indexOf('/'); slash > 0; slash = rel.indexOf('/', slash + 1)) if (await hasGit(rel.slice(0, slash))) return true;
    return false;
  };
}

export function createSearchService(options: SearchServiceOptions): SearchService {
  const { root } = options;
  let ripgrep = options.ripgrep === undefined ? 'rg' : options.ripgrep;
  const node = createNodeEngine({ threads: options.threads });
  const running = new Map<string, Running>();
  let disposed = false;

  async function execute(searchId: string, params: SearchParams, state: Running): Promise<void> {
    const started = performance.now();
    const query = compileQuery(params);
    const globs = searchGlobs(params.include, params.exclude);
    let pending: SearchFileMatches[] = [];
    let timer: NodeJS.Timeout | null = null;
    let files = 0;
    let matches = 0;
    let truncated = false;
    let engine: SearchEngine = 'node';
    let error: { error: string; errorWords: ErrorWords } | undefined;

    const flush = (done?: EventData<'search.onResults'>['done']) => {
      if (timer) clearTimeout(timer);
      timer = null;
      if (state.cancelled || disposed) return;
      const batch = pending;
      pending = [];
      if (batch.length || done) options.emit('search.onResults', { searchId, files: batch, ...(done ? { done } : {}) });
    };
    /** One file's matches (cut to the limit); false once the limit is reached. */
    const take = (file: RawFile): boolean => {
      if (state.cancelled || truncated) return false;
      let raw = file.matches;
      if (matches + raw.length > params.maxResults) {
        raw = raw.slice(0, params.maxResults - matches);
        truncated = true;
      }
      if (raw.length) {
        files++;
        matches += raw.length;
        pending.push({ path: file.path, matches: raw.map(toSearchMatch) });
        timer ??= setTimeout(() => flush(), BATCH_MS);
      }
      if (matches >= params.maxResults) truncated = true;
      return !truncated;
    };

    try {
      if (ripgrep) {
        const rules: Promise<GitignoreRules> = createGitignoreRules(root);
        const nested = nestedRepoCheck(root);
        try {
          engine = 'ripgrep';
          state.run = runRipgrep({
            rg: ripgrep,
            root,
            noParentRules: (await rules).base === root,
            patternArgs: query.ripgrepArgs,
            globs: globs.ripgrepGlobs(),
            ignoreCaseInGlobs: GLOB_IGNORE_CASE,
            onFile: async (file) => {
              if (globs.active && !globs.matcher(file.path)) return true;
              // ripgrep's include globs win over the ignore rules; inside a nested repository it reads only that
              // repository's rules, where the tree reads the workspace's too.
              if ((globs.includes || (await nested(file.path))) && (await rules).isIgnoredSync(join(root, file.path), false)) return true;
              return take(file);
            },
          });
          if (state.cancelled) state.run.stop();
          await state.run.done;
        } catch (err) {
          if (!(err instanceof RipgrepUnusable)) throw err;
          if (err.missing) ripgrep = false;
          engine = 'node';
        }
      }
      if (engine === 'node' && !state.cancelled) {
        const listed = await options.listFiles();
        if (state.cancelled) return;
        state.run = node.run({
          root,
          source: query.source,
          flags: query.flags,
          prefilter: !query.lookaround,
          files: globs.active ? listed.filter(globs.matcher) : listed,
          limit: params.maxResults,
          onFile: take,
        });
        await state.run.done;
      }
    } catch (err) {
      // The English stays the error's own message; its words are the error's, or "the search failed" around it.
      const said = toContractError(err);
      const message = err instanceof Error ? err.message : String(err);
      error = { error: message, errorWords: said.words ?? plainWords(searchErrors.failed(message)) };
    } finally {
      running.delete(searchId);
      flush({ files, matches, truncated, durationMs: Math.round((performance.now() - started) * 10) / 10, engine, ...error });
    }
  }

  return {
    async start(params) {
      if (disposed) throw new AkiraError('unavailable', searchErrors.workspaceClosed);
      // Checked before answering: a bad query or glob is the caller's error.
      compileQuery(params);
      searchGlobs(params.include, params.exclude);
      if (running.size >= MAX_RUNNING) {
        throw new AkiraError('conflict', searchErrors.tooManySearches(MAX_RUNNING));
      }
      const searchId = randomUUID();
      const state: Running = { run: null, cancelled: false };
      running.set(searchId, state);
      void execute(searchId, params, state);
      return { searchId };
    },

    cancel(searchId) {
      const state = running.get(searchId);
      if (!state) return false;
      state.cancelled = true;
      running.delete(searchId);
      state.run?.stop();
      return true;
    },

    live() {
      const processes: number[] = [];
      let workers = 0;
      for (const { run } of running.values()) {
        const now = run?.live();
        processes.push(...(now?.processes ?? []));
        workers += now?.workers ?? 0;
      }
      return { searches: running.size, processes, workers, threads: node.threads() };
    },

    async dispose() {
      disposed = true;
      for (const id of [...running.keys()]) this.cancel(id);
      await node.dispose();
    },
  };
}
