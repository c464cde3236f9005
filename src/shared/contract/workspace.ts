import { z } from 'zod';
import { defineCommand, defineEvent, noInput } from './define';
import { workspaceSummary } from './app';

/** A path relative to the workspace root, with forward slashes; '' is the root itself. */
export const relPath = z.string().max(4096);

export const fileEntry = z.object({
  name: z.string(),
  path: relPath,
  kind: z.enum(['file', 'dir', 'symlink']),
  size: z.number().int().nonnegative().optional(),
  /** For symlinks: what the link leads to ('outside' the workspace is refused by every command). */
  link: z.enum(['file', 'dir', 'outside', 'broken']).optional(),
});
export type FileEntry = z.infer<typeof fileEntry>;

export const fileChange = z.object({
  path: relPath,
  kind: z.enum(['add', 'change', 'unlink', 'addDir', 'unlinkDir']),
});
export type FileChange = z.infer<typeof fileChange>;

export const workspaceCommands = {
  'workspace.info': defineCommand(noInput, workspaceSummary.nullable(), 'The open workspace, or null.'),
  'workspace.list': defineCommand(
    z.object({
      path: relPath.default(''),
      offset: z.number().int().nonnegative().default(0),
      limit: z.number().int().min(1).max(5000).default(500),
    }),
    z.object({
      path: relPath,
      entries: z.array(fileEntry),
      total: z.number().int().nonnegative(),
      nextOffset: z.number().int().nonnegative().nullable(),
    }),
    'One folder of the workspace (directories first, .gitignore respected, .git hidden), paged.',
  ),
  'workspace.read': defineCommand(
    z.object({ path: relPath.min(1) }),
    z.object({
      path: relPath,
      size: z.number().int().nonnegative(),
      binary: z.boolean(),
      truncated: z.boolean(),
      content: z.string(),
    }),
    'A file of the workspace as text (binary files report binary: true and no content).',
  ),
  'workspace.open': defineCommand(
    z.object({ path: z.string().min(1).max(4096) }),
    workspaceSummary,
    'Open a folder as the workspace (desktop; the browser face serves one folder).',
  ),
  'workspace.recent': defineCommand(
    noInput,
    z.object({ folders: z.array(z.string()) }),
    'Recently opened folders, newest first.',
  ),
};

export const workspaceEvents = {
  'workspace.onChanged': defineEvent(
    z.object({
      changes: z.array(fileChange),
      /** Too many changes to list (e.g. a process creating thousands of files a second): reload what is shown. */
      refresh: z.literal(true).optional(),
    }),
    'Files changed on disk (batched); `refresh`: too many to list, `changes` is empty.',
  ),
};
