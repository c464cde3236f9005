import { mkdir, writeFile } from 'node:fs/promises';
import { devNull } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gitCli, gitInit } from '../../testing/gitCli';
import { tempDir } from '../../testing/tempTree';
import { cleanGitEnv, GitFailure } from './gitRun';
import { createRepoGitGuard, programOverrides, type RepoTrust } from './repoGitGuard';
import { parseConfigList, type ConfigEntry } from './repoPrograms';

let dir = '';
let cleanup: () => Promise<void> = async () => {};
beforeEach(async () => {
  ({ dir, cleanup } = await tempDir('akira-guard-'));
});
afterEach(() => cleanup());

const entry = (scope: string, key: string, value: string | null): ConfigEntry => ({ scope, file: scope === 'local' ? '/r/.git/config' : '/h/.gitconfig', key, value });
const ALWAYS = ['-c', 'submodule.recurse=false', '-c', 'diff.ignoreSubmodules=dirty'];
const NO_HOOKS = ['-c', `core.hooksPath=${devNull}`];

describe('programOverrides', () => {
  it("overrides each program the repository names, with the user's own value where they have one", () => {
    const settings = programOverrides([
      entry('global', 'filter.lfs.process', 'git-lfs filter-process'),
      entry('global', 'filter.lfs.required', 'true'),
      entry('local', 'filter.lfs.process', 'evil'),
      entry('local', 'filter.Probe.clean', 'evil clean'),
      entry('local', 'filter.Probe.required', 'true'),
      entry('local', 'merge.m.driver', 'evil %A'),
      entry('worktree', 'gpg.program', 'evil-gpg'),
      entry('local', 'gpg.ssh.defaultKeyCommand', 'evil'),
      entry('local', 'core.editor', 'vim'),
      entry('local', 'user.name', 'x'),
      entry('local', 'core.fsmonitor', 'evil'),
      entry('local', 'diff.d.textconv', 'evil'),
    ]);
    expect(settings.sort()).toEqual(
      [
        'filter.lfs.process=git-lfs filter-process',
        'filter.lfs.required=true',
        'filter.Probe.clean=',
        'filter.Probe.required=false',
        'merge.m.driver=git merge-file --marker-size=%L %A %O %B',
        'gpg.program=gpg',
        'gpg.ssh.defaultKeyCommand=',
        'core.fsmonitor=false',
      ].sort(),
    );
  });

  it("leaves the user's own global and system programs alone", () => {
    expect(programOverrides([entry('global', 'filter.lfs.clean', 'git-lfs clean -- %f'), entry('system', 'gpg.program', 'gpg2')])).toEqual([]);
  });

  it('refuses a key that -c cannot say (a subsection with "=")', () => {
    expect(() => programOverrides([entry('local', 'filter.a=b.clean', 'evil')])).toThrow(/cannot override \(filter\.a=b\.clean\)/);
  });
});

describe('parseConfigList', () => {
  it('reads scope, origin, key and value; a key without value is null', () => {
    const out = 'global\0file:/h/.gitconfig\0user.name\nA B\0local\0file:.git/config\0core.bare\nfalse\0local\0file:.git/config\0x.flag\0command\0command line:\0a.b\n1\0';
    expect(parseConfigList(out, '/r')).toEqual([
      { scope: 'global', file: '/h/.gitconfig', key: 'user.name', value: 'A B' },
      { scope: 'local', file: '/r/.git/config', key: 'core.bare', value: 'false' },
      { scope: 'local', file: '/r/.git/config', key: 'x.flag', value: null },
      { scope: 'command', file: '', key: 'a.b', value: '1' },
    ]);
  });
});

