import { stat } from 'node:fs/promises';
import { devNull } from 'node:os';
import { resolve } from 'node:path';
import { GitFailure, isGitMissing, runGit } from './gitRun';
import {
  configPrograms,
  hookPrograms,
  hooksDir,
  includeTargets,
  isRepoScope,
  parseConfigList,
  programKey,
  programsFingerprint,
  type ConfigEntry,
  type RepoProgram,
} from './repoPrograms';

/**
 * Akira's own git calls in a user's repository run no program the repository names until the user trusts them
 * (issue 26). A folder someone hands you (a zip, a shared drive, a repository whose `.git` came along) can carry a
 * `.git/config` with `core.fsmonitor`, clean/smudge/process filters, merge drivers, diff textconv or external diff
 * commands, signing programs, a `core.hooksPath` into its own tree, or hooks in `.git/hooks`; git runs them on
 * `status`, `diff`, `add`, `checkout`, `merge`, `commit`, `worktree add`. VS Code's Restricted Mode exists for this.
 *
 * Every git run in the user's repository goes through `prepare`. While the repository names programs
 * (common/repoPrograms.ts) that the user has not trusted for exactly that configuration, it puts in front of git's
 * arguments:
 * - each program key the repository's own configuration sets, overridden by `-c`: with the user's own value from the
 *   global or system configuration when there is one (a global git-lfs filter keeps working), else with a value that
 *   runs nothing (an empty filter that is not required, `git merge-file` as the merge driver, no fsmonitor);
 * - `core.hooksPath` → the null device when the repository has hooks;
 * - `--no-ext-diff --no-textconv` for `diff`, `log` and `show` (diff drivers cannot be emptied by value).
 * Always: no submodule recursion nor looking into a submodule's work tree (`ALWAYS`), and editors are `:` (git's "no
 * editor") through the environment (`GUARD_ENV`).
 * Read-only plumbing (`QUIET`) runs as given, fsmonitor off.
 *
 * The repository's configuration is read with `git config --list` (which runs nothing) and kept per folder until
 * one of its files, include targets or hooks changes (their sizes and times are compared before each run).
 */

/** Environment settings that go with every guarded run (they win over any configuration). */
export const GUARD_ENV: Readonly<Record<string, string>> = { GIT_EDITOR: ':', GIT_SEQUENCE_EDITOR: ':' };

/**
 * Read-only commands that run no hook, filter or diff program (as Akira calls them: no --textconv/--filters): they
 * run without reading the repository's configuration, with fsmonitor off (a command that loads the index, e.g. to
 * read attributes, would ask the fsmonitor: `diff-tree` does, so it is not one of them).
 */
const QUIET = new Set(['rev-parse', 'config', 'ls-tree', 'cat-file', 'merge-base', 'for-each-ref', 'show-ref', 'version', 'var']);
const QUIET_HEAD = ['-c', 'core.fsmonitor=false'];
/**
 * A submodule is a repository of its own, with its own configuration: git looking inside one (status and diff ask
 * each submodule whether its work tree is dirty) would run its fsmonitor and filters. So git never recurses and
 * compares a submodule by its commit only: a submodule whose work tree alone changed is not listed.
 */
const ALWAYS = ['-c', 'submodule.recurse=false', '-c', 'diff.ignoreSubmodules=dirty'];
const DIFFS = new Set(['diff', 'log', 'show']);
const NO_DIFF_PROGRAMS = ['--no-ext-diff', '--no-textconv'];

/** Which repositories' programs the user trusts (core/git/gitTrust.ts); `version` changes with every change. */
export interface RepoTrust {
  version(): number;
  isTrusted(commonDir: string, fingerprint: string): Promise<boolean>;
}

/** A repository's programs as the guard sees them (null outside a repository). */
export interface RepoProgramsState {
  commonDir: string;
  programs: RepoProgram[];
  fingerprint: string;
  trusted: boolean;
}

export interface RepoGitGuard {
  /** The arguments to run instead of `args` (whose first word is the git command) in `cwd`. */
  prepare(cwd: string, args: readonly string[]): Promise<string[]>;
  /** The programs the repository at `cwd` names, and whether they are trusted. */
  programs(cwd: string): Promise<RepoProgramsState | null>;
}

/** The repository names a program under a key that `-c` cannot override; git is not run (fails closed). */
export class UnsafeRepoConfig extends Error {
  constructor(readonly key: string) {
    super(`this repository's git configuration names a program under a key Akira cannot override (${key})`);
    this.name = 'UnsafeRepoConfig';
  }
}

