import { z } from 'zod';
import { defineCommand, defineEvent, noInput } from './define';
import { relPath } from './workspace';

export const gitFileStatus = z.enum(['modified', 'added', 'deleted', 'untracked', 'renamed', 'conflicted']);
export type GitFileStatus = z.infer<typeof gitFileStatus>;

export const gitFile = z.object({
  path: relPath,
  status: gitFileStatus,
  staged: z.boolean(),
  origPath: relPath.optional(),
});
export type GitFile = z.infer<typeof gitFile>;

export const gitStatus = z.object({
  isRepo: z.boolean(),
  branch: z.string().nullable(),
  ahead: z.number().int().nonnegative(),
  behind: z.number().int().nonnegative(),
  files: z.array(gitFile),
  /** True when the list was cut at its limit (thousands of changed files). */
  truncated: z.boolean().optional(),
  /** True when git is not installed (no git on the PATH): `isRepo` is false and the view says how to install it. */
  gitMissing: z.boolean().optional(),
});
export type GitStatus = z.infer<typeof gitStatus>;

/**
 * One hunk of a file's diff, as `git diff` prints it (three lines of context): the header's ranges and its lines,
 * each starting with ' ' (context), '-' (removed), '+' (added) or '\' (no newline at end of file), without '\n'.
 * `git.stageHunk` and the others name a hunk by all of it, so a hunk that is no longer in the diff is refused.
 */
export const gitHunk = z.object({
  oldStart: z.number().int().nonnegative(),
  oldLines: z.number().int().nonnegative(),
  newStart: z.number().int().nonnegative(),
  newLines: z.number().int().nonnegative(),
  lines: z.array(z.string()).min(1).max(200_000),
});
export type GitHunk = z.infer<typeof gitHunk>;

export const gitCommit = z.object({
  hash: z.string(),
  shortHash: z.string(),
  subject: z.string(),
  /** The branch it is on; null when HEAD is detached. */
  branch: z.string().nullable(),
});
export type GitCommit = z.infer<typeof gitCommit>;

export const gitBranch = z.object({
  name: z.string(),
  current: z.boolean(),
  /** The upstream branch (e.g. origin/main), null without one. */
  upstream: z.string().nullable(),
  ahead: z.number().int().nonnegative(),
  behind: z.number().int().nonnegative(),
  /** The upstream is configured but no longer exists. */
  upstreamGone: z.boolean(),
  shortHash: z.string(),
  subject: z.string(),
});
export type GitBranch = z.infer<typeof gitBranch>;

/** A program the repository's own git configuration names (a key and its command line) or a hook (its name and file). */
export const gitProgram = z.object({ kind: z.enum(['config', 'hook']), name: z.string(), command: z.string() });
export type GitProgram = z.infer<typeof gitProgram>;

/** The programs git would run on the repository's say-so, and whether Akira's git calls may run them (issue 26). */
export const gitPrograms = z.object({
  isRepo: z.boolean(),
  programs: z.array(gitProgram),
  /** True once the user trusted exactly these programs (a hook by its content) for this repository. */
  trusted: z.boolean(),
  /** What `git.trustPrograms` names; null outside a repository. */
  fingerprint: z.string().nullable(),
});
export type GitPrograms = z.infer<typeof gitPrograms>;

/** Workspace-relative paths of files (at least one). */
const gitPaths = z.array(relPath.min(1)).min(1).max(10_000);
const hunkInput = z.object({ path: relPath.min(1), hunk: gitHunk }).strict();
const discarded = z.object({
  paths: z.array(relPath),
  /** The checkpoint taken just before (restore it, for these paths, to undo the discard). */
  checkpointId: z.string(),
});

export const gitCommands = {
  'git.status': defineCommand(noInput, gitStatus, 'git status of the workspace (isRepo false outside a repository; gitMissing when git is not installed).'),
  'git.diff': defineCommand(
    z.object({ path: relPath.min(1) }),
    z.object({
      path: relPath,
      original: z.string().nullable(),
      modified: z.string().nullable(),
      binary: z.boolean(),
      /** True when a side is too big to show (contents are then null). */
      tooLarge: z.boolean().optional(),
    }),
    'A file at HEAD (original) and in the working tree (modified); null where it does not exist.',
  ),
  'git.hunks': defineCommand(
    z.object({ path: relPath.min(1) }).strict(),
    z.object({
      path: relPath,
      /** HEAD → index. */
      staged: z.array(gitHunk),
      /** Index → working tree (an untracked file has none: stage it whole). */
      unstaged: z.array(gitHunk),
      binary: z.boolean(),
      /** The diff is too large to list hunk by hunk (the lists are then empty). */
      tooLarge: z.boolean().optional(),
    }),
    "A file's staged and unstaged hunks.",
  ),
  'git.stage': defineCommand(z.object({ paths: gitPaths }).strict(), z.object({ paths: z.array(relPath) }), 'Stage files (git add): changes, new files, deletions.'),
  'git.unstage': defineCommand(z.object({ paths: gitPaths }).strict(), z.object({ paths: z.array(relPath) }), 'Unstage files: the index goes back to HEAD for them; the working tree is untouched.'),
  'git.discard': defineCommand(
    z.object({ paths: gitPaths }).strict(),
    discarded,
    "Discard files' unstaged changes: back to the index (an untracked file is deleted). Checkpointed first.",
  ),
  'git.stageHunk': defineCommand(hunkInput, z.object({ path: relPath }), 'Stage one unstaged hunk (conflict when it is no longer in the diff).'),
  'git.unstageHunk': defineCommand(hunkInput, z.object({ path: relPath }), 'Unstage one staged hunk (conflict when it is no longer in the diff).'),
  'git.discardHunk': defineCommand(
    hunkInput,
    discarded,
    'Discard one unstaged hunk from the working tree (conflict when it is no longer in the diff). Checkpointed first.',
  ),
  'git.commit': defineCommand(
    z.object({ message: z.string().max(100_000), amend: z.boolean().default(false) }).strict(),
    z.object({ commit: gitCommit }),
    'Commit what is staged (amend: replace the last commit, staged changes and the new message included).',
  ),
  'git.branches': defineCommand(
    noInput,
    z.object({ current: z.string().nullable(), detached: z.boolean(), branches: z.array(gitBranch) }),
    'Local branches, the current one, and how far each is ahead of or behind its upstream.',
  ),
  'git.programs': defineCommand(
    noInput,
    gitPrograms,
    "Programs the repository's own git configuration names (hooks, filters, merge and diff drivers, fsmonitor): Akira's git calls run none of them until trusted.",
  ),
  'git.trustPrograms': defineCommand(
    z.object({ fingerprint: z.string().min(1).max(200), trusted: z.boolean() }).strict(),
    gitPrograms,
    "Trust (or stop trusting) the repository's programs as git.programs listed them (conflict when they changed since: look again).",
  ),
  'git.checkout': defineCommand(
    z.object({ branch: z.string().min(1).max(255) }).strict(),
    z.object({ branch: z.string() }),
    'Switch to a local branch (conflict when local changes would be overwritten: nothing changes then).',
  ),
};

export const gitEvents = {
  'git.onChanged': defineEvent(noInput, 'The repository state may have changed; refetch git.status.'),
};
