import { stat } from 'node:fs/promises';
import { homedir, devNull } from 'node:os';
import { dirname, isAbsolute, resolve } from 'node:path';
import { GitFailure, runGit } from './gitRun';

/**
 * Akira's own git calls in a user's repository never run a program the repository names (issue 26). A folder
 * someone hands you (a zip, a shared drive, a repository whose `.git` came along) can carry a `.git/config`
 * with `core.fsmonitor`, clean/smudge/process filters, merge drivers, diff textconv or external diff commands,
 * signing programs, or a `core.hooksPath` into its own tree; git runs them on `status`, `diff`, `add`,
 * `checkout`, `merge`, `commit`, `worktree add`. VS Code's Restricted Mode exists for this case.
 *
 * Every git run in the user's repository goes through `prepare`, which puts in front of git's arguments:
 *
 * - always: no hooks at all (`core.hooksPath` → the null device), no fsmonitor, no submodule recursion;
 *   editors are `:` (git's "no editor") through the environment (`GUARD_ENV`);
 * - for a command that may run filters or merge drivers (anything but the plumbing in `RUNS_NO_FILTERS`): each
 *   program-naming key that the repository's own configuration sets (scope local or worktree, includes from there
 *   counted) is overridden by `-c`: with the user's own value from the global or system configuration when there
 *   is one (a global git-lfs filter keeps working), else with a value that runs nothing (an empty filter that is
 *   not required, `git merge-file` as the merge driver, the default signing program);
 * - for `diff`, `log` and `show`: `--no-ext-diff --no-textconv` (diff drivers cannot be neutralised by value).
 *
 * The repository's configuration is read with `git config --list` (which runs nothing) and kept per folder until
 * one of its files changes (their sizes and times are compared before each run).
 */

/** Environment settings that go with every guarded run (they win over any configuration). */
export const GUARD_ENV: Readonly<Record<string, string>> = { GIT_EDITOR: ':', GIT_SEQUENCE_EDITOR: ':' };

/** Settings given to every guarded run, whatever the repository says. */
const ALWAYS = [`core.hooksPath=${devNull}`, 'core.fsmonitor=false', 'submodule.recurse=false'];

/** Commands that read or write git's objects and refs only: no work tree content passes through a filter. */
const RUNS_NO_FILTERS = new Set([
  'rev-parse', 'config', 'symbolic-ref', 'for-each-ref', 'show-ref', 'ls-tree', 'cat-file', 'merge-base',
  'update-ref', 'commit-tree', 'diff-tree', 'worktree-list', 'version', 'var',
]);

/** Commands whose diffs would run a repository's textconv or external diff program unless told not to. */
const DIFFS = new Set(['diff', 'log', 'show']);
const NO_DIFF_PROGRAMS = ['--no-ext-diff', '--no-textconv'];

/** A key the repository may set to name a program, and what replaces it when the user has no value of their own. */
interface ProgramKey {
  match: RegExp;
  neutral: string;
}
const PROGRAM_KEYS: ProgramKey[] = [
  { match: /^filter\..+\.(clean|smudge|process)$/, neutral: '' },
  { match: /^merge\..+\.driver$/, neutral: 'git merge-file --marker-size=%L %A %O %B' },
  { match: /^gpg\.(openpgp\.)?program$/, neutral: 'gpg' },
  { match: /^gpg\.x509\.program$/, neutral: 'gpgsm' },
  { match: /^gpg\.ssh\.program$/, neutral: 'ssh-keygen' },
  { match: /^gpg\.ssh\.defaultkeycommand$/, neutral: '' },
];

/** One `git config --list --show-scope --show-origin -z` entry. */
export interface ConfigEntry {
  scope: string;
  /** The file it came from (absolute), or '' for the command line and blobs. */
  file: string;
  /** Section and variable lower-cased, the subsection as written (`filter.Evil.clean`). */
  key: string;
  value: string | null;
}

