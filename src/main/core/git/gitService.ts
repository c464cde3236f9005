import type { CommandParams, CommandResult, GitPrograms, GitStatus } from '../../../shared/contract';
import type { GitTrust } from './gitTrust';
import { AkiraError } from '../errors';
import type { Emit } from '../eventBus';
import { normalizeRelative, resolveInside, toRelative } from '../workspace/pathGuard';
import { looksBinary, readHeadSide, readWorkingSide, type Side } from './fileContents';
import type { GitRepo } from './gitRepo';
import { createGit, gitErrorText, gitGuard, type Git } from './gitRunner';
import { watchForRepoCreation, watchRepo } from './gitWatcher';
import { parsePorcelainV2, toGitFiles } from './porcelainV2';
import { locateRepo, type RepoLocation } from './repoLocation';
import { gitPresence } from '../../common/gitPresence';
import { gitErrors } from '../../../shared/errors';

export type DiffParams = CommandParams<'git.diff'>;
export type DiffResult = CommandResult<'git.diff'>;

export interface GitService {
  /** `git status` of the workspace; `isRepo: false` outside a work tree. Concurrent calls share one git run. */
  status(): Promise<GitStatus>;
  /** A file at HEAD and in the working tree (confined to the workspace). */
  diff(params: DiffParams): Promise<DiffResult>;
  /**
   * The working tree's changes against HEAD as one unified diff (`git diff HEAD`, limited to the workspace,
   * paths relative to it) plus the untracked files' names: what `@diff` attaches. null outside a repository.
   */
  workingDiff(): Promise<{ diff: string; untracked: string[]; files: number } | null>;
  /** The repository for reading git (hunks, branches); bad_request outside one. */
  repo(): Promise<GitRepo>;
  /**
   * Runs a git action (stage, commit, checkout, …) on the repository, one at a time per workspace so two
   * never race for the index lock, then says git changed (`git.onChanged`, and the next status runs afresh).
   */
  act<T>(fn: (repo: GitRepo) => Promise<T>): Promise<T>;
  /** The programs the repository's own configuration names, and whether they are trusted (common/repoGitGuard.ts). */
  programs(): Promise<GitPrograms>;
  /** Trusts (or stops trusting) exactly the programs `fingerprint` names; conflict when they changed since. */
  trustPrograms(fingerprint: string, trusted: boolean): Promise<GitPrograms>;
  dispose(): Promise<void>;
}

export interface GitServiceOptions {
  /** The workspace folder, already a real path. */
  root: string;
  emit: Emit;
  /** Subscribes to workspace file changes; returns an unsubscribe function. */
  onWorkspaceChanged: (listener: () => void) => () => void;
  /** Quiet time before `git.onChanged` is emitted (default 300 ms). */
  debounceMs?: number;
  /** Files `status` lists at most (default 5000; `truncated` says when more changed). */
  maxFiles?: number;
  /** Bytes per side `diff` shows at most (default 5 MB; beyond, `tooLarge`). */
  diffLimit?: number;
  /** Watch the repository for changes (default true; false: no watchers, the repo is located on first use). */
  watch?: boolean;
  /** The user's trust in repositories' own programs (none: they never run). */
  trust?: GitTrust;
}

export const DEFAULT_DIFF_LIMIT = 5 * 1024 * 1024;
const NOT_A_REPO: GitStatus = { isRepo: false, branch: null, ahead: 0, behind: 0, files: [] };

/** Outside a repository: is that because git is not installed (common/gitPresence.ts)? */
async function noRepo(): Promise<GitStatus> {
  return (await gitPresence()).installed ? NOT_A_REPO : { ...NOT_A_REPO, gitMissing: true };
}

/** The error of an action outside a repository: not a repository, or no git at all. */
async function noRepoError(): Promise<AkiraError> {
  return (await gitPresence()).installed ? new AkiraError('bad_request', gitErrors.notARepo) : new AkiraError('unavailable', gitErrors.notInstalled);
}

