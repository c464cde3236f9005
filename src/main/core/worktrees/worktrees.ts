import type { RepoTrust } from '../../common/repoGitGuard';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { storeKey } from '../checkpoints/storeLayout';
import { AkiraError } from '../errors';
import { mergeBranch, type MergeResult } from './mergeBack';
import { probeRepo, type RepoFacts } from './repoProbe';
import { diffTrees, type WorktreeFileDiff } from './treeDiff';
import { addAllButBookkeeping, workTreeTree } from './workTreeState';
import { createWorktreeGit, gitError, identityEnv } from './worktreeGit';
import { parseWorktreeList, removeWorktreeMetadata } from './worktreeRecords';
import { specErrors, type Words } from '../../../shared/errors';

export type { MergeResult, MergeRefusal } from './mergeBack';
export type { WorktreeFileDiff } from './treeDiff';

/**
 * Worktrees: the git side of a session that runs in its own git worktree (issue 10). No agent code:
 * the agent, the scheduler and the faces call this.
 *
 * ```ts
 * const wt = createWorktrees({ root, dataDir });          // root: the workspace's real path
 * await wt.available();        // {ok: true} | {ok: false, reason}: not a repo, no commits, bare, git missing…
 * const info = await wt.create(sessionId);   // branch akira/<8> from HEAD + the user's uncommitted changes
 * // … the session works in info.workspace …
 * await wt.commit(info, task);               // {commit} | null when nothing changed
 * await wt.diff(info);                       // {files: [{path, status, before, after, binary, tooLarge}]}
 * await wt.merge(info, task);                // {merged: true, commit} | {merged: false, why, reason, conflicts, localChanges}
 * await wt.discard(info);                    // worktree, branch and git's metadata gone; idempotent
 * await wt.list();                           // Akira's worktrees of this repo (branches akira/*)
 * ```
 *
 * Layout: the worktree of session `<id>` is `<dataDir>/worktrees/<key>/<id[0..8]>` (outside the
 * workspace; `<key>` is the checkpoint store's key of the workspace's real path, `storeKey`), on branch
 * `akira/<id[0..8]>` (pinned in the design). `<dataDir>/worktrees/<key>/workspace.txt` names the
 * workspace; `.tmp/` holds temporary index files while an operation runs.
 *
 * Promises to the user: `create`, `diff` and `commit` never write the user's tree, index, stash list, HEAD
 * or branch: the uncommitted changes are read through a temporary index (workTreeState.ts) and committed
 * with plumbing (`write-tree`, `commit-tree`, `update-ref`). `merge` is the only operation that touches
 * the user's tree, and it is all or nothing (mergeBack.ts). Akira's commits use the user's git identity
 * when `user.name` and `user.email` are configured, else `Akira <akira@localhost>`; they are never signed
 * and run no hooks (worktreeGit.ts). Akira's bookkeeping folders of the workspace (`.akira/sessions`,
 * `.akira/checkpoints`, `.akira/cookies`) are never copied or committed.
 *
 * Operations of one instance that write (create, commit, merge, discard) run one at a time; diff, list
 * and available do not wait. Two instances (the app and the CLI) on one repository are kept apart by
 * git's own ref and index locks and by distinct session ids.
 *
 * Out of scope: submodules (a gitlink is carried as it is, never initialised in the worktree), Git LFS
 * (no LFS smudge/clean is arranged beyond what the user's config does; hooks are off), sparse checkouts,
 * a workspace on a path git cannot represent.
 */

export interface WorktreeInfo {
  sessionId: string;
  /** Absolute path of the worktree: `<dataDir>/worktrees/<key of the workspace's real path>/<first 8 chars of the session id>`. */
  path: string;
  /** Where the workspace lies in the worktree: `path` itself, or `path/<sub/dir>` when the workspace is a subfolder of its repository. */
  workspace: string;
  /** `akira/<first 8 characters of the session id>` (pinned in the design). */
  branch: string;
  /** The user's HEAD commit when the session started. */
  baseCommit: string;
  /** The branch the user was on (null: detached HEAD). */
  baseBranch: string | null;
  /** The commit on the session branch holding the user's uncommitted changes at start (tracked changes and untracked, not ignored, files), or null when the tree was clean. */
  snapshotCommit: string | null;
}

