import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { GitFailure } from '../../common/gitRun';
import { AkiraError } from '../errors';
import { linksLeadingOut } from './branchLinks';
import { gitError, identityEnv, plainGitText, type WorktreeGit } from './worktreeGit';
import { listedNames, plainWords, specErrors, type ErrorWords, type Words } from '../../../shared/errors';

/**
 * Brings a session branch into the branch checked out in the user's tree, all or nothing:
 *
 *   1. refuse (nothing run) while a merge, rebase, cherry-pick or revert is in progress there, or on a
 *      detached HEAD;
 *   2. refuse (nothing run) when the branch brings a symbolic link that points outside the workspace
 *      (branchLinks.ts: an absolute target, or `..` climbing out, also through other links);
 *   3. `git merge --no-ff --no-edit -m … refs/heads/akira/<8>` — hooks off, no autostash, no signing,
 *      no signature checks, no rerere (worktreeGit.ts and the flags below);
 *   4. git refuses before touching anything when the user's uncommitted (staged or not) or untracked
 *      files are in the way: its list of files is read back from stderr;
 *   5. a conflict leaves MERGE_HEAD: the unmerged files are listed, then `git merge --abort` puts the
 *      tree and index back (git only starts a merge when the index matches HEAD and no dirty file is
 *      touched, so nothing of the user's is lost), and we check that MERGE_HEAD is gone.
 */

export type MergeRefusal = 'conflict' | 'local_changes' | 'operation_in_progress' | 'detached_head' | 'links_outside' | 'failed';

export type MergeResult =
  | {
      merged: true;
      /** The merge commit now at the tip of the user's branch (or its HEAD when already merged). */
      commit: string;
      /** The branch held nothing the user's branch did not have: no commit was made. */
      alreadyMerged?: boolean;
    }
  | {
      merged: false;
      /** What to tell the user, in plain words (English: the API, --json and the logs read it). */
      reason: string;
      /** `reason` in words of the spec catalog (issue 14): the UI and the CLI say it in their language. */
      reasonWords: ErrorWords;
      why: MergeRefusal;
      /** Files both sides changed in ways git could not join (why: conflict). */
      conflicts: string[];
      /** The user's uncommitted or untracked files the merge would overwrite (why: local_changes). */
      localChanges: string[];
      /** The branch's symbolic links that point outside the workspace, `path -> target` (why: links_outside). */
      linksOutside?: string[];
    };

/** The file git leaves while an operation is under way, and the operation's name in spec.mergeDuringOperation. */
const IN_PROGRESS: [string, string][] = [
  ['MERGE_HEAD', 'merge'],
  ['rebase-merge', 'rebase'],
  ['rebase-apply', 'am'],
  ['CHERRY_PICK_HEAD', 'cherryPick'],
  ['REVERT_HEAD', 'revert'],
];

function refused(why: MergeRefusal, words: Words, files: { conflicts?: string[]; localChanges?: string[]; linksOutside?: string[] } = {}): MergeResult {
  const result: MergeResult = { merged: false, why, reason: words.en, reasonWords: plainWords(words), conflicts: files.conflicts ?? [], localChanges: files.localChanges ?? [] };
  if (files.linksOutside) result.linksOutside = files.linksOutside;
  return result;
}

async function gitPath(git: WorktreeGit, cwd: string, name: string): Promise<string> {
  const out = (await git.text(cwd, ['rev-parse', '--git-path', name])).replace(/\n$/, '');
  return isAbsolute(out) ? out : resolve(cwd, out);
}

/** Which operation is under way in the user's tree (its name in IN_PROGRESS; null: none). */
export async function operationInProgress(git: WorktreeGit, cwd: string): Promise<string | null> {
  for (const [name, what] of IN_PROGRESS) if (existsSync(await gitPath(git, cwd, name))) return what;
  return null;
}

export interface MergeRequest {
  /** The user's work tree (the workspace). */
  cwd: string;
  /** `refs/heads/akira/<8>`. */
  ref: string;
  /** The workspace's folder in the repository ('' at its top, else `sub/dir/`): links must stay inside it. */
  prefix: string;
  short: string;
  message: string;
}

