import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir, writeTree } from '../../../testing/tempTree';
import { gitCli, initRepoWithCommit } from '../../../testing/gitCli';
import type { GitRepo } from './gitRepo';
import { createGitService, type GitService } from './gitService';

/**
 * For the git actions' tests: a real repository in a temp folder with a first commit of `files`, and the
 * git service's handle on it (no watchers). `dispose` removes everything.
 *
 *   const t = await repoWith({ 'a.txt': 'one\n' });   t.git('add', 'a.txt');   await stagePaths(t.repo, ['a.txt']);
 */
export interface RepoKit {
  /** The workspace folder (the repository's top unless `subfolder` was given). */
  root: string;
  top: string;
  repo: GitRepo;
  service: GitService;
  /** The git CLI at the repository's top, as a person would run it. */
  git(...args: string[]): string;
  dispose(): Promise<void>;
}

export async function repoWith(files: Record<string, string>, options: { subfolder?: string } = {}): Promise<RepoKit> {
  const { dir, cleanup } = await tempDir('akira-git-actions-');
  const top = join(dir, 'repo');
  await mkdir(top);
  await writeTree(top, files);
  initRepoWithCommit(top);
  gitCli(top, 'config', 'user.name', 'Akira Test');
  gitCli(top, 'config', 'user.email', 'test@akira.invalid');
  const root = options.subfolder ? join(top, options.subfolder) : top;
  await mkdir(root, { recursive: true });
  const service = await createGitService({ root, emit: () => undefined, onWorkspaceChanged: () => () => undefined, watch: false });
  const repo = await service.repo();
  return {
    root,
    top,
    repo,
    service,
    git: (...args) => gitCli(top, ...args),
    async dispose() {
      await service.dispose();
      await cleanup();
    },
  };
}

/** `git status --porcelain` at the top, lines sorted (e.g. ['M  a.txt', '?? b.txt']). */
export function porcelain(kit: RepoKit): string[] {
  return kit.git('status', '--porcelain', '--untracked-files=all').split('\n').filter(Boolean).sort();
}
