import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { access, readdir, readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';

/**
 * The programs a repository's own git configuration names (issue 26): what `git` would run on the repository's
 * say-so. Only the repository's own scopes count (local and worktree, and files they include): the user's global and
 * system configuration are theirs. Hooks count too, from `core.hooksPath` when the repository sets it, else from the
 * hooks folder of its git dir (a folder someone hands you may come with its `.git`; a clone has only samples there).
 *
 * Read from `git config --list --show-scope --show-origin -z`, which runs nothing. common/repoGitGuard.ts keeps these
 * programs from running until the user trusts them (core/git/gitTrust.ts).
 */

/** One `git config --list --show-scope --show-origin -z` entry. */
export interface ConfigEntry {
  scope: string;
  /** The file it came from (absolute), or '' for the command line and blobs. */
  file: string;
  /** Section and variable lower-cased, the subsection as written (`filter.Evil.clean`). */
  key: string;
  value: string | null;
}

/** A program the repository names: a configuration key and its command line, or a hook and its file. */
export interface RepoProgram {
  kind: 'config' | 'hook';
  /** The key (`filter.lfs.clean`) or the hook's name (`pre-commit`). */
  name: string;
  /** The command line, or the hook file's path. */
  command: string;
}

/** Keys that name a program, and what runs instead when the user has no value of their own (null: not by value). */
export interface ProgramKey {
  match: RegExp;
  neutral: string | null;
}
export const PROGRAM_KEYS: ProgramKey[] = [
  { match: /^filter\..+\.(clean|smudge|process)$/, neutral: '' },
  { match: /^merge\..+\.driver$/, neutral: 'git merge-file --marker-size=%L %A %O %B' },
  { match: /^gpg\.(openpgp\.)?program$/, neutral: 'gpg' },
  { match: /^gpg\.x509\.program$/, neutral: 'gpgsm' },
  { match: /^gpg\.ssh\.program$/, neutral: 'ssh-keygen' },
  { match: /^gpg\.ssh\.defaultkeycommand$/, neutral: '' },
  { match: /^core\.fsmonitor$/, neutral: 'false' },
  // Diff drivers cannot be emptied by value: the guard runs diffs with --no-ext-diff --no-textconv instead.
  { match: /^diff\..+\.(textconv|command)$/, neutral: null },
  { match: /^diff\.external$/, neutral: null },
];

/** The hooks git runs (githooks(5)); other files in a hooks folder are not programs git starts. */
const HOOK_NAMES = new Set([
  'applypatch-msg', 'pre-applypatch', 'post-applypatch', 'pre-commit', 'pre-merge-commit', 'prepare-commit-msg',
  'commit-msg', 'post-commit', 'pre-rebase', 'post-checkout', 'post-merge', 'pre-push', 'pre-receive', 'update',
  'proc-receive', 'post-receive', 'post-update', 'reference-transaction', 'push-to-checkout', 'pre-auto-gc',
  'post-rewrite', 'sendemail-validate', 'fsmonitor-watchman', 'p4-changelist', 'p4-prepare-changelist',
  'p4-post-changelist', 'p4-pre-submit', 'post-index-change',
]);

export function isRepoScope(scope: string): boolean {
  return scope === 'local' || scope === 'worktree';
}

export function programKey(key: string): ProgramKey | undefined {
  const lower = key.toLowerCase();
  return PROGRAM_KEYS.find((k) => k.match.test(lower));
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

/** The last value of `key` in the repository's own scopes (undefined: it sets none). */
export function repoValue(entries: readonly ConfigEntry[], key: string): string | null | undefined {
  return entries.filter((e) => isRepoScope(e.scope) && e.key.toLowerCase() === key).pop()?.value;
}

/** The program keys the repository's own configuration sets, last value each. */
export function configPrograms(entries: readonly ConfigEntry[]): RepoProgram[] {
  const last = new Map<string, string>();
  for (const e of entries) {
    if (!isRepoScope(e.scope) || !programKey(e.key) || e.value === null) continue;
    // A boolean fsmonitor is git's own daemon, not a program the repository names.
    if (/^core\.fsmonitor$/i.test(e.key) && /^(true|false|yes|no|on|off|1|0|)$/i.test(e.value)) continue;
    last.set(e.key, e.value);
  }
  return [...last].map(([name, command]) => ({ kind: 'config', name, command }));
}

/** Where the repository's hooks come from: its own `core.hooksPath` (relative to the work tree's top), else `<common dir>/hooks`; null when the user's global one applies. */
export function hooksDir(entries: readonly ConfigEntry[], where: { top: string | null; commonDir: string }): string | null {
  const own = repoValue(entries, 'core.hookspath');
  if (own) return isAbsolute(own) ? own : own.startsWith('~/') ? join(homedir(), own.slice(2)) : resolve(where.top ?? where.commonDir, own);
  const user = entries.some((e) => !isRepoScope(e.scope) && e.key.toLowerCase() === 'core.hookspath' && e.value);
  return user ? null : join(where.commonDir, 'hooks');
}

/** The executable hooks in `dir`. */
export async function hookPrograms(dir: string | null): Promise<RepoProgram[]> {
  if (!dir) return [];
  const names = await readdir(dir).catch(() => [] as string[]);
  const out: RepoProgram[] = [];
  for (const name of names.filter((n) => HOOK_NAMES.has(n)).sort()) {
    const path = join(dir, name);
    if (await access(path, constants.X_OK).then(() => true, () => false)) out.push({ kind: 'hook', name, command: path });
  }
  return out;
}

/** Where the repository's `include.path` / `includeIf.<condition>.path` settings point (relative to their file). */
export function includeTargets(entries: readonly ConfigEntry[]): string[] {
  const out: string[] = [];
  for (const e of entries) {
    if (!isRepoScope(e.scope) || !e.value || !/^include(if\..*)?\.path$/i.test(e.key)) continue;
    const value = e.value.startsWith('~/') ? join(homedir(), e.value.slice(2)) : e.value;
    out.push(isAbsolute(value) ? value : resolve(e.file ? dirname(e.file) : '.', value));
  }
  return out;
}

/** What a trust is given for: the repository and exactly these programs (a hook by its content). */
export async function programsFingerprint(commonDir: string, programs: readonly RepoProgram[]): Promise<string> {
  const hash = createHash('sha256').update(commonDir).update('\0');
  for (const p of programs) {
    hash.update(`${p.kind}\0${p.name}\0${p.command}\0`);
    if (p.kind === 'hook') hash.update(await readFile(p.command).catch(() => Buffer.from('unreadable')));
    hash.update('\0');
  }
  return hash.digest('hex');
}
