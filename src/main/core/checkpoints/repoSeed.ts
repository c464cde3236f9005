import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { cleanGitEnv, runGit } from '../../common/gitRun';
import { createRepoGitGuard } from '../../common/repoGitGuard';
import type { StoreGit } from './gitProcess';
import { msOf, parseIndex, type IndexEntry } from './repoIndex';
import { RACY_WINDOW_MS } from './statCache';
import type { ScanEntry } from './scanTypes';

/**
 * A first checkpoint that costs about a `git status` (issue 30): when the workspace is (in) a git repository, the
 * store borrows the user's objects read-only (git alternates: `<store>/objects/info/alternates` names the user's
 * `objects` folder; nothing is written into the user's `.git`), the first snapshot starts from HEAD's tree, and a file
 * whose stat data matches what the user's index recorded for it (with the blob HEAD has) is taken as that blob without
 * being read. Everything else (changed, untracked, racy) is hashed as usual.
 *
 * Safety: only blobs and trees of HEAD are borrowed (reachable in the user's repository while HEAD or its reflog names
 * them). They are copied into the store's own pack in the first maintenance after the snapshot, and before any restore
 * (`adoptBorrowed`): `repack -a` packs what the store's refs reach, borrowed objects included; the alternates entry is
 * removed once the store reaches everything without it. A `git gc` in the user's repository can then lose nothing.
 *
 * Not trusted (hashed instead): entries git itself does not vouch for (repoIndex.ts), and every file when git may
 * convert content between blob and file (`core.autocrlf` true/input, or an attributes file, the repository's, its
 * info/attributes or the user's, naming text/eol/crlf/filter/ident/working-tree-encoding). Blob sizes are not
 * compared: reading them costs a read of every loose object (minutes on a fresh 100k-file repository). Git runs here only as read-only plumbing (rev-parse through the
 * repository guard, issue 26; ls-tree against the store).
 */

export interface SeedEntry {
  oid: string;
  mode: number;
  /** The index's stat data, when it can vouch for the file (see module doc). */
  index?: IndexEntry;
}

export interface RepoSeed {
  /** HEAD's tree for the workspace folder. */
  tree: string;
  /** HEAD's blobs under the workspace, by workspace-relative path. */
  entries: Map<string, SeedEntry>;
  /** Submodule entries of HEAD's tree (never files in a checkpoint: removed from the first one). */
  gitlinks: string[];
  /** The index file's modification time: entries modified this close to it are racy (git's rule). */
  indexMtimeMs: number;
}

const ALTERNATES = ['objects', 'info', 'alternates'];

