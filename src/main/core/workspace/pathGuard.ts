import { lstat, readlink, realpath } from 'node:fs/promises';
import { dirname, basename, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { AkiraError } from '../errors';
import { fileErrors } from '../../../shared/errors';

/**
 * Path confinement: every file the app touches on behalf of a caller (tree, editor, agent tools,
 * checkpoints) goes through `resolveInside`, which answers the real absolute path or refuses.
 *
 * Rules:
 * - the root is a real path (callers realpath it once when the workspace opens);
 * - relative paths are resolved against the root; `..` that leaves the root is refused;
 * - absolute paths are accepted only when their real path is inside the root;
 * - symlinks anywhere on the path (including the last component and dangling links) are followed
 *   by hand and the final real path must be inside the root;
 * - for paths that do not exist yet (future writes), the deepest existing ancestor is resolved
 *   and the missing tail appended, so a write can never land outside through a link;
 * - NUL bytes and names over 255 bytes are a bad request (not a file-system error naming absolute
 *   paths); names are matched byte-exactly as the file system does (no Unicode normalisation of the
 *   input, so an NFD look-alike of the root's name is another folder), and a segment that only
 *   *looks* like `.`/`..` or a separator after compatibility normalisation (fullwidth dots `．．`,
 *   fullwidth solidus `／`, …) is refused rather than guessed at.
 *
 * This answers where a path leads *now*. A folder on it can be swapped for a symlink before the file
 * is opened: read, write and delete through confinedFs.ts, which checks what was actually opened.
 */

export interface ResolveOptions {
  /** Refuse with not_found when the path does not exist. */
  mustExist?: boolean;
}

export interface Resolved {
  /** Real absolute path (symlinks resolved; the tail that does not exist yet appended). */
  real: string;
  exists: boolean;
}

const MAX_LINK_HOPS = 40;

/** True when `abs` is `root` or below it; both must be normalised absolute paths. */
export function isInside(root: string, abs: string): boolean {
  if (abs === root) return true;
  const prefix = root.endsWith(sep) ? root : root + sep;
  return abs.startsWith(prefix);
}

/** Longer names than file systems take (255 bytes; 255 UTF-16 units on Windows) fail with ENAMETOOLONG. */
const NAME_MAX = 255;
function nameTooLong(segment: string): boolean {
  return process.platform === 'win32' ? segment.length > NAME_MAX : Buffer.byteLength(segment) > NAME_MAX;
}

/** Refuses NUL bytes, names too long for a file system, and look-alike dot/separator segments; returns the input unchanged. */
export function checkPathText(rel: string): string {
  if (typeof rel !== 'string') throw new AkiraError('bad_request', fileErrors.pathNotText);
  if (rel.includes('\0')) throw new AkiraError('bad_request', fileErrors.pathHasNul);
  for (const segment of rel.split(/[\\/]/)) {
    if (!segment) continue;
    if (nameTooLong(segment)) throw new AkiraError('bad_request', fileErrors.nameTooLong(rel));
    const folded = segment.normalize('NFKC');
    if (folded === segment) continue;
    if (folded === '.' || folded === '..' || /[\\/\0]/.test(folded)) {
      throw new AkiraError('forbidden', fileErrors.ambiguousSegment(segment, folded));
    }
  }
  return rel;
}

function outside(rel: string, viaLink: boolean): AkiraError {
  return new AkiraError('forbidden', viaLink ? fileErrors.outsideThroughLink(rel) : fileErrors.outsideWorkspace(rel));
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * Real path of `abs` (absolute, lexically normalised), following every symlink by hand so that
 * dangling links and links in not-yet-existing paths are resolved to where a write would land.
 */
export async function resolveReal(abs: string, hops = { n: 0 }): Promise<Resolved> {
  try {
    return { real: await realpath(abs), exists: true };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (!isMissing(err) && code !== 'ELOOP') throw err;
  }
  const parentPath = dirname(abs);
  if (parentPath === abs) return { real: abs, exists: false };
  const stats = await lstat(abs).catch((err: unknown) => {
    // ELOOP here means a looping link among the parents: resolving the parent below reports it.
    if (isMissing(err) || (err as NodeJS.ErrnoException).code === 'ELOOP') return null;
    throw err;
  });
  const parent = await resolveReal(parentPath, hops);
  if (stats?.isSymbolicLink()) {
    if (++hops.n > MAX_LINK_HOPS) throw Object.assign(new Error('Too many levels of symbolic links'), { code: 'ELOOP' });
    // Not a link any more (swapped meanwhile): resolve it again, within the same hop budget.
    const target = await readlink(abs).catch((err: NodeJS.ErrnoException) => {
      if (isMissing(err) || err.code === 'EINVAL') return null;
      throw err;
    });
    return resolveReal(target === null ? abs : resolve(parent.real, target), hops);
  }
  return { real: join(parent.real, basename(abs)), exists: false };
}

/** A file-system error met while resolving `rel`, as a typed error that names only `rel`. */
function resolveError(err: unknown, rel: string): unknown {
  if (err instanceof AkiraError) return err;
  switch ((err as NodeJS.ErrnoException).code) {
    case 'EACCES':
    case 'EPERM':
      return new AkiraError('forbidden', fileErrors.permissionDenied(rel));
    case 'ENAMETOOLONG':
      return new AkiraError('bad_request', fileErrors.nameTooLong(rel));
    case 'ELOOP':
      return new AkiraError('bad_request', fileErrors.linkLoop(rel));
    default:
      return err;
  }
}

/**
 * Resolves `rel` (workspace-relative, or absolute) against `root` and returns its real absolute
 * path, refusing anything that is or leads outside `root`.
 */
export async function resolveInsideEx(root: string, rel: string, opts: ResolveOptions = {}): Promise<Resolved> {
  checkPathText(rel);
  const absoluteInput = isAbsolute(rel);
  const lexical = resolve(root, rel);
  if (!absoluteInput && !isInside(root, lexical)) throw outside(rel, false);
  let resolved: Resolved;
  try {
    resolved = await resolveReal(lexical);
  } catch (err) {
    throw resolveError(err, rel);
  }
  if (!isInside(root, resolved.real)) throw outside(rel, isInside(root, lexical));
  if (opts.mustExist && !resolved.exists) throw new AkiraError('not_found', fileErrors.notFound(rel));
  return resolved;
}

/** The real absolute path of `rel` inside `root` (see module doc), or an AkiraError. */
export async function resolveInside(root: string, rel: string, opts: ResolveOptions = {}): Promise<string> {
  return (await resolveInsideEx(root, rel, opts)).real;
}

/** Characters HFS+ ignores in names (the list git's own `.git` check uses). */
const HFS_IGNORED = /[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/g;

/**
 * True when a path segment may name a repository's `.git` folder on some file system: in any case
 * (`.GIT` is `.git` on case-insensitive file systems), with trailing dots or spaces (Windows drops
 * them), as the 8.3 short name `git~1`, or with characters HFS+ ignores.
 */
export function isDotGitName(segment: string): boolean {
  const name = segment.replace(HFS_IGNORED, '').replace(/[. ]+$/, '').toLowerCase();
  return name === '.git' || name === 'git~1';
}

/** True when any segment of `rel` (either separator) names a `.git` folder (see `isDotGitName`). */
export function isInsideDotGit(rel: string): boolean {
  return rel.split(/[\\/]/).some(isDotGitName);
}

/** Workspace-relative path with forward slashes ('' for the root); refuses paths outside `root`. */
export function toRelative(root: string, abs: string): string {
  const rel = relative(root, resolve(root, abs));
  if (rel === '') return '';
  if (isAbsolute(rel) || rel === '..' || rel.startsWith(`..${sep}`)) {
    throw new AkiraError('forbidden', fileErrors.outsideWorkspace(abs));
  }
  return sep === '/' ? rel : rel.split(sep).join('/');
}

/**
 * The normalised workspace-relative form of a caller's path as the caller named it (symlinks not
 * resolved): 'src//a/./b/' → 'src/a/b'. Used to echo paths back; confinement is `resolveInside`'s job.
 */
export function normalizeRelative(root: string, rel: string): string {
  checkPathText(rel);
  return toRelative(root, resolve(root, rel));
}
