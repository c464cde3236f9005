import { parseRawDiff, readBlobs, SYMLINK_MODE } from './treeDiff';
import type { WorktreeGit } from './worktreeGit';

/**
 * Symbolic links a merge would bring into the user's tree, and whether they lead outside the workspace (issue 26).
 * A link in git is an entry of mode 120000 whose blob is the target. A session branch may hold links the agent made
 * (`ln -s / root`, `ln -s ../../etc/passwd p`): merged, they would sit in the user's tree and lead every later read or
 * write through them out of it. mergeBack.ts refuses the whole merge, before git runs, when one of them does.
 *
 * "Brought" is what the merge writes: a path the branch changed since the merge base and that differs from the user's
 * HEAD (a link the user already committed themselves is theirs). "Leads out": the target is absolute, or resolving it
 * from the link's folder, through the other links of the merged tree, climbs above the workspace (the repository's
 * top, or the workspace's folder in it), or loops. Links that stay inside are fine.
 */

/** A link the merge would bring that leads outside the workspace. */
export interface LinkOut {
  /** From the top of the repository, `/`-separated. */
  path: string;
  target: string;
}

/** More hops than this through links is a loop (Linux's own limit is 40). */
const MAX_HOPS = 40;

/** The links the branch at `tip` would bring into HEAD's tree that lead outside `prefix` (the workspace's folder in the repository, '' or 'sub/'). */
export async function linksLeadingOut(git: WorktreeGit, cwd: string, tip: string, prefix: string): Promise<LinkOut[]> {
  const base = (await git.text(cwd, ['merge-base', 'HEAD', tip], { okCodes: [1] })).trim();
  const changed = linkEntries(await git.text(cwd, ['diff-tree', '-r', '-z', '--no-commit-id', base || EMPTY_TREE, tip]));
  if (!changed.size) return [];
  const fromHead = linkEntries(await git.text(cwd, ['diff-tree', '-r', '-z', '--no-commit-id', 'HEAD', tip]));
  const brought = [...changed].filter(([path, id]) => fromHead.get(path) === id);
  if (!brought.length) return [];

  // The links of the merged tree: HEAD's, with the brought ones over them.
  const headLinks = await treeLinks(git, cwd, 'HEAD');
  const ids = new Set([...headLinks.values(), ...brought.map(([, id]) => id)]);
  const targets = await readBlobs(git, cwd, [...ids]);
  const text = (id: string) => targets.get(id)?.toString('utf8') ?? '';
  const links = new Map<string, string>();
  for (const [path, id] of headLinks) links.set(path, text(id));
  for (const [path, id] of brought) links.set(path, text(id));

  return brought
    .map(([path]) => ({ path, target: links.get(path) ?? '' }))
    .filter((l) => leadsOut(l.path, links, prefix))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** git's empty tree (no merge base: everything on the branch is new). */
const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

/** Paths whose new side is a link, with its blob id, from `diff-tree -r -z` raw output. */
function linkEntries(raw: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of parseRawDiff(raw)) if (e.newMode === SYMLINK_MODE && e.newId) out.set(e.path, e.newId);
  return out;
}

/** Every link of a tree: path → blob id. */
async function treeLinks(git: WorktreeGit, cwd: string, tree: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const line of (await git.text(cwd, ['ls-tree', '-r', '-z', '--full-tree', tree])).split('\0')) {
    const m = /^(\d+) \w+ ([0-9a-f]+)\t(.*)$/s.exec(line);
    if (m && m[1] === SYMLINK_MODE) out.set(m[3], m[2]);
  }
  return out;
}

/**
 * Does the link at `path` (from the repository's top) lead outside the folder `prefix` ('' is the top)? Its target
 * is resolved component by component from the link's folder; a component that is itself a link of `links` is
 * replaced by its target. Absolute targets, a climb above the repository's top, a result outside `prefix` and a
 * loop all lead out.
 */
export function leadsOut(path: string, links: ReadonlyMap<string, string>, prefix: string): boolean {
  const start = links.get(path);
  if (start === undefined) return false;
  const stack = path.split('/').slice(0, -1);
  let pending = start.split('/');
  if (start.startsWith('/')) return true;
  let hops = 0;
  while (pending.length) {
    const c = pending.shift()!;
    if (c === '' || c === '.') continue;
    if (c === '..') {
      if (!stack.length) return true;
      stack.pop();
      continue;
    }
    stack.push(c);
    const target = links.get(stack.join('/'));
    if (target === undefined) continue;
    if (++hops > MAX_HOPS || target.startsWith('/')) return true;
    stack.pop();
    pending = [...target.split('/'), ...pending];
  }
  const within = prefix.split('/').filter(Boolean);
  return within.some((c, i) => stack[i] !== c);
}
