import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { delimiter, isAbsolute, join } from 'node:path';

/**
 * Finding the programs checkers run, without a shell: `findOnPath('ruff', env)` → '/usr/local/bin/ruff'
 * or null. Only absolute PATH entries are searched (an entry like `.` or `node_modules/.bin` would run a
 * program the workspace put there under a trusted name). On Windows the PATHEXT extensions are tried.
 */

/** True when `path` is a file this process may execute. */
export async function isExecutable(path: string): Promise<boolean> {
  try {
    if (!(await stat(path)).isFile()) return false;
    if (process.platform === 'win32') return true;
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function pathOf(env: NodeJS.ProcessEnv): string {
  if (process.platform !== 'win32') return env.PATH ?? '';
  const key = Object.keys(env).find((k) => k.toUpperCase() === 'PATH');
  return key ? (env[key] ?? '') : '';
}

export async function findOnPath(name: string, env: NodeJS.ProcessEnv): Promise<string | null> {
  const extensions = process.platform === 'win32' ? ['', ...(env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean)] : [''];
  for (const dir of pathOf(env).split(delimiter)) {
    if (!dir || !isAbsolute(dir)) continue;
    for (const ext of extensions) {
      const candidate = join(dir, name + ext);
      if (await isExecutable(candidate)) return candidate;
    }
  }
  return null;
}
