import { posix } from 'node:path';
import { basename } from './commandWrappers';
import type { Word } from './shellParse';
import { policyReasons, type Words } from '../../../../shared/errors';

/**
 * Commands that always ask, even when allowed or auto-approved (docs/architecture.md "Pinned surfaces"):
 * recursive rm outside build folders (paths resolved against the working directory), git push --force /
 * --force-with-lease / +refspec / --delete, git reset --hard, git clean -f, git branch -D, git stash
 * drop/clear, find -delete outside build folders, chmod -R 777, mkfs, dd of=/dev/…, shred/wipefs/fdisk,
 * shutdown/reboot/halt/poweroff. (sudo, downloads piped into a shell, fork bombs and writes to devices
 * are found by commandPolicy.ts, which sees the whole line.)
 *
 *   destructiveReason(coreWords, ctx) → why it is destructive (words of the policy catalog, "destructive: …"), or null
 */

export interface PathContext {
  /** The workspace root (absolute, POSIX form). */
  root: string;
  /** Where the command may run: one entry per possibility, null when unknown. */
  cwds: (string | null)[];
  buildDirs: readonly string[];
}

/** Whether deleting `word` recursively is harmless: inside a build folder of the workspace, from every cwd. */
export function isBuildPath(word: Word, ctx: PathContext): boolean {
  if (word.dynamic || word.tilde) return false;
  return ctx.cwds.every((cwd) => {
    if (cwd === null && !word.text.startsWith('/')) return false;
    const abs = posix.resolve(cwd ?? '/', word.text);
    const rel = posix.relative(ctx.root, abs);
    if (!rel || rel.startsWith('..') || posix.isAbsolute(rel)) return false;
    const segments = rel.split('/');
    const at = segments.findIndex((s) => ctx.buildDirs.includes(s));
    if (at < 0) return false;
    // a glob before the build folder could match anything: `*/node_modules` is fine only literally
    return !word.glob || !segments.slice(0, at).some((s) => /[*?[{]/.test(s));
  });
}

function flagsOf(words: Word[]): { short: Set<string>; long: Set<string>; args: Word[] } {
  const short = new Set<string>();
  const long = new Set<string>();
  const args: Word[] = [];
  let options = true;
  for (const w of words) {
    const t = w.text;
    if (options && t === '--') options = false;
    else if (options && t.startsWith('--')) long.add(t.split('=')[0]);
    else if (options && t.startsWith('-') && t.length > 1 && !w.dynamic) for (const c of t.slice(1)) short.add(c);
    else args.push(w);
  }
  return { short, long, args };
}

const quote = (w: Word) => (w.dynamic ? w.text : JSON.stringify(w.text));

function rmReason(rest: Word[], ctx: PathContext): Words | null {
  const f = flagsOf(rest);
  if (f.long.has('--no-preserve-root')) return policyReasons.rmNoPreserveRoot;
  const recursive = f.short.has('r') || f.short.has('R') || f.long.has('--recursive');
  if (!recursive) return null;
  const outside = f.args.filter((w) => !isBuildPath(w, ctx));
  if (!outside.length) return null;
  return policyReasons.recursiveRm(outside.map(quote).join(', '));
}

/** git's global options that take the next word as their value. */
export const GIT_GLOBAL_WITH_VALUE = ['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--exec-path', '--config-env'];

/** git's global options (`-C dir`, `-c k=v`, `--git-dir=…`) come before the subcommand. */
export function gitSubcommand(rest: Word[]): { sub: string; args: Word[] } | null {
  let i = 0;
  while (i < rest.length && rest[i].text.startsWith('-')) {
    i += GIT_GLOBAL_WITH_VALUE.includes(rest[i].text) ? 2 : 1;
  }
  return i < rest.length ? { sub: rest[i].text, args: rest.slice(i + 1) } : null;
}

function gitReason(rest: Word[]): Words | null {
  const git = gitSubcommand(rest);
  if (!git) return null;
  const f = flagsOf(git.args);
  switch (git.sub) {
    case 'push': {
      if (f.short.has('f') || f.long.has('--force') || f.long.has('--force-with-lease') || f.long.has('--force-if-includes')) return policyReasons.gitPushForce;
      if (f.args.slice(1).some((w) => w.text.startsWith('+'))) return policyReasons.gitPushPlus;
      if (f.short.has('d') || f.long.has('--delete') || f.args.slice(1).some((w) => w.text.startsWith(':'))) return policyReasons.gitPushDelete;
      if (f.long.has('--mirror') || f.long.has('--prune')) return policyReasons.gitPushMirror;
      return null;
    }
    case 'reset':
      return f.long.has('--hard') ? policyReasons.gitResetHard : null;
    case 'clean':
      return f.short.has('f') || f.long.has('--force') ? policyReasons.gitCleanForce : null;
    case 'branch':
      return f.short.has('D') || (f.long.has('--delete') && f.long.has('--force')) ? policyReasons.gitBranchForceDelete : null;
    case 'stash':
      return f.args[0] && ['drop', 'clear'].includes(f.args[0].text) ? policyReasons.gitStashDiscard(f.args[0].text) : null;
    default:
      return null;
  }
}

function findReason(rest: Word[], ctx: PathContext): Words | null {
  if (!rest.some((w) => w.text === '-delete')) return null;
  const starts: Word[] = [];
  for (const w of rest) {
    if (w.text.startsWith('-') || w.text === '(' || w.text === '!') break;
    starts.push(w);
  }
  const paths = starts.length ? starts : [{ text: '.', dynamic: false, glob: false, tilde: false }];
  const outside = paths.filter((w) => !isBuildPath(w, ctx));
  return outside.length ? policyReasons.findDelete(outside.map(quote).join(', ')) : null;
}

const DISK_TOOLS = new Set(['mkswap', 'mke2fs', 'wipefs', 'shred', 'fdisk', 'sfdisk', 'gdisk', 'parted']);
const POWER = new Set(['shutdown', 'reboot', 'halt', 'poweroff']);

export function destructiveReason(core: Word[], ctx: PathContext): Words | null {
  if (!core.length) return null;
  const name = basename(core[0].text);
  const rest = core.slice(1);
  if (name === 'rm') return rmReason(rest, ctx);
  if (name === 'git') return gitReason(rest);
  if (name === 'find') return findReason(rest, ctx);
  if (name === 'chmod') {
    const f = flagsOf(rest);
    const recursive = f.short.has('R') || f.long.has('--recursive');
    const open = f.args.some((w) => /^0?777$|^(a|ugo)?[+=]rwx$/.test(w.text));
    return recursive && open ? policyReasons.chmodOpen : null;
  }
  if (name === 'mkfs' || name.startsWith('mkfs.') || DISK_TOOLS.has(name)) return policyReasons.diskTool(name);
  if (name === 'dd' && rest.some((w) => /^of=\/dev\//.test(w.text))) return policyReasons.ddDevice;
  if (POWER.has(name)) return policyReasons.stopsMachine(name);
  if (name === 'init' && rest.some((w) => w.text === '0' || w.text === '6')) return policyReasons.stopsMachine('init 0/6');
  if (name === 'systemctl' && rest.some((w) => ['poweroff', 'reboot', 'halt', 'kexec'].includes(w.text))) return policyReasons.stopsMachine('systemctl poweroff/reboot');
  return null;
}