/** The `-c key=value` settings that keep a repository's own programs from running (see module doc). */
export function programOverrides(entries: readonly ConfigEntry[]): string[] {
  const repoKeys = new Set<string>();
  const userValue = new Map<string, string>();
  for (const e of entries) {
    if (!PROGRAM_KEYS.some((k) => k.match.test(normalKey(e.key)))) continue;
    if (isRepoScope(e.scope)) repoKeys.add(e.key);
    else if (e.value !== null) userValue.set(e.key, e.value);
  }
  const settings: string[] = [];
  const filters = new Set<string>();
  for (const key of repoKeys) {
    // `-c` splits at the first '=': a subsection holding one cannot be overridden, so git is not run at all.
    if (key.includes('=')) throw new UnsafeRepoConfig(key);
    const rule = PROGRAM_KEYS.find((k) => k.match.test(normalKey(key)))!;
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

/** The repository names a program under a key that `-c` cannot override; git is not run (fails closed). */
export class UnsafeRepoConfig extends Error {
  constructor(readonly key: string) {
    super(`this repository's git configuration names a program under a key Akira cannot override (${key})`);
    this.name = 'UnsafeRepoConfig';
  }
}

function isRepoScope(scope: string): boolean {
  return scope === 'local' || scope === 'worktree';
}

/** The key with its subsection lower-cased too, for matching against PROGRAM_KEYS only. */
function normalKey(key: string): string {
  return key.toLowerCase();
}

/** Parses `git config --list --show-scope --show-origin -z` (`scope NUL origin NUL key LF value NUL`…). */
export function parseConfigList(out: string, cwd: string): ConfigEntry[] {
  const parts = out.split('\0');
  const entries: ConfigEntry[] = [];
  for (let i = 0; i + 2 < parts.length; i += 3) {
    const [scope, origin, kv] = [parts[i], parts[i + 1], parts[i + 2]];
    const nl = kv.indexOf('\n');
    const key = nl < 0 ? kv : kv.slice(0, nl);
    const value = nl < 0 ? null : kv.slice(nl + 1);
    const file = origin.startsWith('file:') ? resolve(cwd, origin.slice(5)) : '';
    entries.push({ scope, file, key, value });
  }
  return entries;
}

export interface RepoGitGuard {
  /** The arguments to run instead of `args` (whose first word is the git command) in `cwd`. */
  prepare(cwd: string, args: readonly string[]): Promise<string[]>;
}

interface Known {
  overrides: string[];
  /** The repository's configuration files (and include targets, existing or not) with what they looked like. */
  files: Map<string, string>;
}

export function createRepoGitGuard(env: Record<string, string>): RepoGitGuard {
  const known = new Map<string, Known>();
  const reading = new Map<string, Promise<string[]>>();
  const always = ALWAYS.flatMap((c) => ['-c', c]);

  async function overridesFor(cwd: string): Promise<string[]> {
    const cached = known.get(cwd);
    if (cached && (await unchanged(cached.files))) return cached.overrides;
    let pending = reading.get(cwd);
    if (!pending) {
      pending = read(cwd).finally(() => reading.delete(cwd));
      reading.set(cwd, pending);
    }
    return pending;
  }

  async function read(cwd: string): Promise<string[]> {
    const { entries, gitDir } = await readConfig(cwd);
    const overrides = programOverrides(entries);
    const files = new Map<string, string>();
    const paths = new Set(entries.filter((e) => isRepoScope(e.scope) && e.file).map((e) => e.file));
    if (gitDir) for (const name of ['config', 'config.worktree']) paths.add(resolve(gitDir, name));
    for (const target of includeTargets(entries)) paths.add(target);
    for (const path of paths) files.set(path, await signature(path));
    // Outside a repository nothing is kept: a `git init` may come at any time.
    if (gitDir) known.set(cwd, { overrides, files });
    else known.delete(cwd);
    return overrides;
  }

  async function readConfig(cwd: string): Promise<{ entries: ConfigEntry[]; gitDir: string | null }> {
    const opts = { cwd, env, okCodes: [1, 128] };
    const [dirOut, listOut] = await Promise.all([
      runGit([...always, 'rev-parse', '--absolute-git-dir'], opts).catch(() => Buffer.alloc(0)),
      runGit([...always, 'config', '--list', '--show-scope', '--show-origin', '-z'], opts),
    ]);
    const gitDir = dirOut.toString('utf8').trim() || null;
    return { entries: parseConfigList(listOut.toString('utf8'), cwd), gitDir };
  }

  return {
    async prepare(cwd, args) {
      const command = args[0] === 'worktree' && args[1] === 'list' ? 'worktree-list' : (args[0] ?? '');
      let overrides: string[] = [];
      try {
        if (!RUNS_NO_FILTERS.has(command)) overrides = await overridesFor(cwd);
      } catch (err) {
        if (err instanceof UnsafeRepoConfig) throw new GitFailure(args, null, err.message, false);
        throw err;
      }
      const rest = DIFFS.has(command) ? [args[0], ...NO_DIFF_PROGRAMS, ...args.slice(1)] : [...args];
      return [...always, ...overrides.flatMap((c) => ['-c', c]), ...rest];
    },
  };
}

/** Where the repository's `include.path` / `includeIf.<condition>.path` settings point (relative to their file). */
function includeTargets(entries: readonly ConfigEntry[]): string[] {
  const out: string[] = [];
  for (const e of entries) {
    if (!isRepoScope(e.scope) || !e.value || !/^include(if\..*)?\.path$/i.test(e.key)) continue;
    const value = e.value.startsWith('~/') ? resolve(homedir(), e.value.slice(2)) : e.value;
    out.push(isAbsolute(value) ? value : resolve(e.file ? dirname(e.file) : '.', value));
  }
  return out;
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
  for (const [path, sig] of files) if ((await signature(path)) !== sig) return false;
  return true;
}
