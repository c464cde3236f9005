import { posix } from 'node:path';
import { basename } from './commandWrappers';
import type { PathContext } from './destructiveCommands';
import { gitOptionProblem, gitWriteTargets, GIT_DIR_OPTIONS } from './gitOptions';
import type { Redirect, Word } from './shellParse';
import { isDotGitName } from '../../workspace/pathGuard';
import { policyReasons, type Words } from '../../../../shared/errors';

/**
 * An allow-list entry allows a command only as it is written (issue 26): `ls`, `git diff` and the like are read-only
 * inside the workspace, and the entry must not carry what makes them write, read elsewhere or run programs.
 *
 *   redirectProblem(redirects, ctx)          → a redirection to a file, input from outside, or one into .git
 *   notAsWritten(levels, core, env, ctx)     → why the allow list cannot vouch for the command as written, or null
 *   gitInternalsProblem(words, core, ctx)    → it names a path inside .git to write (asks whatever the policy says)
 *
 * What the allow list does not cover: a redirection to a file (`>`, `>>`, `>|`, `&>`, `2>`, `<>`; /dev/null and the
 * standard streams are fine) or input (`<`) from outside the workspace; environment variables that make a program
 * load code, configuration or another program (PATH, LD_PRELOAD, GIT_*, *PAGER…); `time -o` and `nohup` (they
 * write files); running outside the workspace (after `cd`) or where the directory is not known; words computed at
 * run time; paths outside the workspace (absolute, `~`, `..` leading out); and a program's own options that write,
 * read any file or run programs (gitOptions.ts: `-c`, `--output`, `--no-index`, `--ext-diff`, `--textconv`…).
 * A write into `.git` (any segment, `.GIT` and `git~1` too: a redirection, `git … --output=`) is destructive and asks
 * whatever the policy says; so does any other program than a reader that names a path inside `.git`.
 */

/** Why it asks, and whether it asks whatever the policy says (`always`; `destructive` for a write into .git). */
export interface Finding {
  words: Words;
  always?: boolean;
  destructive?: boolean;
}

/** Variables that make a program load code, configuration or another program. */
const LOADS = /^(LD_\w+|DYLD_\w+|GIT_\w+|\w*PAGER|LESS\w*|PATH|HOME|XDG_CONFIG_HOME|XDG_CONFIG_DIRS|BASH_ENV|ENV|SHELLOPTS|BASHOPTS|PS4|IFS|NODE_OPTIONS|NODE_PATH|PYTHON\w*|PERL5\w*|PERLLIB|RUBYOPT|RUBYLIB|EDITOR|VISUAL|BROWSER|SSH_ASKPASS)$/;
/** Of those, settings that only say who or how: `GIT_PAGER=cat`, `GIT_TERMINAL_PROMPT=0`, `GIT_AUTHOR_NAME=…`. */
const PLAIN_GIT = /^GIT_(TERMINAL_PROMPT|OPTIONAL_LOCKS|FLUSH|(AUTHOR|COMMITTER)_(NAME|EMAIL|DATE))$/;
const PLAIN_PAGERS = new Set(['', 'cat', 'less', 'more']);
/** Targets a write may go to without writing a file. */
const STREAMS = /^\/dev\/(null|stdout|stderr|tty|fd\/[012])$/;
const ABSOLUTE = /^([/\\]|[A-Za-z]:[/\\])/;

function normalise(p: string): string {
  return posix.normalize(p.replace(/\\/g, '/')).replace(/\/+$/, '') || '/';
}

function inside(root: string, abs: string): boolean {
  return abs === root || abs.startsWith(root.endsWith('/') ? root : `${root}/`);
}

/** Where a path word lands from each cwd (null: not known). */
function landings(text: string, ctx: PathContext): (string | null)[] {
  if (ABSOLUTE.test(text)) return [normalise(text)];
  return ctx.cwds.map((cwd) => (cwd === null ? null : normalise(posix.join(cwd, text))));
}

