import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { gitPresence } from './gitPresence';
import { GitFailure, isGitMissing, runGit } from './gitRun';
import { createRepoGitGuard } from './repoGitGuard';
import { noGitPath } from '../../testing/noGitPath';
import { tempDir } from '../../testing/tempTree';

// Without git on the PATH (issue 25): a known state, not a thrown "Cannot run git: spawn git ENOENT".

let path: { dir: string; cleanup: () => Promise<void> };
let ws: { dir: string; cleanup: () => Promise<void> };
beforeAll(async () => {
  path = await noGitPath();
  ws = await tempDir('akira-nogit-ws-');
});
afterAll(async () => {
  await path.cleanup();
  await ws.cleanup();
});

describe('git presence', () => {
  it('says git is not installed when the PATH has none, and installed (with its version) when it has', async () => {
    expect(await gitPresence({ PATH: path.dir })).toEqual({ installed: false, version: null });
    expect(await gitPresence(process.env)).toEqual({ installed: true, version: expect.stringMatching(/^git version /) });
  });

  it('a git run without git fails as `missing`; a folder that is not there is not "git missing"', async () => {
    const err = await runGit(['status'], { cwd: ws.dir, env: { PATH: path.dir } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GitFailure);
    expect(isGitMissing(err)).toBe(true);
    const gone = await runGit(['status'], { cwd: join(ws.dir, 'no-such-folder'), env: { PATH: process.env.PATH ?? '' } }).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(GitFailure);
    expect(isGitMissing(gone)).toBe(false);
  });

  it("the repository guard answers no repository (and lets git's own call fail as missing) instead of throwing", async () => {
    const guard = createRepoGitGuard({ PATH: path.dir });
    expect(await guard.programs(ws.dir)).toBeNull();
    expect(await guard.prepare(ws.dir, ['status'])).toContain('status');
  });
});
