import { execFileSync } from 'node:child_process';

/** Runs the git CLI in `dir` as a person would (clean GIT_* env, fixed identity); returns stdout. */
export function gitCli(dir: string, ...args: string[]): string {
  const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GIT_')));
  Object.assign(env, {
    GIT_AUTHOR_NAME: 'Akira Test',
    GIT_AUTHOR_EMAIL: 'test@akira.invalid',
    GIT_COMMITTER_NAME: 'Akira Test',
    GIT_COMMITTER_EMAIL: 'test@akira.invalid',
    GIT_CONFIG_NOSYSTEM: '1',
  });
  return execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', ...args], {
    cwd: dir,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** `git init` + one commit of everything in `dir`. */
export function initRepoWithCommit(dir: string, message = 'initial'): void {
  gitCli(dir, 'init', '-q');
  gitCli(dir, 'add', '-A');
  gitCli(dir, 'commit', '-q', '-m', message);
}

/** `git init` without inheriting GIT_* variables from the environment. */
export function gitInit(dir: string): void {
  gitCli(dir, 'init', '-q');
}
