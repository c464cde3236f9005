import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gitCli } from './gitCli';

/**
 * A repository whose own git configuration names programs, as a folder someone hands you could (issue 26):
 * `core.fsmonitor`, a clean/smudge/process filter, a diff textconv, `diff.external` and a diff driver's command, a
 * merge driver (through an `include.path`), and hooks both in `core.hooksPath` (an in-tree folder, as husky does)
 * and in `.git/hooks`. Every one of them is the same probe script, which appends its role to a log and then behaves
 * (a filter passes its input through, textconv prints the file, the merge driver keeps ours), so git works the same
 * whether they run or not. Tests then assert `ran()` is empty.
 *
 *   const repo = await armRepo(top, probeDir);   …Akira's git calls…   expect(await repo.ran()).toEqual([]);
 */

export const REPO_HOOKS = [
  'pre-commit', 'prepare-commit-msg', 'commit-msg', 'post-commit', 'post-checkout', 'post-merge', 'pre-merge-commit',
  'post-index-change', 'reference-transaction', 'post-rewrite', 'pre-auto-gc', 'pre-rebase',
];

export interface ArmedRepo {
  /** The roles of the repository's programs that ran, in order (empty when none did). */
  ran(): Promise<string[]>;
  /** Forgets what ran so far. */
  reset(): Promise<void>;
}

/**
 * Arms the repository at `top` (already a repository with a commit): writes `.gitattributes` routing every file
 * through the probe's filter, diff and merge drivers, commits it, then sets the configuration and hooks. The probe
 * and its log live in `probeDir` (outside the work tree).
 */
export async function armRepo(top: string, probeDir: string): Promise<ArmedRepo> {
  await mkdir(probeDir, { recursive: true });
  const gitDir = gitCli(top, 'rev-parse', '--absolute-git-dir').trim();
  const log = join(probeDir, 'ran.log');
  const probe = join(probeDir, 'probe.sh');
  await writeFile(
    probe,
    [
      '#!/bin/sh',
      `echo "$1" >> '${log}'`,
      'case "$1" in',
      '  clean|smudge) cat ;;',
      '  textconv) cat "$2" ;;',
      '  *) : ;;',
      'esac',
      'exit 0',
      '',
    ].join('\n'),
  );
  await chmod(probe, 0o755);
  await writeFile(join(top, '.gitattributes'), '* filter=probe diff=probe merge=probe\n');
  const hooks = join(top, '.githooks');
  const writeHooks = async (dir: string, note: string) => {
    await mkdir(dir, { recursive: true });
    for (const hook of REPO_HOOKS) {
      await writeFile(join(dir, hook), `#!/bin/sh\n'${probe}' 'hook:${hook}${note}'\nexit 0\n`);
      await chmod(join(dir, hook), 0o755);
    }
  };
  await writeHooks(hooks, '');
  gitCli(top, 'add', '.gitattributes', '.githooks');
  gitCli(top, 'commit', '-q', '-m', 'attributes and hooks');
  // A folder that came with its .git has hooks there too (a clone never does).
  await writeHooks(join(gitDir, 'hooks'), ' (.git/hooks)');
  const config: [string, string][] = [
    ['core.fsmonitor', `'${probe}' fsmonitor`],
    ['core.hooksPath', '.githooks'],
    ['filter.probe.clean', `'${probe}' clean %f`],
    ['filter.probe.smudge', `'${probe}' smudge %f`],
    ['filter.probe.required', 'true'],
    ['diff.probe.textconv', `'${probe}' textconv`],
    ['diff.probe.command', `'${probe}' diff-command`],
    ['diff.external', `'${probe}' diff-external`],
    ['gpg.program', `'${probe}' gpg`],
    ['include.path', 'probe.config'],
  ];
  for (const [key, value] of config) gitCli(top, 'config', key, value);
  // The merge driver comes from an included file: includes count as the repository's own configuration.
  await writeFile(join(gitDir, 'probe.config'), `[merge "probe"]\n\tname = probe\n\tdriver = '${probe}' merge %A %O %B\n`);
  return {
    ran: async () => (await readFile(log, 'utf8').catch(() => '')).split('\n').filter(Boolean),
    reset: () => writeFile(log, ''),
  };
}

/** Sets a process filter too (long-running; git fails when it does not speak the protocol, so it gets its own repo). */
export async function armProcessFilter(top: string, probeDir: string): Promise<void> {
  gitCli(top, 'config', 'filter.probe.process', `'${join(probeDir, 'probe.sh')}' process`);
}