export async function mergeBranch(git: WorktreeGit, req: MergeRequest): Promise<MergeResult> {
  const { cwd } = req;
  const busy = await operationInProgress(git, cwd);
  if (busy) {
    return refused('operation_in_progress', specErrors.mergeDuringOperation(busy));
  }
  const head = (await git.text(cwd, ['symbolic-ref', '-q', 'HEAD'], { okCodes: [1] })).trim();
  if (!head) return refused('detached_head', specErrors.mergeOnDetachedHead);
  const tip = (await git.text(cwd, ['rev-parse', '--verify', '-q', `${req.ref}^{commit}`], { okCodes: [1] })).trim();
  if (!tip) throw new AkiraError('not_found', specErrors.noSessionBranch(req.ref.replace('refs/heads/', '')));
  const already = await isAncestor(git, cwd, tip);
  if (already) return { merged: true, commit: await revParse(git, cwd, 'HEAD'), alreadyMerged: true };
  const outside = await linksLeadingOut(git, cwd, tip, req.prefix);
  if (outside.length) {
    const named = outside.map((l) => `${l.path} -> ${l.target}`);
    return refused('links_outside', specErrors.mergeLinksOutside(...listedNames(named, LISTED), req.short), { linksOutside: named });
  }

  const identity = await identityEnv(git, cwd);
  const args = [
    '-c', 'rerere.enabled=false',
    '-c', 'merge.autoStash=false',
    'merge', '--no-ff', '--no-edit', '--no-verify', '--no-gpg-sign', '--no-autostash', '--no-verify-signatures', '--no-stat', '--no-log',
    '-m', req.message,
    req.ref,
  ];
  try {
    await git.raw(cwd, args, { env: identity });
    return { merged: true, commit: await revParse(git, cwd, 'HEAD') };
  } catch (err) {
    if (!(err instanceof GitFailure) || !err.started) throw gitError(err);
    if (existsSync(await gitPath(git, cwd, 'MERGE_HEAD'))) return abortConflict(git, cwd, req.short);
    const blocking = filesInTheWay(err.stderr);
    if (blocking.length) {
      const untracked = /untracked working tree files/i.test(err.stderr);
      return refused('local_changes', specErrors.mergeWouldOverwrite(untracked ? 'untracked' : 'uncommitted', ...listedNames(blocking, LISTED), blocking.length), {
        localChanges: blocking,
      });
    }
    return refused('failed', specErrors.mergeRefusedByGit(plainGitText(err.stderr), String(err.code)));
  }
}

async function isAncestor(git: WorktreeGit, cwd: string, tip: string): Promise<boolean> {
  try {
    await git.raw(cwd, ['merge-base', '--is-ancestor', tip, 'HEAD']);
    return true;
  } catch (err) {
    if (err instanceof GitFailure && err.code === 1) return false;
    throw gitError(err);
  }
}

async function revParse(git: WorktreeGit, cwd: string, rev: string): Promise<string> {
  return (await git.text(cwd, ['rev-parse', '--verify', rev])).trim();
}

async function abortConflict(git: WorktreeGit, cwd: string, short: string): Promise<MergeResult> {
  const unmerged = (await git.text(cwd, ['diff', '--name-only', '-z', '--diff-filter=U'])).split('\0').filter(Boolean);
  const conflicts = [...new Set(unmerged)].sort();
  try {
    await git.raw(cwd, ['merge', '--abort']);
  } catch (err) {
    throw new AkiraError('internal', specErrors.mergeNotAborted(short, err instanceof GitFailure ? plainGitText(err.stderr) : String(err)));
  }
  if (existsSync(await gitPath(git, cwd, 'MERGE_HEAD'))) {
    throw new AkiraError('internal', specErrors.mergeStillInProgress(short));
  }
  return refused('conflict', specErrors.mergeConflicts(...listedNames(conflicts, LISTED), short), { conflicts });
}

/** The files git lists (indented) after "…would be overwritten by merge:" in its refusal. */
export function filesInTheWay(stderr: string): string[] {
  const files: string[] = [];
  let listing = false;
  for (const line of stderr.split(/\r?\n/)) {
    if (/would be (overwritten|removed) by (merge|checkout)/i.test(line)) {
      listing = true;
      continue;
    }
    if (listing && /^\s+\S/.test(line)) files.push(line.trim());
    else listing = false;
  }
  return [...new Set(files)];
}

/** How many files a reason names (the rest are counted; the result lists them all). */
const LISTED = 10;