export interface WorktreeListing {
  path: string;
  /** `akira/<8>`. */
  branch: string;
  /** The commit checked out there. */
  head: string;
}

export interface Worktrees {
  /** Can worktree isolation be used here? Not a git repo, no commits (unborn HEAD), a bare repo, git missing → {ok: false, reason}. */
  available(): Promise<{ ok: true } | { ok: false; reason: string; words: Words }>;
  /** A new worktree on branch akira/<8> from HEAD plus the user's uncommitted changes (one snapshot commit). `conflict` when the branch or folder exists. */
  create(sessionId: string): Promise<WorktreeInfo>;
  /** Commits everything in the worktree on its branch; null when nothing changed. */
  commit(info: WorktreeInfo, message: string): Promise<{ commit: string } | null>;
  /** Every file that differs between the base (snapshotCommit ?? baseCommit) and the worktree now (committed or not). */
  diff(info: WorktreeInfo): Promise<{ files: WorktreeFileDiff[] }>;
  /** Merges the session branch into the user's current branch (`--no-ff`), after committing what is left in the worktree; all or nothing. */
  merge(info: WorktreeInfo, message: string): Promise<MergeResult>;
  /** Removes the worktree, its git metadata and its branch; idempotent. */
  discard(info: WorktreeInfo): Promise<void>;
  /** The worktrees of this repository on akira/* branches. */
  list(): Promise<WorktreeListing[]>;
}

export interface WorktreesOptions {
  /** The workspace's real path. */
  root: string;
  /** Akira's data folder. */
  dataDir: string;
  /** The environment git starts from (default process.env; every GIT_* variable is dropped anyway). */
  env?: NodeJS.ProcessEnv;
  /** The user's trust in repositories' own programs (none: they never run; hooks never do). */
  trust?: RepoTrust;
}

const SHORT_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{7}/;
const BRANCH_PREFIX = 'akira/';

/** The first 8 characters of a session id (refused unless they make a safe branch and folder name). */
export function shortId(sessionId: string): string {
  const m = SHORT_ID.exec(sessionId);
  if (!m) throw new AkiraError('bad_request', specErrors.badWorktreeId);
  return m[0];
}

/** Where Akira keeps the worktrees of the workspace at `root`. */
export function worktreesDir(dataDir: string, root: string): string {
  return join(dataDir, 'worktrees', storeKey(root));
}

/** The worktree folder and branch of a session. */
export function worktreeLocation(dataDir: string, root: string, sessionId: string): { path: string; branch: string } {
  const short = shortId(sessionId);
  return { path: join(worktreesDir(dataDir, root), short), branch: `${BRANCH_PREFIX}${short}` };
}

