import { lstatSync, readFileSync, type Stats } from 'node:fs';
import { lstat, readFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';

/**
 * .gitignore semantics for the tree and the watcher: the `.gitignore` of every folder from the
 * repository's top (or the workspace root when it is not in a repository) down to the entry, plus
 * `.git/info/exclude`. Deeper files win over shallower ones, as in git; `.git` itself is always
 * ignored. Global `core.excludesFile` is not read (that would need running git).
 * Works the same when the folder is not a git repository (its .gitignore files still apply).
 */

/** Tests one entry of a folder by name; `stamp` changes whenever a rule file that applies changes. */
export type NameMatcher = ((name: string, isDir: boolean) => boolean) & { stamp: string };

export interface GitignoreRules {
  /** The folder whose .gitignore applies first: the repository's top, or the root. */
  readonly base: string;
  /** A matcher for the entries of `absDir` (revalidates the .gitignore files on the way). */
  forDir(absDir: string): Promise<NameMatcher>;
  /** Synchronous check from the cache (loads missing files synchronously); for the watcher. */
  isIgnoredSync(abs: string, isDir: boolean): boolean;
  /** Forget a folder's cached rules (its .gitignore changed). */
  invalidate(absDir: string): void;
}

interface CachedRules {
  stamp: string;
  ig: Ignore | null;
}

const ignoreCase = process.platform === 'darwin' || process.platform === 'win32';

function stampOf(stats: Stats | null): string {
  return stats && stats.isFile() ? `${stats.mtimeMs}:${stats.size}:${stats.ino}` : 'none';
}

function compile(text: string | null): Ignore | null {
  if (text === null || !text.trim()) return null;
  return ignore({ ignorecase: ignoreCase }).add(text);
}

function toPosix(p: string): string {
  return sep === '/' ? p : p.split(sep).join('/');
}

/** Finds the repository containing `root` and the path of its info/exclude file. */
async function findRepository(root: string): Promise<{ top: string; exclude: string } | null> {
  for (let dir = root; ; dir = dirname(dir)) {
    const dotGit = join(dir, '.git');
    const stats = await lstat(dotGit).catch(() => null);
    if (stats?.isDirectory()) return { top: dir, exclude: join(dotGit, 'info', 'exclude') };
    if (stats?.isFile()) {
      // A worktree or submodule: ".git" holds "gitdir: <path>"; a worktree's gitdir names its common dir.
      const text = await readFile(dotGit, 'utf8').catch(() => '');
      const match = /^gitdir:\s*(.+)$/m.exec(text);
      if (match) {
        const gitDir = resolve(dir, match[1].trim());
        const common = (await readFile(join(gitDir, 'commondir'), 'utf8').catch(() => '')).trim();
        const commonDir = common ? resolve(gitDir, common) : gitDir;
        return { top: dir, exclude: join(commonDir, 'info', 'exclude') };
      }
    }
    if (dirname(dir) === dir) return null;
  }
}

/** The folders whose .gitignore applies to entries of `absDir`: base … absDir. */
function levelsFor(base: string, absDir: string): string[] {
  const rel = relative(base, absDir);
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return [];
  const levels = [base];
  let current = base;
  for (const part of rel ? rel.split(sep) : []) {
    current = join(current, part);
    levels.push(current);
  }
  return levels;
}

export async function createGitignoreRules(root: string): Promise<GitignoreRules> {
  const repo = await findRepository(root);
  const base = repo?.top ?? root;
  const cache = new Map<string, CachedRules>();

  function fileFor(key: string): string {
    return key === '#exclude' ? repo!.exclude : join(key, '.gitignore');
  }

  async function load(key: string): Promise<CachedRules> {
    const file = fileFor(key);
    // Like git ≥ 2.32, a .gitignore that is a symbolic link is not followed.
    const stats = await lstat(file).catch(() => null);
    const stamp = stampOf(stats);
    const cached = cache.get(key);
    if (cached && cached.stamp === stamp) return cached;
    const text = stamp === 'none' ? null : await readFile(file, 'utf8').catch(() => null);
    const entry = { stamp, ig: compile(text) };
    cache.set(key, entry);
    return entry;
  }

  function loadSync(key: string): Ignore | null {
    const cached = cache.get(key);
    if (cached) return cached.ig;
    const file = fileFor(key);
    let stats: Stats | null = null;
    try {
      stats = lstatSync(file);
    } catch {
      stats = null;
    }
    const stamp = stampOf(stats);
    let text: string | null = null;
    if (stamp !== 'none') {
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        text = null;
      }
    }
    const ig = compile(text);
    cache.set(key, { stamp, ig });
    return ig;
  }

  /** `abs` relative to `dir`, one of its folders (or base), in posix form: a slice, no path.relative. */
  function below(dir: string, abs: string): string {
    return toPosix(abs.slice(dir.length + (dir.endsWith(sep) ? 0 : 1)));
  }

  /** Per folder (the watcher asks about its entries one by one): the levels whose rules apply, and whether it is inside a .git. */
  const folders = new Map<string, { levels: string[]; inGit: boolean } | null>();
  function folderInfo(absDir: string): { levels: string[]; inGit: boolean } | null {
    let info = folders.get(absDir);
    if (info === undefined) {
      const levels = levelsFor(base, absDir);
      info = levels.length ? { levels, inGit: isGitPath(absDir) } : null;
      if (folders.size >= 20_000) folders.clear();
      folders.set(absDir, info);
    }
    return info;
  }

  function isGitPath(abs: string): boolean {
    const rel = relative(base, abs);
    return rel.split(sep).includes('.git');
  }

  return {
    base,
    async forDir(absDir) {
      const levels = levelsFor(base, absDir);
      const sets = await Promise.all([
        ...(repo ? [load('#exclude').then((r) => ({ dir: base, ...r }))] : []),
        ...levels.map(async (dir) => ({ dir, ...(await load(dir)) })),
      ]);
      const stamp = sets.map((s) => s.stamp).join('|');
      // Per rule set, the folder's path relative to the set's folder, so each entry costs one string concat.
      const active = sets
        .filter((s): s is { dir: string; stamp: string; ig: Ignore } => s.ig !== null)
        .map(({ dir, ig }) => ({ ig, prefix: toPosix(relative(dir, absDir)) }));
      const matcher = (name: string, isDir: boolean) => {
        if (name === '.git') return true;
        let ignored = false;
        for (const { ig, prefix } of active) {
          const rel = prefix ? `${prefix}/${name}` : name;
          const result = ig.test(isDir ? `${rel}/` : rel);
          if (result.ignored) ignored = true;
          else if (result.unignored) ignored = false;
        }
        return ignored;
      };
      return Object.assign(matcher, { stamp });
    },
    isIgnoredSync(abs, isDir) {
      const dir = dirname(abs);
      const info = folderInfo(dir);
      if (!info) return isGitPath(abs); // outside the rules' base
      if (info.inGit || abs.slice(dir.length + (dir.endsWith(sep) ? 0 : 1)) === '.git') return true;
      // Later rule sets win: exclude, then base/.gitignore, then deeper ones.
      let ignored = false;
      const apply = (dirOfSet: string, ig: Ignore | null) => {
        if (!ig) return;
        const rel = below(dirOfSet, abs);
        const result = ig.test(isDir ? `${rel}/` : rel);
        if (result.ignored) ignored = true;
        else if (result.unignored) ignored = false;
      };
      if (repo) apply(base, loadSync('#exclude'));
      for (const level of info.levels) apply(level, loadSync(level));
      return ignored;
    },
    invalidate(absDir) {
      cache.delete(absDir);
      if (repo && absDir === base) cache.delete('#exclude');
    },
  };
}
