import { z } from 'zod';
import { defineCommand, defineEvent, noInput, ok } from './define';
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

/** The sha256 of a file's bytes, in lowercase hex: what `workspace.write` compares to tell whether a file changed. */
export const contentHash = z.string().regex(/^[0-9a-f]{64}$/);

/** Characters `workspace.write` takes at most (the faces' own frame limits may be lower). */
export const MAX_WRITE_CHARS = 32 * 1024 * 1024;

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
      /** sha256 of the file's bytes as read (give it back to workspace.write); null when truncated (not all was read). */
      hash: contentHash.nullable(),
    }),
    'A file of the workspace as text (binary files report binary: true and no content).',
  ),
  'workspace.write': defineCommand(
    z.object({
      path: relPath.min(1),
      content: z.string().max(MAX_WRITE_CHARS),
      /**
       * The hash workspace.read answered for the text being saved: when the file on disk is not that any more, the
       * answer is a `conflict` with `details.currentHash` (null: it is gone) and nothing is written. null: the file
       * must not exist yet. Omitted: no check (overwrite).
       */
      expectedHash: contentHash.nullable().optional(),
    }),
    z.object({ path: relPath, hash: contentHash, size: z.number().int().nonnegative() }),
    'Save a file (UTF-8) atomically inside the workspace (folders made, permissions kept); conflict when it changed since expectedHash.',
  ),
  'workspace.open': defineCommand(
    z.object({ path: z.string().min(1).max(4096) }),
    workspaceSummary,
    'Open a folder as the workspace in place of the open one (the browser face: only inside the folders folders.browse may list).',
  ),
  'workspace.close': defineCommand(noInput, ok, 'Close the open folder (its sessions stop, as when another is opened); the app shows its Welcome screen.'),
  'workspace.recent': defineCommand(
    noInput,
    z.object({ folders: z.array(z.string()) }),
    'Recently opened folders, newest first (the browser face: only those it may open).',
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
