import { realpath, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { UsageError } from './args';

/** The folder a command works on (`akira serve|run|checkpoints [folder]`), as its real absolute path, or a usage error. */
export async function resolveFolder(folder: string | null, cwd: string): Promise<string> {
  const wanted = resolve(cwd, folder ?? '.');
  const real = await realpath(wanted).catch(() => null);
  if (!real) throw new UsageError(`Folder not found: ${wanted}`);
  if (!(await stat(real)).isDirectory()) throw new UsageError(`Not a folder: ${wanted}`);
  return real;
}