function seedEnv(): Record<string, string> {
  return { ...cleanGitEnv(), GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' };
}

/** Whether the store still borrows objects from the user's repository. */
export function borrowing(git: StoreGit): boolean {
  return existsSync(join(git.gitDir, ...ALTERNATES));
}

/** An attributes file that may make git convert content (line endings, filters, ident, encodings). */
async function attributesConvert(files: string[]): Promise<boolean> {
  for (const file of files) {
    const text = await readFile(file, 'utf8').catch(() => '');
    if (/(^|\s)[-!]?(text|eol|crlf|filter|ident|working-tree-encoding)\b/m.test(text.replace(/^\s*#.*$/gm, ''))) return true;
  }
  return false;
}

/**
 * Prepares the first snapshot of `root` from its repository, or null (not a repository, no HEAD, a SHA-256
 * repository, a damaged or split index...). Writes the store's alternates entry: call with the store lock held and
 * before the store's fast-import starts (it reads alternates when it starts).
 */
export async function loadRepoSeed(root: string, git: StoreGit): Promise<RepoSeed | null> {
  const env = seedEnv();
  const guard = createRepoGitGuard(env);
  const rev = async (args: string[]) =>
    (await runGit(await guard.prepare(root, args), { cwd: root, env, okCodes: [1, 128] }).catch(() => Buffer.alloc(0))).toString('utf8');
  const [gitDir, common, prefix = ''] = (await rev(['rev-parse', '--absolute-git-dir', '--git-common-dir', '--show-prefix'])).split('\n');
  if (!gitDir || !common) return null;
  const tree = (await rev(['rev-parse', '--verify', '-q', prefix ? `HEAD:${prefix}` : 'HEAD^{tree}'])).trim();
  if (!/^[0-9a-f]{40}$/.test(tree)) return null;
  const objects = resolve(root, common, 'objects');
  // Conversions make a file's bytes differ from its blob while git's stat data matches: then no file is trusted.
  const autocrlf = (await rev(['config', '--get', 'core.autocrlf'])).trim().toLowerCase();
  const converts = autocrlf === 'true' || autocrlf === 'input';
  const userAttributes = (await rev(['config', '--path', '--get', 'core.attributesFile'])).trim();
  const home = process.env.XDG_CONFIG_HOME || join(process.env.HOME ?? '', '.config');
  if (!existsSync(objects)) return null;

  const alternates = join(git.gitDir, ...ALTERNATES);
  await mkdir(join(git.gitDir, 'objects', 'info'), { recursive: true });
  await writeFile(alternates, `${objects}\n`);
  try {
    const [listing, indexBuf, indexStat] = await Promise.all([
      git.run(['ls-tree', '-r', '-z', '--full-tree', tree]),
      readFile(join(gitDir, 'index')).catch(() => null),
      stat(join(gitDir, 'index')).catch(() => null),
    ]);
    const index = indexBuf ? parseIndex(indexBuf) : null;
    const entries = new Map<string, SeedEntry>();
    const gitlinks: string[] = [];
    const attributes = [resolve(root, common, 'info', 'attributes'), userAttributes ? resolve(root, userAttributes) : join(home, 'git', 'attributes')];
    for (const item of listing.toString('utf8').split('\0')) {
      const m = /^(\d+) (blob|commit|tree) ([0-9a-f]{40})\t([\s\S]+)$/.exec(item);
      if (!m) continue;
      const [, mode, type, oid, path] = m;
      if (type === 'commit') {
        gitlinks.push(path);
        continue;
      }
      if (type !== 'blob') continue;
      entries.set(path, { oid, mode: parseInt(mode, 8) });
      if (path === '.gitattributes' || path.endsWith('/.gitattributes')) attributes.push(join(root, path));
    }
    if (index && !converts && !(await attributesConvert(attributes))) {
      const strip = prefix.length;
      for (const [path, ie] of index) {
        if (strip && !path.startsWith(prefix)) continue;
        const rel = path.slice(strip);
        const head = entries.get(rel);
        // Only HEAD's own blobs (reachable in the user's repository).
        if (!head || head.oid !== ie.oid || head.mode !== ie.mode) continue;
        head.index = ie;
      }
    }
    return { tree, entries, gitlinks, indexMtimeMs: indexStat?.mtimeMs ?? 0 };
  } catch {
    await rm(alternates, { force: true });
    return null;
  }
}

/** The blob a scanned file is, when the user's index vouches for it (see module doc), else null. */
export function seededOid(seed: RepoSeed, rel: string, st: ScanEntry): string | null {
  const e = seed.entries.get(rel);
  const ie = e?.index;
  if (!e || !ie || e.mode !== st.mode) return null;
  // The index keeps 32 bits of size and inode.
  if (ie.size !== st.size % 2 ** 32 || ie.ino !== st.ino % 2 ** 32) return null;
  // A git without nanosecond stamps records whole seconds (it then trusts seconds, as here).
  const whole = ie.mtimeNsec === 0 && ie.ctimeNsec === 0;
  const mtime = whole ? Math.floor(st.mtimeMs / 1e3) * 1e3 : st.mtimeMs;
  const ctime = whole ? Math.floor(st.ctimeMs / 1e3) * 1e3 : st.ctimeMs;
  if (msOf(ie.mtimeSec, ie.mtimeNsec) !== mtime || msOf(ie.ctimeSec, ie.ctimeNsec) !== ctime) return null;
  // Racily clean: written so close to the index that a later edit could keep the stat data git saw.
  if (st.mtimeMs >= seed.indexMtimeMs - RACY_WINDOW_MS) return null;
  return e.oid;
}

/**
 * Copies the objects the store borrows into its own pack, then stops borrowing (store lock held, the store's
 * processes stopped: the caller's `beforeRepack`). A no-op once done.
 */
export async function adoptBorrowed(git: StoreGit, beforeRepack: () => Promise<void>): Promise<void> {
  if (!borrowing(git)) return;
  await beforeRepack();
  const packDir = join(git.gitDir, 'objects', 'pack');
  const names = await readdir(packDir).catch(() => [] as string[]);
  await Promise.all(names.filter((n) => n.endsWith('.keep')).map((n) => rm(join(packDir, n), { force: true })));
  // Without -l, repack packs borrowed objects too; no delta search (the user's own deltas are reused).
  await git.run(['repack', '-a', '-d', '-q', '--window=0', '--no-write-bitmap-index']);
  const alternates = join(git.gitDir, ...ALTERNATES);
  const parked = `${alternates}.checking`;
  await rename(alternates, parked);
  try {
    // Every object the refs reach, blobs included, must now be in the store itself ("?<oid>": missing).
    const out = await git.run(['rev-list', '--objects', '--all', '--missing=print', '--no-object-names']);
    if (/^\?/m.test(out.toString('latin1'))) throw new Error('borrowed objects were not copied');
  } catch (err) {
    await rename(parked, alternates); // still needed: keep borrowing
    throw err;
  }
  await rm(parked, { force: true });
}
