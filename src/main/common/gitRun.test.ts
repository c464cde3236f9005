import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { tempDir } from '../../testing/tempTree';
import { cleanGitEnv, GitFailure, runGit } from './gitRun';

let dir = '';
let cleanup: () => Promise<void> = async () => {};
beforeEach(async () => {
  ({ dir, cleanup } = await tempDir('akira-gitrun-'));
});
afterEach(() => cleanup());

describe('runGit', () => {
  it('drops every inherited GIT_* variable and the interactive ones, keeps the rest', () => {
    const env = cleanGitEnv({ PATH: '/bin', HOME: '/h', GIT_DIR: '/elsewhere', GIT_SSL_CAINFO: '/ca.pem', git_index_file: 'x', PAGER: 'less', EDITOR: 'vi', LANG: 'C' });
    expect(env).toEqual({ PATH: '/bin', HOME: '/h', LANG: 'C' });
  });

  it('runs git with exactly the environment given, feeds stdin and returns stdout as bytes', async () => {
    const env = { ...cleanGitEnv(), GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };
    await runGit(['init', '-q', '--bare', join(dir, 'r.git')], { cwd: dir, env });
    const out = await runGit(['--git-dir=r.git', 'hash-object', '-w', '--stdin'], { cwd: dir, env, input: 'hello\n' });
    expect(out.toString()).toBe('ce013625030ba8dba906f756967f9e9ca394464a\n');
    const blob = await runGit(['--git-dir=r.git', 'cat-file', 'blob', 'ce01362'], { cwd: dir, env });
    expect(blob).toEqual(Buffer.from('hello\n'));
    // An inherited GIT_DIR would have aimed git elsewhere; here it is only what the caller passes.
    const fromEnv = await runGit(['rev-parse', '--git-dir'], { cwd: dir, env: { ...env, GIT_DIR: join(dir, 'r.git') } });
    expect(fromEnv.toString().trim()).toBe(join(dir, 'r.git'));
  });

  it('fails with git stderr and the exit code, unless the code is ok; says when git cannot start', async () => {
    const env = cleanGitEnv();
    const err = await runGit(['rev-parse', '--git-dir'], { cwd: dir, env: { ...env, GIT_CEILING_DIRECTORIES: dir } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GitFailure);
    expect(err).toMatchObject({ code: 128, started: true, stderr: expect.stringMatching(/not a git repository/) });
    expect(await runGit(['rev-parse', '--git-dir'], { cwd: dir, env: { ...env, GIT_CEILING_DIRECTORIES: dir }, okCodes: [128] })).toEqual(Buffer.alloc(0));
    const missing = await runGit(['version'], { cwd: join(dir, 'missing'), env }).catch((e: unknown) => e);
    expect(missing).toMatchObject({ started: false, code: null });
  });
});