export function createWorktrees(opts: WorktreesOptions): Worktrees {
  const { root, dataDir } = opts;
  const git = createWorktreeGit(opts.env, opts.trust);
  const baseDir = worktreesDir(dataDir, root);
  const tmpDir = join(baseDir, '.tmp');
  let facts: RepoFacts | null = null;
  let tail: Promise<unknown> = Promise.resolve();

  /** Runs write operations one at a time. */
  function exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = tail.then(fn, fn);
    tail = run.catch(() => undefined);
    return run;
  }

  async function repo(): Promise<RepoFacts> {
    if (facts) return facts;
    const probe = await probeRepo(git, root, dataDir);
    if (!probe.ok) throw new AkiraError('unavailable', probe.words);
    facts = probe.repo;
    return facts;
  }

  /** The info's path and branch must be the ones its session id names (a forged info must not aim discard elsewhere). */
  function checked(info: WorktreeInfo): { short: string; ref: string } {
    const where = worktreeLocation(dataDir, root, info.sessionId);
    if (info.path !== where.path || info.branch !== where.branch) {
      throw new AkiraError('bad_request', specErrors.recordMismatch(info.sessionId, where.branch));
    }
    return { short: shortId(info.sessionId), ref: `refs/heads/${where.branch}` };
  }

  async function refExists(cwd: string, ref: string): Promise<string | null> {
    return (await git.text(cwd, ['rev-parse', '--verify', '-q', `${ref}^{commit}`], { okCodes: [1] })).trim() || null;
  }

  async function create(sessionId: string): Promise<WorktreeInfo> {
    const { path, branch } = worktreeLocation(dataDir, root, sessionId);
    const short = shortId(sessionId);
    const ref = `refs/heads/${branch}`;
    const { top, prefix } = await repo();
    if (existsSync(path)) throw new AkiraError('conflict', specErrors.worktreeFolderExists(short));
    const taken = () => new AkiraError('conflict', specErrors.branchExists(branch));

    // One git process for what HEAD is (git processes are what create costs besides the checkout).
    const heads = (await git.text(top, ['rev-parse', 'HEAD^{commit}', 'HEAD^{tree}', '--git-path', 'index', '--symbolic-full-name', 'HEAD'])).split('\n');
    const [baseCommit, headTree, index, headName] = heads;
    const baseBranch = headName.startsWith('refs/heads/') ? headName.slice('refs/heads/'.length) : null;

    const tree = await workTreeTree(git, { cwd: top, prefix, tmpDir, index: isAbsolute(index) ? index : resolve(top, index) });
    let snapshotCommit: string | null = null;
    if (tree !== headTree) {
      const env = await identityEnv(git, top);
      const message = `Akira: uncommitted changes when session ${short} started`;
      snapshotCommit = (await git.text(top, ['commit-tree', '--no-gpg-sign', tree, '-p', baseCommit, '-m', message], { env })).trim();
    }
    const tip = snapshotCommit ?? baseCommit;
    try {
      await git.raw(top, ['update-ref', '-m', `akira: session ${short} created`, ref, tip, '']);
    } catch (err) {
      if (await refExists(top, ref)) throw taken();
      throw gitError(err);
    }
    try {
      await mkdir(baseDir, { recursive: true });
      await recordWorkspace();
      await git.bytes(top, ['worktree', 'add', '--quiet', path, branch]);
    } catch (err) {
      await git.raw(top, ['worktree', 'remove', '--force', '--force', path]).catch(() => undefined);
      await rm(path, { recursive: true, force: true });
      await removeWorktreeMetadata((await repo()).commonDir, path);
      await git.raw(top, ['update-ref', '-d', ref, tip]).catch(() => undefined);
      throw err;
    }
    return { sessionId, path, workspace: prefix ? join(path, prefix.replace(/\/$/, '')) : path, branch, baseCommit, baseBranch, snapshotCommit };
  }

  async function recordWorkspace(): Promise<void> {
    const file = join(baseDir, 'workspace.txt');
    const recorded = await readFile(file, 'utf8').catch(() => null);
    if (recorded?.trim() !== root) await writeFile(file, `${root}\n`);
  }

  async function commitNow(info: WorktreeInfo, message: string): Promise<{ commit: string } | null> {
    const { short, ref } = checked(info);
    const { prefix } = await repo();
    if (!existsSync(info.path)) throw new AkiraError('not_found', specErrors.worktreeGone(short));
    const [parent, parentTree, head] = (await git.text(info.path, ['rev-parse', 'HEAD^{commit}', 'HEAD^{tree}', '--symbolic-full-name', 'HEAD'])).split('\n');
    if (head !== ref) {
      throw new AkiraError('conflict', specErrors.worktreeOffBranch(short, info.branch, head.startsWith('refs/heads/') ? head.slice('refs/heads/'.length) : ''));
    }
    await addAllButBookkeeping(git, info.path, prefix);
    const tree = (await git.text(info.path, ['write-tree'])).trim();
    if (tree === parentTree) return null;
    const env = await identityEnv(git, info.path);
    const text = message.trim() || `Akira session ${short}`;
    const commit = (await git.text(info.path, ['commit-tree', '--no-gpg-sign', tree, '-p', parent, '-m', text], { env })).trim();
    await git.bytes(info.path, ['update-ref', '-m', `akira: session ${short} commit`, ref, commit, parent]);
    return { commit };
  }

  async function diff(info: WorktreeInfo): Promise<{ files: WorktreeFileDiff[] }> {
    const { ref } = checked(info);
    const { top, prefix } = await repo();
    const base = info.snapshotCommit ?? info.baseCommit;
    let now: string;
    if (existsSync(info.path)) now = await workTreeTree(git, { cwd: info.path, prefix, tmpDir });
    else {
      const tip = await refExists(top, ref);
      if (!tip) throw new AkiraError('not_found', specErrors.nothingLeft(info.sessionId.slice(0, 8)));
      now = tip;
    }
    return { files: await diffTrees(git, top, base, now) };
  }

  async function merge(info: WorktreeInfo, message: string): Promise<MergeResult> {
    const { short, ref } = checked(info);
    const { prefix } = await repo();
    if (existsSync(info.path)) await commitNow(info, `Akira: work of session ${short} not committed before the merge`);
    const subject = message.trim().split('\n')[0] || `Akira session ${short}`;
    const body = `Merge of ${info.branch} (Akira session ${info.sessionId}).`;
    return mergeBranch(git, { cwd: root, ref, short, prefix, message: `${subject}\n\n${body}` });
  }

  async function discard(info: WorktreeInfo): Promise<void> {
    const { ref } = checked(info);
    const { top, commonDir } = await repo();
    const records = parseWorktreeList(await git.text(top, ['worktree', 'list', '--porcelain']));
    const elsewhere = records.find((r) => r.branch === ref && r.path !== info.path && !r.prunable);
    if (elsewhere) {
      throw new AkiraError('conflict', specErrors.checkedOutElsewhere(info.branch, elsewhere.path));
    }
    if (existsSync(info.path) || records.some((r) => r.path === info.path)) {
      await git.raw(top, ['worktree', 'remove', '--force', '--force', info.path]).catch(() => undefined);
    }
    await rm(info.path, { recursive: true, force: true });
    await removeWorktreeMetadata(commonDir, info.path);
    if (await refExists(top, ref)) await git.bytes(top, ['update-ref', '-d', ref]);
    await tidyBaseDir();
  }

  /** The workspace's worktrees folder goes once it holds no worktree (rmdir: never a folder something is still using). */
  async function tidyBaseDir(): Promise<void> {
    const names = await readdir(baseDir).catch(() => [] as string[]);
    if (names.some((n) => n !== 'workspace.txt' && n !== '.tmp')) return;
    await rmdir(tmpDir).catch(() => undefined);
    if (names.includes('workspace.txt')) await rm(join(baseDir, 'workspace.txt'), { force: true });
    await rmdir(baseDir).catch(() => undefined);
  }

  async function list(): Promise<WorktreeListing[]> {
    const { top } = await repo();
    const records = parseWorktreeList(await git.text(top, ['worktree', 'list', '--porcelain']));
    return records
      .filter((r) => r.branch?.startsWith(`refs/heads/${BRANCH_PREFIX}`) && r.head)
      .map((r) => ({ path: r.path, branch: r.branch!.slice('refs/heads/'.length), head: r.head! }));
  }

  return {
    async available() {
      const probe = await probeRepo(git, root, dataDir);
      if (!probe.ok) return { ok: false, reason: probe.reason, words: probe.words };
      facts = probe.repo;
      return { ok: true };
    },
    create: (sessionId) => exclusive(() => create(sessionId)),
    commit: (info, message) => exclusive(() => commitNow(info, message)),
    diff,
    merge: (info, message) => exclusive(() => merge(info, message)),
    discard: (info) => exclusive(() => discard(info)),
    list,
  };
}