export async function createGitService(options: GitServiceOptions): Promise<GitService> {
  const { root, emit } = options;
  const debounceMs = options.debounceMs ?? 300;
  const maxFiles = options.maxFiles ?? 5000;
  const diffLimit = options.diffLimit ?? DEFAULT_DIFF_LIMIT;
  // One guard for both: the repository's configuration is read once, not per folder git runs in.
  const guard = gitGuard(options.trust);
  const gitAtRoot = createGit(root, guard);

  let disposed = false;
  /** Bumped on every change seen, so a status run knows whether it is still current. */
  let generation = 0;
  let timer: NodeJS.Timeout | null = null;
  /** undefined: not looked up yet (or invalidated); null: not a repository. */
  let location: RepoLocation | null | undefined;
  let locating: Promise<RepoLocation | null> | null = null;
  let gitAtTop: { dir: string; git: Git } | null = null;
  let stopWatching: () => void = () => {};
  let inflight: { generation: number; promise: Promise<GitStatus> } | null = null;
  let queued: Promise<GitStatus> | null = null;
  let last: { generation: number; status: GitStatus } | null = null;

  function markChanged(): void {
    if (disposed) return;
    generation++;
    // Outside a repository any change may be the `git init` that makes one.
    if (location === null) location = undefined;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      if (!disposed) emit('git.onChanged', {});
    }, debounceMs);
  }

  let watched: string | null = null;
  function setLocation(next: RepoLocation | null): void {
    location = next;
    const key = next ? `repo:${next.gitDir}\0${next.commonDir}` : 'none';
    if (disposed || key === watched || options.watch === false) return;
    watched = key;
    stopWatching();
    stopWatching = next ? watchRepo(next, markChanged) : watchForRepoCreation(root, markChanged);
  }

  async function ensureLocation(): Promise<RepoLocation | null> {
    if (location !== undefined) return location;
    if (!locating) {
      locating = locateRepo(root).then(
        (found) => {
          locating = null;
          setLocation(found);
          return found;
        },
        () => {
          locating = null;
          setLocation(null);
          return null;
        },
      );
    }
    return locating;
  }

  function gitAt(dir: string): Git {
    if (!gitAtTop || gitAtTop.dir !== dir) gitAtTop = { dir, git: createGit(dir, guard) };
    return gitAtTop.git;
  }

  async function runStatus(): Promise<string> {
    // Paths are limited to the workspace (cwd, '.') and reported relative to the work tree's top.
    return gitAtRoot.text([
      'status',
      '--porcelain=v2',
      '-z',
      '--branch',
      '--untracked-files=all',
      '--find-renames',
      '--',
      '.',
    ]);
  }

  async function computeStatus(): Promise<GitStatus> {
    const startedAt = generation;
    let loc = await ensureLocation();
    if (!loc) return noRepo();
    let output: string;
    try {
      output = await runStatus();
    } catch (err) {
      // The repository may have moved or vanished (`rm -rf .git`): look again once.
      location = undefined;
      loc = await ensureLocation();
      if (!loc) return noRepo();
      try {
        output = await runStatus();
      } catch (again) {
        throw new AkiraError('internal', gitErrors.statusFailed(gitErrorText(again ?? err).trim()));
      }
    }
    const parsed = parsePorcelainV2(output);
    const files = toGitFiles(parsed.entries, loc.prefix);
    const status: GitStatus = {
      isRepo: true,
      branch: parsed.branch.head,
      ahead: parsed.branch.ahead,
      behind: parsed.branch.behind,
      files: files.slice(0, maxFiles),
    };
    if (files.length > maxFiles) status.truncated = true;
    last = { generation: startedAt, status };
    return status;
  }

  function status(): Promise<GitStatus> {
    if (inflight && inflight.generation === generation) return inflight.promise;
    if (inflight) {
      // A run is under way but started before the latest change: queue one fresh run for every caller.
      queued ??= inflight.promise
        .catch(() => undefined)
        .then(() => {
          queued = null;
          return status();
        });
      return queued;
    }
    const run = { generation, promise: computeStatus() };
    inflight = run;
    const clear = () => {
      if (inflight === run) inflight = null;
    };
    run.promise.then(clear, clear);
    return run.promise;
  }

  /** A status no older than the latest change. */
  function currentStatus(): Promise<GitStatus> {
    if (last && last.generation === generation) return Promise.resolve(last.status);
    return status();
  }

  function contentOf(side: Side): string | null {
    return side.kind === 'content' ? side.bytes.toString('utf8') : null;
  }

  async function diff(params: DiffParams): Promise<DiffResult> {
    const abs = await resolveInside(root, params.path);
    const rel = toRelative(root, abs);
    if (rel === '') throw new AkiraError('bad_request', gitErrors.noDiffForWorkspace);
    const shown = normalizeRelative(root, params.path);
    const working = await readWorkingSide(root, abs, diffLimit, shown);
    let head: Side = { kind: 'missing' };
    const loc = await ensureLocation();
    if (loc) {
      // A staged rename is compared with the file it came from.
      const renamed = (await currentStatus()).files.find((f) => f.path === rel && f.staged && f.origPath);
      const repoPath = loc.prefix + (renamed?.origPath ?? rel);
      head = await readHeadSide(gitAt(loc.toplevel), repoPath, diffLimit);
    }
    const sides = [head, working];
    const tooLarge = sides.some((s) => s.kind === 'tooLarge');
    const binary = !tooLarge && sides.some((s) => s.kind === 'content' && looksBinary(s.bytes));
    if (tooLarge || binary) {
      return { path: shown, original: null, modified: null, binary, ...(tooLarge ? { tooLarge } : {}) };
    }
    return { path: shown, original: contentOf(head), modified: contentOf(working), binary: false };
  }

  async function workingDiff(): Promise<{ diff: string; untracked: string[]; files: number } | null> {
    // Asked rarely (a person's @diff): look again for a repository made since the last look, watched or not.
    if (location === null) location = undefined;
    const loc = await ensureLocation();
    if (!loc) return null;
    const args = ['diff', '--no-color', '--no-ext-diff', '--relative'];
    // A repository without a commit yet: what is staged and what is not, instead of against HEAD.
    const text = await gitAtRoot.text([...args, 'HEAD', '--', '.']).catch(async () => (await gitAtRoot.text([...args, '--cached', '--', '.'])) + (await gitAtRoot.text([...args, '--', '.'])));
    const st = await currentStatus();
    const untracked = st.files.filter((f) => f.status === 'untracked').map((f) => f.path);
    return { diff: text, untracked, files: st.files.length };
  }

  async function repo(): Promise<GitRepo> {
    // An action may come right after `git init` in a terminal: look again when the last look found nothing.
    if (location === null) location = undefined;
    const loc = await ensureLocation();
    if (!loc) throw await noRepoError();
    return { root, top: loc.toplevel, prefix: loc.prefix, atRoot: gitAtRoot, atTop: gitAt(loc.toplevel) };
  }

  let acting: Promise<unknown> = Promise.resolve();
  function act<T>(fn: (repo: GitRepo) => Promise<T>): Promise<T> {
    const run = acting.then(async () => {
      try {
        return await fn(await repo());
      } finally {
        markChanged();
      }
    });
    acting = run.catch(() => undefined);
    return run;
  }

  async function programs(): Promise<GitPrograms> {
    const state = (await ensureLocation()) ? await gitAtRoot.programs() : null;
    if (!state) return { isRepo: false, programs: [], trusted: false, fingerprint: null };
    return { isRepo: true, programs: state.programs, trusted: state.trusted, fingerprint: state.fingerprint };
  }

  async function trustPrograms(fingerprint: string, trusted: boolean): Promise<GitPrograms> {
    const state = (await ensureLocation()) ? await gitAtRoot.programs() : null;
    if (!state) throw await noRepoError();
    if (!options.trust) throw new AkiraError('unavailable', gitErrors.trustUnavailable);
    if (state.fingerprint !== fingerprint) throw new AkiraError('conflict', gitErrors.programsChanged);
    if (trusted) await options.trust.trust(state.commonDir, fingerprint);
    else await options.trust.revoke(state.commonDir);
    markChanged();
    return programs();
  }

  const unsubscribe = options.onWorkspaceChanged(markChanged);
  if (options.watch !== false) await ensureLocation();

  return {
    status,
    diff,
    workingDiff,
    repo,
    act,
    programs,
    trustPrograms,
    async dispose() {
      disposed = true;
      unsubscribe();
      stopWatching();
      stopWatching = () => {};
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
