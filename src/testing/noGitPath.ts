import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { symlink } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { tempDir } from './tempTree';

/**
 * A PATH that holds no git: a temp folder with links to node and the few programs a session's commands and the
 * user's terminal need (a shell, env), and nothing else. It throws if git can still be found through it.
 *
 *   const path = await noGitPath();   spawn(..., {env: {...process.env, PATH: path.dir}})   await path.cleanup()
 */
export async function noGitPath(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const made = await tempDir('akira-nogit-bin-');
  const tools = [process.execPath, '/bin/sh', '/bin/bash', '/usr/bin/env'];
  for (const tool of tools) {
    if (!existsSync(tool)) continue;
    const name = tool === process.execPath ? 'node' : basename(tool);
    await symlink(tool, join(made.dir, name));
  }
  const probe = spawnSync('git', ['--version'], { env: { PATH: made.dir }, encoding: 'utf8' });
  if ((probe.error as NodeJS.ErrnoException | undefined)?.code !== 'ENOENT') {
    await made.cleanup();
    throw new Error(`git is still found through ${made.dir}: ${probe.error?.message ?? probe.stdout}`);
  }
  return made;
}
