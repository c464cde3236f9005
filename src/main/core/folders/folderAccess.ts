import { realpath, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import type { FolderRoot } from '../../../shared/contract';
import { AkiraError } from '../errors';
import { checkPathText, isInside } from '../workspace/pathGuard';
import { fileErrors } from '../../../shared/errors';

/**
 * Which folders of the machine a face lets its users browse and open (issue 13): the roots the face names
 * (`akira serve`: the user's home and the folder the command line named) and what is inside them, judged by
 * real paths, so `..` and symbolic links cannot lead out. A missing root is simply not offered.
 *
 *   const access = createFolderAccess(['/home/me', '/srv/project']);
 *   await access.resolve('~/code/app')   // '/home/me/code/app' (real path), or forbidden / not_found / bad_request
 */

export interface FolderAccess {
  /** The roots that exist now, as real paths (duplicates and roots inside another kept: each is a place to start). */
  roots(): Promise<FolderRoot[]>;
  /** True when the real path `real` is a root or inside one. */
  allows(real: string): Promise<boolean>;
  /** The real path of the folder `path` names, when it is inside a root; throws forbidden, not_found or bad_request. */
  resolve(path: string): Promise<string>;
}

/** Where a missing path would be: its deepest existing ancestor's real path with the rest appended. */
async function realOfMissing(path: string): Promise<string> {
  let tail = '';
  for (let at = path; ; at = dirname(at)) {
    const real = await realpath(at).catch(() => null);
    if (real) return tail ? join(real, tail) : real;
    if (dirname(at) === at) return path;
    tail = tail ? join(basename(at), tail) : basename(at);
  }
}

/** `~` and `~/…` name the home folder of the user Akira runs as. */
function expandHome(path: string, home: string): string {
  if (path === '~') return home;
  if (path.startsWith('~/') || path.startsWith('~\\')) return join(home, path.slice(2));
  return path;
}

export function createFolderAccess(rootPaths: readonly string[], options: { home?: string } = {}): FolderAccess {
  const home = options.home ?? homedir();

  async function roots(): Promise<FolderRoot[]> {
    const out: FolderRoot[] = [];
    const realHome = await realpath(home).catch(() => home);
    for (const root of rootPaths) {
      const real = await realpath(root).catch(() => null);
      if (!real || out.some((r) => r.path === real)) continue;
      if (!(await stat(real).catch(() => null))?.isDirectory()) continue;
      out.push(real === realHome ? { path: real, name: 'Home', home: true } : { path: real, name: basename(real) || real });
    }
    return out;
  }

  async function allows(real: string): Promise<boolean> {
    return (await roots()).some((r) => isInside(r.path, real));
  }

  /** `real`: where the link `path` leads, when it is one. */
  function outside(path: string, allowed: FolderRoot[], real?: string): AkiraError {
    const places = allowed.length ? allowed.map((r) => r.path).join(' and ') : 'none';
    return new AkiraError('forbidden', real === undefined ? fileErrors.folderOutside(path, places) : fileErrors.folderLinkOutside(path, real, places));
  }

  return {
    roots,
    allows,
    async resolve(path) {
      checkPathText(path);
      const expanded = expandHome(path.trim(), home);
      if (!isAbsolute(expanded)) throw new AkiraError('bad_request', fileErrors.absolutePathNeeded(path));
      const lexical = resolve(expanded); // `..` resolved by name, before any link is followed
      const allowed = await roots();
      const lexicallyInside = allowed.some((r) => isInside(r.path, lexical));
      const real = await realpath(lexical).catch(() => null);
      if (!real) {
        // Outside the roots, a missing folder is as forbidden as an existing one (nothing is said about it).
        const where = await realOfMissing(lexical);
        if (!lexicallyInside && !allowed.some((r) => isInside(r.path, where))) throw outside(lexical, allowed);
        throw new AkiraError('not_found', fileErrors.folderNotFound(lexical));
      }
      if (!allowed.some((r) => isInside(r.path, real))) {
        throw outside(lexical, allowed, lexicallyInside ? real : undefined);
      }
      if (!(await stat(real)).isDirectory()) throw new AkiraError('bad_request', fileErrors.notFolder(lexical));
      return real;
    },
  };
}
