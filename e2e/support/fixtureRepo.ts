import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** Environment for git in tests: no user config, no GIT_* leaking in from the machine. */
export function gitEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GIT_')));
  return {
    ...env,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: 'Akira Test',
    GIT_AUTHOR_EMAIL: 'test@akira.invalid',
    GIT_COMMITTER_NAME: 'Akira Test',
    GIT_COMMITTER_EMAIL: 'test@akira.invalid',
  };
}

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', ...args], {
    cwd,
    env: gitEnv(),
    encoding: 'utf8',
  });
}

export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

/** A small project with one commit, as a person would have it. */
export function makeFixtureRepo(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'akira-e2e-')));
  writeFiles(root, {
    'README.md': '# Demo project\n\nA fixture for Akira tests.\n',
    'package.json': '{\n  "name": "demo",\n  "version": "1.0.0"\n}\n',
    'src/index.ts': 'export function greet(name: string): string {\n  return `Hello, ${name}`;\n}\n',
    'src/util/math.ts': 'export const add = (a: number, b: number) => a + b;\n',
    '.gitignore': 'dist/\n*.log\n',
    'dist/bundle.js': 'ignored build output\n',
  });
  git(root, 'init', '-q');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'initial');
  return root;
}
