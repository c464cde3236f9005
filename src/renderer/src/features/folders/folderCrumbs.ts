import type { FolderRoot } from '../../../../shared/contract';

/**
 * The breadcrumbs of the Open Folder dialog: the allowed root that holds the folder (the deepest one, by its name)
 * and each folder below it, each with the absolute path it leads to. Folders above the root are not shown: they
 * cannot be browsed. Paths keep the server's separators (`/`, or `\` on Windows).
 *
 *   crumbsOf('/home/me/code/app', [{name: 'Home', path: '/home/me'}])
 *   // [{name: 'Home', path: '/home/me'}, {name: 'code', path: '/home/me/code'}, {name: 'app', path: '/home/me/code/app'}]
 */

export interface Crumb {
  name: string;
  path: string;
}

function separatorOf(path: string): string {
  return path.includes('\\') && !path.includes('/') ? '\\' : '/';
}

/** True when `path` is `root` or inside it. */
export function isUnder(root: string, path: string): boolean {
  if (path === root) return true;
  const sep = separatorOf(root);
  return path.startsWith(root.endsWith(sep) ? root : root + sep);
}

export function crumbsOf(path: string, roots: readonly FolderRoot[]): Crumb[] {
  const root = roots.filter((r) => isUnder(r.path, path)).sort((a, b) => b.path.length - a.path.length)[0];
  if (!root) return [{ name: path, path }];
  const sep = separatorOf(path);
  const crumbs: Crumb[] = [{ name: root.name, path: root.path }];
  let at = root.path;
  for (const name of path.slice(root.path.length).split(sep).filter(Boolean)) {
    at = at.endsWith(sep) ? at + name : at + sep + name;
    crumbs.push({ name, path: at });
  }
  return crumbs;
}

/** The last name of a path (the folder's own name). */
export function baseName(path: string): string {
  return path.split(/[\\/]/).filter(Boolean).at(-1) ?? path;
}
