import { isAbsolute, relative, resolve, sep } from 'node:path';
import { GitFailure, isGitMissing } from '../../common/gitRun';
import { plainGitText, type WorktreeGit } from './worktreeGit';
import { specErrors, type Words } from '../../../shared/errors';

/** The user's repository as the worktree module needs it. */
export interface RepoFacts {
  /** The top of the user's work tree (real path as git prints it). */
  top: string;
  /** The workspace's place in it: '' at the top, else `sub/dir/`. */
  prefix: string;
  /** The shared git dir (`.git` of the main work tree): refs, `worktrees/<name>` metadata. */
  commonDir: string;
  /** This work tree's own git dir (`.git`, or `.git/worktrees/<name>` when the workspace is itself a linked worktree). */
  gitDir: string;
}

/** Why not: `words` (the error thrown when a worktree is asked for anyway), `reason` their English. */
export type ProbeResult = { ok: true; repo: RepoFacts } | { ok: false; reason: string; words: Words };

const no = (words: Words): ProbeResult => ({ ok: false, reason: words.en, words });

/**
 * Can a worktree be made for the workspace at `root`? git must run, `root` must be inside the work tree
 * of a non-bare repository with at least one commit, and the data folder must lie outside that work tree.
 */
export async function probeRepo(git: WorktreeGit, root: string, dataDir: string): Promise<ProbeResult> {
  let first: string[];
  try {
    first = (await git.raw(root, ['rev-parse', '--is-bare-repository', '--is-inside-work-tree'])).toString('utf8').split('\n');
  } catch (err) {
    return no(notARepoWords(err));
  }
  if (first[0] === 'true') return no(specErrors.bareRepo);
  if (first[1] !== 'true') return no(specErrors.insideGitFolder);
  const lines = (await git.text(root, ['rev-parse', '--show-toplevel', '--show-prefix', '--git-common-dir', '--absolute-git-dir'])).split('\n');
  const [top, prefix, common, gitDir] = lines;
  if (!top || !gitDir) return no(specErrors.repoNotFound);
  const head = await git.raw(root, ['rev-parse', '--verify', '-q', 'HEAD^{commit}'], { okCodes: [1] });
  if (!head.toString('utf8').trim()) {
    return no(specErrors.noCommits);
  }
  const commonDir = isAbsolute(common) ? common : resolve(root, common);
  if (inside(top, dataDir)) {
    return no(specErrors.dataInRepo);
  }
  return { ok: true, repo: { top, prefix: prefix ?? '', commonDir, gitDir } };
}

function inside(dir: string, path: string): boolean {
  const rel = relative(resolve(dir), resolve(path));
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

function notARepoWords(err: unknown): Words {
  if (isGitMissing(err)) return specErrors.gitNotInstalled;
  if (err instanceof GitFailure && !err.started) return specErrors.gitMissing(err.stderr);
  const said = err instanceof GitFailure ? plainGitText(err.stderr) : err instanceof Error ? err.message : String(err);
  if (/not a git repository/i.test(said)) return specErrors.notARepo;
  if (/dubious ownership/i.test(said)) return specErrors.dubiousOwnership;
  return specErrors.notUsableRepo(said);
}
