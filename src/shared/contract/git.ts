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
});
export type GitStatus = z.infer<typeof gitStatus>;

export const gitCommands = {
  'git.status': defineCommand(noInput, gitStatus, 'git status of the workspace (isRepo false outside a repository).'),
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
};

export const gitEvents = {
  'git.onChanged': defineEvent(noInput, 'The repository state may have changed; refetch git.status.'),
};