/** The word (or the value after `=` of an option or `key=value`) as a path that may lead outside the workspace. */
function leadsOutside(word: Word, ctx: PathContext): string | null {
  if (word.tilde) return word.text;
  const eq = word.text.indexOf('=');
  for (const text of eq > 0 ? [word.text, word.text.slice(eq + 1)] : [word.text]) {
    if ((!ABSOLUTE.test(text) && !text.split(/[\\/]/).includes('..')) || STREAMS.test(text)) continue;
    if (text.startsWith('~')) return text;
    if (landings(text, ctx).some((abs) => abs === null || !inside(ctx.root, abs))) return text;
  }
  return null;
}

/** True when the text (or its value after `=`) names a path with a `.git` segment, or lands in one from a cwd. */
export function namesDotGit(text: string, ctx: PathContext): boolean {
  const eq = text.indexOf('=');
  for (const t of eq > 0 ? [text, text.slice(eq + 1)] : [text]) {
    if (t.split(/[\\/]/).some(isDotGitName)) return true;
    if (landings(t, ctx).some((abs) => abs !== null && inside(ctx.root, abs) && posix.relative(ctx.root, abs).split('/').some(isDotGitName))) return true;
  }
  return false;
}

type RedirectKind = 'write' | 'read' | null;

function redirectKind(r: Redirect): RedirectKind {
  const target = r.target?.text ?? '';
  if (r.op === '<<' || r.op === '<<-' || r.op === '<<<') return null;
  if ((r.op === '>&' || r.op === '<&') && !r.target?.dynamic && /^(\d+|-)$/.test(target)) return null;
  if (r.op.includes('>')) return 'write';
  return 'read';
}

/** The worst problem among a command's redirections: into .git, then a write to a file, then input from outside. */
export function redirectProblem(redirects: Redirect[], ctx: PathContext): Finding | null {
  let found: Finding | null = null;
  const rank = (f: Finding | null) => (!f ? 0 : f.destructive ? 3 : f.always ? 2 : 1);
  for (const r of redirects) {
    const kind = redirectKind(r);
    const target = r.target;
    if (!kind || !target) continue;
    const shown = `${r.op} ${target.text}`;
    let f: Finding | null = null;
    if (!target.dynamic && !target.tilde && namesDotGit(target.text, ctx)) {
      f = kind === 'write' ? { words: policyReasons.writesGitInternals(target.text), always: true, destructive: true } : { words: policyReasons.namesGitInternals(target.text), always: true };
    } else if (kind === 'write' && (target.dynamic || !STREAMS.test(target.text))) {
      f = { words: policyReasons.redirectWrites(shown) };
    } else if (kind === 'read' && (target.dynamic || leadsOutside(target, ctx))) {
      f = { words: policyReasons.readsOutside(shown) };
    }
    if (rank(f) > rank(found)) found = f;
  }
  return found;
}

/** The first assignment that sets a variable which changes what a program loads or runs. */
export function loadingVariable(assignments: readonly Word[]): string | null {
  for (const a of assignments) {
    const name = /^([A-Za-z_][A-Za-z0-9_]*)/.exec(a.text)?.[1];
    if (!name || !LOADS.test(name) || PLAIN_GIT.test(name)) continue;
    if (/PAGER$/.test(name) && !a.dynamic && PLAIN_PAGERS.has(a.text.slice(name.length + 1))) continue;
    return name;
  }
  return null;
}

/** The assignments an `env` level sets (after its options). */
function envAssignments(level: Word[]): Word[] {
  return level.slice(1).filter((w) => /^[A-Za-z_][A-Za-z0-9_]*=/.test(w.text));
}

/**
 * Why an allow-list entry does not cover the command as written (see the module doc), or null.
 * `levels` and `core` come from unwrapCommand; `assignments` are the shell's `VAR=value` before the command.
 */
