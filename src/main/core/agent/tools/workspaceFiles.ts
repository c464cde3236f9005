import { createHash } from 'node:crypto';
import { lstat } from 'node:fs/promises';
import { basename, dirname, join, normalize } from 'node:path';
import { AkiraError } from '../../errors';
import { createGitignoreRules, type GitignoreRules } from '../../workspace/gitignoreRules';
import { readConfined } from '../../workspace/confinedFs';
import { isInsideDotGit, resolveInsideEx, toRelative } from '../../workspace/pathGuard';
import { hints, messageOf, ToolError } from './toolError';
import { toolErrors } from '../../../../shared/errors';
import type { ToolContext } from './toolTypes';
import { diffLines, splitLines } from '../../../../shared/lineDiff';

/**
 * File access for the agent's tools: every path goes through pathGuard (relative to the root, `..`,
 * absolute paths and symlinks that lead out are refused), files are read through a descriptor checked
 * to be inside (confinedFs: a folder swapped for a link meanwhile is refused), and what was read is
 * hashed so a later apply can detect a conflict.
 */

/** Bytes a file tool reads at most (bigger files are refused with a hint). */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;
const BINARY_SNIFF = 8192;

export interface ToolPath {
  /** Real absolute path. */
  real: string;
  /** Workspace-relative path of the real file ('' for the root). */
  rel: string;
  exists: boolean;
}

function requirePath(path: unknown, param: string): string {
  if (typeof path !== 'string' || !path.trim()) {
    throw new ToolError('bad_request', `"${param}" must be a non-empty path.`, hints.outside);
  }
  return path.trim();
}

/** Resolves a tool's path parameter inside the workspace (ToolError with a hint otherwise). */
export async function resolveToolPath(
  ctx: ToolContext,
  path: string,
  options: { mustExist?: boolean; param?: string } = {},
): Promise<ToolPath> {
  const given = requirePath(path, options.param ?? 'path');
  try {
    const { real, exists } = await resolveInsideEx(ctx.root, given);
    if (options.mustExist && !exists) {
      throw new ToolError('not_found', toolErrors.noSuchFileOrFolder(given), hints.notFound);
    }
    return { real, rel: toRelative(ctx.root, real), exists };
  } catch (err) {
    if (err instanceof ToolError) throw err;
    if (err instanceof AkiraError) {
      const hint = err.code === 'forbidden' ? hints.outside : err.code === 'not_found' ? hints.notFound : undefined;
      throw new ToolError(err.code, messageOf(err), hint);
    }
    throw err;
  }
}

/** The workspace's gitignore rules: the context's, or fresh ones. */
export async function rulesFor(ctx: ToolContext): Promise<GitignoreRules> {
  return ctx.rules ?? createGitignoreRules(ctx.root);
}

export function sha256(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}

export function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, BINARY_SNIFF).includes(0);
}

export interface FileContent {
  bytes: Buffer;
  /** Decoded text (invalid UTF-8 replaced); null for binary files. */
  text: string | null;
  binary: boolean;
  /** The bytes are not valid UTF-8 (the text holds replacement characters). */
  notUtf8: boolean;
  hash: string;
}

export function decode(bytes: Buffer): FileContent {
  const binary = looksBinary(bytes);
  let text: string | null = null;
  let notUtf8 = false;
  if (!binary) {
    try {
      // ignoreBOM keeps a byte-order mark in the text, so an edit writes it back.
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      notUtf8 = true;
      text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    }
  }
  return { bytes, text, binary, notUtf8, hash: sha256(bytes) };
}

/**
 * Reads a regular file at a resolved real path through a descriptor checked to be inside the
 * workspace (refuses folders, links or folders swapped in since, and files over the cap).
 */
export async function readFileAt(root: string, path: ToolPath, shown: string): Promise<FileContent> {
  const file = await readConfined(root, path.real, {
    check: (stats) => {
      if (stats.isDirectory()) {
        throw new ToolError('bad_request', toolErrors.isFolder(shown), 'Use list_files to see what it holds.');
      }
      if (!stats.isFile()) throw new ToolError('bad_request', toolErrors.notRegularFile(shown));
      if (stats.size > MAX_FILE_BYTES) {
        throw new ToolError(
          'bad_request',
          toolErrors.tooBig(shown, (stats.size / 1024 / 1024).toFixed(1), MAX_FILE_BYTES / 1024 / 1024),
          'Use search_files to find the lines you need, or run_command with e.g. `sed -n 100,200p <file>`, `head` or `tail`.',
        );
      }
    },
  });
  if (!file) throw new ToolError('not_found', toolErrors.noSuchFileOrFolder(shown), hints.notFound);
  return decode(file.bytes);
}

/**
 * The current state of a file for a write tool: the pending proposed content when the context has
 * one for it, else what is on disk.
 */
export interface CurrentFile {
  exists: boolean;
  text: string | null;
  binary: boolean;
  notUtf8: boolean;
  /** Hash of what the state is based on (null when it does not exist). */
  hash: string | null;
  pending: boolean;
}

export async function currentFile(ctx: ToolContext, path: ToolPath, shown: string): Promise<CurrentFile> {
  const pending = ctx.pendingContent?.(path.rel);
  if (pending !== undefined) {
    if (pending === null) return { exists: false, text: null, binary: false, notUtf8: false, hash: null, pending: true };
    return { exists: true, text: pending, binary: false, notUtf8: false, hash: sha256(pending), pending: true };
  }
  if (!path.exists) return { exists: false, text: null, binary: false, notUtf8: false, hash: null, pending: false };
  const content = await readFileAt(ctx.root, path, shown);
  return { exists: true, text: content.text, binary: content.binary, notUtf8: content.notUtf8, hash: content.hash, pending: false };
}

/**
 * Refuses paths inside a `.git` folder (or a `.git` file), in any case or disguise, as the real path (`rel`) or as
 * the caller named it (`shown`: a `.git` that is a link elsewhere): the repository's own data is not the agent's to
 * edit, nor to read (its configuration can hold credentials and names programs git runs).
 */
export function refuseGitInternals(rel: string, shown: string, use: 'write' | 'read' = 'write'): void {
  if (isInsideDotGit(rel) || isInsideDotGit(shown)) {
    const words = use === 'read' ? toolErrors.insideGitRead(shown) : toolErrors.insideGit(shown);
    throw new ToolError('forbidden', words, use === 'read' ? 'Use git commands through run_command instead (git log, git show, git status).' : 'Use run_command with git commands instead.');
  }
}

/**
 * The entry a path names itself, without following a final symlink: the parent is resolved and
 * confined, then the last component is looked at with lstat.
 */
export async function lstatEntry(ctx: ToolContext, path: string): Promise<{ isLink: boolean; abs: string }> {
  const given = normalize(requirePath(path, 'path')).replace(/[\\/]+$/, '');
  const name = basename(given);
  const parent = await resolveToolPath(ctx, dirname(given) || '.');
  const abs = join(parent.real, name);
  if (!name || name === '.' || name === '..') return { isLink: false, abs: parent.real };
  const stats = await lstat(abs).catch(() => null);
  return { isLink: !!stats?.isSymbolicLink(), abs };
}

/** Line counts a change adds and removes (the shared line diff). */
export function lineStats(before: string | null, after: string | null): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const edit of diffLines(splitLines(before), splitLines(after))) {
    if (edit.kind === '+') added++;
    else if (edit.kind === '-') removed++;
  }
  return { added, removed };
}
