/**
 * What checkpoints never capture, besides what the user's .gitignore files exclude.
 *
 * Folders, by name at any depth: dependency trees, build outputs and tool caches that are rebuilt
 * from the sources and can be huge (capturing them is how other tools' stores reached gigabytes):
 * see `DEFAULT_EXCLUDED_DIRS`. `.git` (every repository's, the workspace's and nested ones) is never
 * read, and `.akira` (the project's own Akira data) is never captured.
 *
 * Files, by name: OS litter (`.DS_Store`, `Thumbs.db`, `desktop.ini`), editor swap files and
 * temporaries of an interrupted restore.
 *
 * Excluded paths are not tracked, so a restore never writes or deletes them. Callers may replace the
 * folder list (`excludeDirs` option) or add to it (`extraExcludeDirs`).
 */

export const DEFAULT_EXCLUDED_DIRS: readonly string[] = [
  // dependencies
  'node_modules',
  'bower_components',
  '.pnpm-store',
  '.venv',
  'venv',
  '.tox',
  '.nox',
  // build outputs
  'dist',
  'build',
  'out',
  'target',
  '.next',
  '.nuxt',
  '.svelte-kit',
  '.output',
  '.vercel',
  '.angular',
  '.expo',
  // caches
  'coverage',
  '.nyc_output',
  '__pycache__',
  '.pytest_cache',
  '.mypy_cache',
  '.ruff_cache',
  '.cache',
  '.turbo',
  '.parcel-cache',
  '.gradle',
  '.terraform',
  '.dart_tool',
];

/** Never captured whatever the options say. */
export const ALWAYS_EXCLUDED_DIRS: readonly string[] = ['.git', '.akira'];

export const EXCLUDED_FILES: readonly string[] = ['.DS_Store', 'Thumbs.db', 'desktop.ini', '.eslintcache'];

/** Editor swap/backup files, and restore temporaries left by an interruption (`.<name>.akira-<hex>.tmp`). */
const SWAP_FILE = /^\..*\.sw[a-p]$|~$|^#.*#$|^\..*\.akira-[0-9a-f]{8}\.tmp$/;

export interface Exclusions {
  /** True when a folder with this name (at any depth) is skipped. */
  dir(name: string): boolean;
  /** True when a file (or symlink) with this name is skipped. */
  file(name: string): boolean;
  /** Identifies the list (a walk's baseline is only valid with the same exclusions). */
  readonly key: string;
}

export function createExclusions(dirs: readonly string[] = DEFAULT_EXCLUDED_DIRS, extra: readonly string[] = []): Exclusions {
  const dirSet = new Set([...dirs, ...extra, ...ALWAYS_EXCLUDED_DIRS]);
  const fileSet = new Set(EXCLUDED_FILES);
  const lowerGit = (name: string) => name.length === 4 && name.toLowerCase() === '.git';
  return {
    key: [...dirSet].sort().join('/'),
    dir: (name) => dirSet.has(name) || lowerGit(name),
    file: (name) => fileSet.has(name) || lowerGit(name) || SWAP_FILE.test(name),
  };
}

/**
 * Names git cannot store in a tree (a `.git` component in any case is refused by git) or that Node
 * cannot name faithfully (invalid UTF-8 decoded to U+FFFD): recorded as skipped, never captured.
 */
export function unsupportedName(name: string): boolean {
  return name.includes('\uFFFD') || name.toLowerCase() === '.git';
}
