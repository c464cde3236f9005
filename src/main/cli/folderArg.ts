import { realpath, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { textIn, type Language } from '../../shared/i18n';
import { UsageError } from './args';
import { cliStrings } from './cliStrings';

/** The folder a command works on (`akira serve|run|checkpoints [folder]`), as its real absolute path, or a usage error. */
export async function resolveFolder(folder: string | null, cwd: string, language: Language = 'en'): Promise<string> {
  const t = textIn(cliStrings, language);
  const wanted = resolve(cwd, folder ?? '.');
  const real = await realpath(wanted).catch(() => null);
  if (!real) throw new UsageError(t.folderNotFound(wanted));
  if (!(await stat(real)).isDirectory()) throw new UsageError(t.notAFolder(wanted));
  return real;
}
