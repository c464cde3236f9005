import { z } from 'zod';
import { defineCommand } from './define';

/**
 * Folders of the machine Akira runs on, for picking a workspace (issue 13): the browser face's "Open Folder…"
 * dialog browses them on the server. Only the roots the face allows are browsed (`akira serve`: the user's home
 * and the folder the command line named; the desktop: the home), and what is inside them; anything else
 * (`/etc`, `..` escapes, symlinks leading out) is `forbidden`.
 */

export const folderEntry = z.object({
  name: z.string(),
  /** Absolute path of the entry (inside the folder browsed). */
  path: z.string(),
  /** Always true: only folders are listed (files cannot be opened as a workspace). */
  isDir: z.boolean(),
  /** The folder holds a `.git` (a repository's top). */
  isGitRepo: z.boolean().optional(),
  /** A dot-folder (listed after the others). */
  hidden: z.boolean().optional(),
  /** A symbolic link to a folder inside the allowed roots. */
  link: z.boolean().optional(),
});
export type FolderEntry = z.infer<typeof folderEntry>;

/** `home`: the user's home folder (the UI names it in its own language; `name` is the English 'Home'). */
export const folderRoot = z.object({ name: z.string(), path: z.string(), home: z.boolean().optional() });
export type FolderRoot = z.infer<typeof folderRoot>;

export const folderListing = z.object({
  /** The real absolute path browsed. */
  path: z.string(),
  /** The folder above, or null when that is outside the allowed roots. */
  parent: z.string().nullable(),
  /** Folders only: visible ones first, then dot-folders, each in natural order. */
  entries: z.array(folderEntry),
  /** More folders than listed (the first `entries.length` are). */
  truncated: z.boolean(),
  /** The folders that may be browsed (and what is inside them). */
  roots: z.array(folderRoot),
});
export type FolderListing = z.infer<typeof folderListing>;

export const foldersCommands = {
  'folders.browse': defineCommand(
    z.object({
      /** An absolute path (`~` is the home folder); omitted: the open workspace's parent, else the first root. */
      path: z.string().min(1).max(4096).optional(),
    }),
    folderListing,
    "The folders inside one folder of the allowed roots (the user's home and the folder the command line named); forbidden elsewhere.",
  ),
};

export const foldersEvents = {};