describe('createRepoGitGuard', () => {
  const env = () => ({ ...cleanGitEnv(), GIT_CONFIG_NOSYSTEM: '1', HOME: join(dir, 'home') });

  it('a repository that names no program runs as given (no submodule recursion); read-only plumbing always does', async () => {
    gitInit(dir);
    const guard = createRepoGitGuard(env());
    expect(await guard.prepare(dir, ['status', '--porcelain'])).toEqual([...ALWAYS, 'status', '--porcelain']);
    expect(await guard.prepare(dir, ['log', '-1'])).toEqual([...ALWAYS, 'log', '-1']);
    expect(await guard.prepare(dir, ['rev-parse', 'HEAD'])).toEqual(['-c', 'core.fsmonitor=false', 'rev-parse', 'HEAD']);
    expect(await guard.programs(dir)).toMatchObject({ programs: [], trusted: false });
  });

  it('hooks in .git/hooks are programs: off, and diffs run without diff programs', async () => {
    gitInit(dir);
    await writeFile(join(dir, '.git', 'hooks', 'pre-commit'), '#!/bin/sh\n', { mode: 0o755 });
    await writeFile(join(dir, '.git', 'hooks', 'not-a-hook'), '#!/bin/sh\n', { mode: 0o755 });
    const guard = createRepoGitGuard(env());
    expect(await guard.prepare(dir, ['commit', '-m', 'x'])).toEqual([...NO_HOOKS, ...ALWAYS, 'commit', '-m', 'x']);
    expect(await guard.prepare(dir, ['log', '-1'])).toEqual([...NO_HOOKS, ...ALWAYS, 'log', '--no-ext-diff', '--no-textconv', '-1']);
    expect((await guard.programs(dir))?.programs).toEqual([{ kind: 'hook', name: 'pre-commit', command: join(dir, '.git', 'hooks', 'pre-commit') }]);
  });

  it('sees a program the repository names later, also through an include that appears later, and a new hook', async () => {
    gitInit(dir);
    const guard = createRepoGitGuard(env());
    expect(await guard.prepare(dir, ['add', 'x'])).toEqual([...ALWAYS, 'add', 'x']);
    gitCli(dir, 'config', 'filter.f.smudge', 'evil');
    expect(await guard.prepare(dir, ['add', 'x'])).toEqual(['-c', 'filter.f.smudge=', '-c', 'filter.f.required=false', ...ALWAYS, 'add', 'x']);
    gitCli(dir, 'config', 'include.path', '../later.config');
    expect(await guard.prepare(dir, ['add', 'x'])).toHaveLength(8 + 2);
    await writeFile(join(dir, 'later.config'), '[merge "m"]\n\tdriver = evil %A\n');
    expect(await guard.prepare(dir, ['merge', 'b'])).toContain('merge.m.driver=git merge-file --marker-size=%L %A %O %B');
    await writeFile(join(dir, '.git', 'hooks', 'post-merge'), '#!/bin/sh\n', { mode: 0o755 });
    expect(await guard.prepare(dir, ['merge', 'b'])).toContain(`core.hooksPath=${devNull}`);
  });

  it('outside a repository: as given, and a repository made later is seen', async () => {
    const sub = join(dir, 'ws');
    await mkdir(sub);
    const guard = createRepoGitGuard({ ...env(), GIT_CEILING_DIRECTORIES: dir });
    expect(await guard.prepare(sub, ['status'])).toEqual([...ALWAYS, 'status']);
    expect(await guard.programs(sub)).toBeNull();
    gitInit(sub);
    gitCli(sub, 'config', 'core.fsmonitor', 'evil');
    expect(await guard.prepare(sub, ['status'])).toEqual(['-c', 'core.fsmonitor=false', ...ALWAYS, 'status']);
  });

  it('runs the programs as configured once trusted for exactly them; a change needs trusting again', async () => {
    gitInit(dir);
    gitCli(dir, 'config', 'filter.f.clean', 'mine');
    const trusted = new Set<string>();
    let version = 0;
    const trust: RepoTrust = { version: () => version, isTrusted: async (common, fp) => trusted.has(`${common}\0${fp}`) };
    const guard = createRepoGitGuard(env(), trust);
    const before = (await guard.programs(dir))!;
    expect(before).toMatchObject({ trusted: false, programs: [{ kind: 'config', name: 'filter.f.clean', command: 'mine' }] });
    trusted.add(`${before.commonDir}\0${before.fingerprint}`);
    version++;
    expect(await guard.prepare(dir, ['add', 'x'])).toEqual([...ALWAYS, 'add', 'x']);
    gitCli(dir, 'config', 'filter.f.clean', 'changed');
    expect(await guard.prepare(dir, ['add', 'x'])).toContain('filter.f.clean=');
    expect(await guard.programs(dir)).toMatchObject({ trusted: false });
  });

  it('fails closed, as git that cannot run, when a program key cannot be overridden', async () => {
    gitInit(dir);
    await writeFile(join(dir, '.git', 'config'), '[filter "a=b"]\n\tclean = evil\n', { flag: 'a' });
    const err = await createRepoGitGuard(env())
      .prepare(dir, ['status'])
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GitFailure);
    expect(err).toMatchObject({ started: false, stderr: expect.stringContaining('filter.a=b.clean') });
  });
});
