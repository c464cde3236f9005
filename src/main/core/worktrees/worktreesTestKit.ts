import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gitCli, initRepoWithCommit } from '../../../testing/gitCli';
import { afterEach } from 'vitest';
import { tempDir, writeTree } from '../../../testing/tempTree';
import { createWorktrees, type Worktrees } from './worktrees';

/** A real repository in a temp folder, a data folder beside it, and the worktree module on them. */
export interface RepoFixture {
  dir: string;
  dataDir: string;
  wt: Worktrees;
  /** The git CLI in the repository (or `cwd`) with a fixed identity; stdout. */
  git(...args: string[]): string;
  cleanup(): Promise<void>;
}

/** HOME and XDG_CONFIG_HOME of a folder without config: no global identity or settings leak into a test. */
export function isolatedEnv(home: string): NodeJS.ProcessEnv {
  return { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, '.config') };
}

/** The git CLI in `dir` with a fixed identity (testing/gitCli.ts); stdout. */
export const gitIn = gitCli;

export async function makeRepo(files: Record<string, string | Buffer> = { 'a.txt': 'one\ntwo\nthree\n', 'src/b.ts': 'export const b = 1;\n', '.gitignore': '*.log\n' }, env?: NodeJS.ProcessEnv): Promise<RepoFixture> {
  const { dir: base, cleanup } = await tempDir('akira-wt-');
  const dir = join(base, 'repo');
  const dataDir = join(base, 'data');
  await writeTree(dir, files);
  initRepoWithCommit(dir);
  return { dir, dataDir, wt: createWorktrees({ root: dir, dataDir, env }), git: (...args) => gitIn(dir, ...args), cleanup };
}

/** Every file under `dir` but .git, by content hash; a symbolic link as `-> target` (never followed). */
export function fileHashes(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const abs = join(d, entry.name);
      if (entry.isSymbolicLink()) out[relative(dir, abs)] = `-> ${readlinkSync(abs)}`;
      else if (entry.isDirectory()) {
        if (entry.name !== '.git') walk(abs);
      } else out[relative(dir, abs)] = createHash('sha1').update(readFileSync(abs)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

/**
 * What the user sees of their repository, read without taking git's optional locks (no index refresh).
 * `indexBytes`: the index file itself (create, commit and diff never write it); `index`: its entries
 * (mode, object, stage, path), what a merge must keep (git merge rewrites the file's stat data even when
 * it refuses).
 */
export function userState(dir: string) {
  const git = (...args: string[]) => gitIn(dir, '--no-optional-locks', ...args);
  return {
    indexBytes: createHash('sha1').update(readFileSync(join(dir, '.git', 'index'))).digest('hex'),
    index: git('ls-files', '-s'),
    staged: git('diff', '--cached', '--name-status'),
    status: git('status', '--porcelain=v1', '-uall', '--ignored'),
    stash: git('stash', 'list'),
    head: git('rev-parse', 'HEAD').trim(),
    branch: git('rev-parse', '--symbolic-full-name', 'HEAD').trim(),
    refs: git('for-each-ref', '--format=%(refname) %(objectname)')
      .split('\n')
      .filter((l) => l && !l.startsWith('refs/heads/akira/'))
      .join('\n'),
    mergeHead: existsSync(join(dir, '.git', 'MERGE_HEAD')),
    files: fileHashes(dir),
  };
}

/** userState without the index file's bytes (for operations git itself runs in the user's tree: merge). */
export function userEntries(dir: string) {
  const { indexBytes: _bytes, ...rest } = userState(dir);
  return rest;
}

/**
 * `repo(...)` for a test file: makeRepo whose fixtures are removed after each test.
 *
 *   const repo = useRepos();   …   const f = await repo({'a.txt': 'x'});
 */
export function useRepos(): (...args: Parameters<typeof makeRepo>) => Promise<RepoFixture> {
  const fixtures: RepoFixture[] = [];
  afterEach(async () => {
    await Promise.all(fixtures.splice(0).map((f) => f.cleanup()));
  });
  return async (...args) => {
    const f = await makeRepo(...args);
    fixtures.push(f);
    return f;
  };
}