/** The `-c key=value` settings that keep a repository's own configured programs from running (see module doc). */
export function programOverrides(entries: readonly ConfigEntry[]): string[] {
  const userValue = new Map<string, string>();
  for (const e of entries) if (!isRepoScope(e.scope) && e.value !== null && programKey(e.key)) userValue.set(e.key, e.value);
  const settings: string[] = [];
  const filters = new Set<string>();
  for (const { name: key } of configPrograms(entries)) {
    const rule = programKey(key)!;
    if (rule.neutral === null) continue;
    // `-c` splits at the first '=': a subsection holding one cannot be overridden, so git is not run at all.
    if (key.includes('=')) throw new UnsafeRepoConfig(key);
    settings.push(`${key}=${userValue.get(key) ?? rule.neutral}`);
    const filter = /^filter\.(.+)\.[^.]+$/.exec(key);
    if (filter) filters.add(filter[1]);
  }
  // An emptied filter the repository marks required would fail every read of a file it applies to.
  for (const name of filters) {
    const key = `filter.${name}.required`;
    const own = entries.filter((e) => e.key === key && !isRepoScope(e.scope)).pop();
    settings.push(`${key}=${own?.value ?? 'false'}`);
  }
  return settings;
}

interface Known {
  state: RepoProgramsState | null;
  head: string[];
  trustVersion: number;
  /** The files the state was read from (config files, include targets, hooks) with what they looked like. */
  files: Map<string, string>;
}

export function createRepoGitGuard(env: Record<string, string>, trust?: RepoTrust): RepoGitGuard {
  const known = new Map<string, Known>();
  const reading = new Map<string, Promise<Known>>();

  async function current(cwd: string): Promise<Known> {
    const cached = known.get(cwd);
    if (cached && (await unchanged(cached.files))) {
      if (!cached.state || !trust || cached.trustVersion === trust.version()) return cached;
    }
    let pending = reading.get(cwd);
    if (!pending) {
      pending = read(cwd).finally(() => reading.delete(cwd));
      reading.set(cwd, pending);
    }
    return pending;
  }

  async function read(cwd: string): Promise<Known> {
    const trustVersion = trust?.version() ?? 0;
    const opts = { cwd, env, okCodes: [1, 128] };
    const [dirOut, listOut] = await Promise.all([
      runGit(['rev-parse', '--absolute-git-dir', '--git-common-dir', '--show-toplevel'], opts).catch(() => Buffer.alloc(0)),
      runGit(['config', '--list', '--show-scope', '--show-origin', '-z'], opts).catch((err: unknown) => {
        // No git installed: no repository it could read, nothing it could run (git's own call then fails as `missing`).
        if (isGitMissing(err)) return null;
        throw err;
      }),
    ]);
    if (!listOut) return { state: null, head: [], trustVersion, files: new Map() };
    const [gitDir, common, top] = dirOut.toString('utf8').split('\n');
    const entries = parseConfigList(listOut.toString('utf8'), cwd);
    // Outside a repository nothing is kept: a `git init` may come at any time.
    if (!gitDir) return { state: null, head: [], trustVersion, files: new Map() };
    const commonDir = resolve(cwd, common || gitDir);
    const hooks = hooksDir(entries, { top: top || null, commonDir });
    const programs = [...configPrograms(entries), ...(await hookPrograms(hooks))];
    const fingerprint = await programsFingerprint(commonDir, programs);
    const trusted = programs.length > 0 && trust ? await trust.isTrusted(commonDir, fingerprint) : false;
    const head = programs.length && !trusted ? programOverrides(entries) : [];
    if (!trusted && programs.some((p) => p.kind === 'hook')) head.push(`core.hooksPath=${devNull}`);

    const paths = new Set(entries.filter((e) => isRepoScope(e.scope) && e.file).map((e) => e.file));
    for (const name of ['config', 'config.worktree']) paths.add(resolve(gitDir, name));
    paths.add(resolve(commonDir, 'config'));
    for (const target of includeTargets(entries)) paths.add(target);
    if (hooks) paths.add(hooks);
    for (const p of programs) if (p.kind === 'hook') paths.add(p.command);
    const files = new Map(await Promise.all([...paths].map(async (path) => [path, await signature(path)] as const)));
    const entry: Known = { state: { commonDir, programs, fingerprint, trusted }, head: head.flatMap((c) => ['-c', c]), trustVersion, files };
    known.set(cwd, entry);
    return entry;
  }

  return {
    async prepare(cwd, args) {
      const command = args[0] ?? '';
      if (QUIET.has(command)) return [...QUIET_HEAD, ...args];
      let k: Known;
      try {
        k = await current(cwd);
      } catch (err) {
        if (err instanceof UnsafeRepoConfig) throw new GitFailure(args, null, err.message, false);
        throw err;
      }
      const guarded = k.state !== null && k.state.programs.length > 0 && !k.state.trusted;
      const rest = guarded && DIFFS.has(command) ? [command, ...NO_DIFF_PROGRAMS, ...args.slice(1)] : [...args];
      return [...k.head, ...ALWAYS, ...rest];
    },
    async programs(cwd) {
      return (await current(cwd)).state;
    },
  };
}

async function signature(path: string): Promise<string> {
  try {
    const s = await stat(path, { bigint: true });
    return `${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
  } catch {
    return 'missing';
  }
}

async function unchanged(files: Map<string, string>): Promise<boolean> {
  const now = await Promise.all([...files].map(async ([path, sig]) => (await signature(path)) === sig));
  return now.every(Boolean);
}
