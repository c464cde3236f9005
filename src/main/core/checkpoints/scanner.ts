import { lstatSync, readlink, type Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { unsupportedName } from './exclusions';
import { record, yieldLoop, type ScanOptions, type ScanResult, type WalkBaseline } from './scanTypes';
import { walkInto } from './walker';

/**
 * The workspace walker: which files a checkpoint captures, with the stat data that lets the stat
 * cache skip unchanged files. One `readdir(withFileTypes)` per folder and one `lstat` per file (no
 * realpath, no reads); `.git` entries are never opened (so nested repositories' `.git` folders are
 * skipped while their other files are captured as plain files); symbolic links are recorded as links,
 * never followed. Yields to the event loop regularly.
 *
 * .gitignore semantics come from `GitignoreRules`: `forDir` is called only for the root of a walk and
 * for folders that hold a `.gitignore` file; other folders test their entries with the nearest such
 * matcher using a multi-segment relative name (the rules are relative to their own folder).
 */

export type { DirStamp, GitMode, ScanEntry, ScanOptions, ScanResult, SkipReason, SkippedFile, WalkBaseline } from './scanTypes';
export { gitModeOf } from './scanTypes';

const YIELD_EVERY = 2000;

function lstatOrNull(abs: string): Stats | null {
  try {
    return lstatSync(abs, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}

export function readlinkP(abs: string): Promise<Buffer | null> {
  return new Promise((resolve) => readlink(abs, { encoding: 'buffer' }, (err, t) => resolve(err ? null : t)));
}

/** A full walk of the workspace. */
export async function walkTree(opts: ScanOptions, baseline?: WalkBaseline): Promise<ScanResult> {
  const out: ScanResult = { scopes: [''], files: new Map(), skipped: [], startedAt: Date.now(), gitignores: [] };
  await walkInto(opts, out, [''], baseline);
  return out;
}

/** Stat data of the ignore files a walk met (and the repository's info/exclude): when it differs, rules changed. */
export function ignoreStamp(root: string, base: string, gitignores: string[]): string {
  const stampOf = (abs: string) => {
    try {
      const st = lstatSync(abs, { throwIfNoEntry: false });
      return st ? `${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.ino}` : '-';
    } catch {
      return '?';
    }
  };
  const parts = [...gitignores].sort().map((rel) => `${rel}=${stampOf(join(root, rel))}`);
  // .gitignore files above the workspace (when it is a folder inside a repository) apply too.
  for (let dir = dirname(root); dir.length >= base.length && dir !== root; dir = dirname(dir)) {
    parts.push(`${dir}=${stampOf(join(dir, '.gitignore'))}`);
    if (dir === base || dirname(dir) === dir) break;
  }
  parts.push(`exclude=${stampOf(join(base, '.git', 'info', 'exclude'))}`);
  return parts.join('|');
}

/** True when `rel` (a path below the root) is neither excluded nor ignored, nor below such a folder. */
export async function isCapturable(opts: ScanOptions, rel: string, isDir: boolean): Promise<boolean> {
  const parts = rel.split('/');
  for (let i = 0; i < parts.length; i++) {
    const last = i === parts.length - 1;
    const name = parts[i];
    if (!name || name === '.' || name === '..' || unsupportedName(name)) return false;
    if (last && !isDir ? opts.exclusions.file(name) : opts.exclusions.dir(name)) return false;
  }
  const abs = join(opts.root, rel);
  const matcher = await opts.rules.forDir(dirname(abs));
  return !matcher(basename(abs), isDir);
}

/**
 * Re-examines only `dirty` paths (workspace-relative): files are lstat'ed, folders walked. Answers
 * null when a full walk is needed instead (a .gitignore changed, so what is captured may change).
 * A path that `known` says the previous snapshot captured and that is not a folder now (a file, a
 * link, or gone) is not matched against the rules again: they have not changed since (a changed
 * .gitignore means a walk).
 */
export async function scanPaths(opts: ScanOptions, dirty: Iterable<string>, known: (rel: string) => boolean = () => false): Promise<ScanResult | null> {
  const out: ScanResult = { scopes: [], files: new Map(), skipped: [], startedAt: Date.now() };
  const unique = [...new Set(dirty)].filter((p) => p !== '').sort();
  const dirs: string[] = [];
  const scopeSet = new Set<string>();
  let count = 0;
  for (const rel of unique) {
    if (basename(rel) === '.gitignore') return null;
    // A path below a scope already examined is covered by it (sorted: ancestors come first).
    let covered = false;
    for (let i = rel.indexOf('/'); i > 0 && !covered; i = rel.indexOf('/', i + 1)) covered = scopeSet.has(rel.slice(0, i));
    if (covered) continue;
    const st = lstatOrNull(join(opts.root, rel));
    const isDir = st?.isDirectory() ?? false;
    if (!(!isDir && known(rel)) && !(await isCapturable(opts, rel, isDir))) {
      // Excluded or ignored now; it cannot have been captured unless its rules changed (→ full walk).
      continue;
    }
    out.scopes.push(rel);
    scopeSet.add(rel);
    if (isDir) dirs.push(rel);
    else record(out, rel, st, opts.maxFileBytes);
    if (++count % YIELD_EVERY === 0) await yieldLoop();
  }
  if (dirs.length) await walkInto(opts, out, dirs);
  return out;
}