export function notAsWritten(levels: Word[][], core: Word[], assignments: readonly Word[], ctx: PathContext): Words | null {
  const wrappers = levels.slice(0, -1);
  const variable = loadingVariable([...assignments, ...wrappers.flatMap((l) => (basename(l[0]?.text ?? '') === 'env' ? envAssignments(l) : []))]);
  if (variable) return policyReasons.setsLoadingVariable(variable);
  for (const level of wrappers) {
    const name = basename(level[0]?.text ?? '');
    if (name === 'nohup') return policyReasons.optionNotCovered('nohup', 'writes');
    const output = name === 'time' && level.find((w) => w.text === '-o' || w.text === '--output' || w.text.startsWith('--output='));
    if (output) return policyReasons.optionNotCovered(`time ${output.text.split('=')[0]}`, 'writes');
  }
  if (ctx.cwds.some((c) => c === null)) return policyReasons.runsWhereUnknown;
  const away = ctx.cwds.find((c) => c !== null && !inside(ctx.root, c));
  if (away) return policyReasons.runsOutside(away);
  if (!core.length) return null;
  if (basename(core[0].text) === 'git') {
    const option = gitOptionProblem(core.slice(1));
    if (option) return policyReasons.optionNotCovered(option.option, option.why);
  }
  for (const w of core.slice(1)) {
    // find's `{}` stands for what find found under its own (checked) start paths
    if (w.dynamic && w.text !== '{}') return policyReasons.argumentComputed(w.text);
    const outside = w.dynamic ? null : leadsOutside(w, ctx);
    if (outside) return policyReasons.pathOutside(outside);
  }
  return null;
}

/** Programs that only read what they are given: naming a path inside .git does not make them write there. */
const READERS = new Set(['ls', 'cat', 'head', 'tail', 'less', 'more', 'grep', 'egrep', 'fgrep', 'rg', 'ag', 'find', 'tree', 'du', 'wc', 'file', 'stat', 'diff', 'cmp', 'echo', 'printf', 'test', '[', 'realpath', 'readlink', 'basename', 'dirname']);
/** Options that name what to leave out (`--exclude-dir=.git`, `tree -I .git`): their value is not a path written. */
const LEAVES_OUT = /^--?[\w-]*(exclude|ignore|prune)[\w-]*$/i;

/**
 * The command names a path inside `.git` to write (a redirection is redirectProblem's): git's own data, whose
 * configuration and hooks run programs. A write git is told to make there (`--output=.git/config`) is destructive;
 * any other program than a reader (READERS) that names such a path, or runs in such a folder, asks. git's own
 * `--git-dir` value and what an option leaves out (`--exclude=.git`) are not such paths.
 */
export function gitInternalsProblem(words: Word[], core: Word[], ctx: PathContext): Finding | null {
  const program = core.length ? basename(core[0].text) : '';
  if (program === 'git') {
    const written = gitWriteTargets(core.slice(1)).find((w) => !w.dynamic && namesDotGit(w.text, ctx));
    if (written) return { words: policyReasons.writesGitInternals(written.text), always: true, destructive: true };
  }
  if (READERS.has(program) && words.length === core.length) return null;
  const inGit = ctx.cwds.find((c) => c !== null && inside(ctx.root, c) && posix.relative(ctx.root, c).split('/').some(isDotGitName));
  if (inGit) return { words: policyReasons.namesGitInternals(posix.relative(ctx.root, inGit)), always: true };
  const skip = new Set<number>();
  words.forEach((w, i) => {
    const name = w.text.split('=')[0];
    if (GIT_DIR_OPTIONS.includes(name) || LEAVES_OUT.test(name)) skip.add(w.text.includes('=') ? i : i + 1);
  });
  const named = words.find((w, i) => !skip.has(i) && !w.dynamic && namesDotGit(w.text, ctx));
  return named ? { words: policyReasons.namesGitInternals(named.text), always: true } : null;
}
