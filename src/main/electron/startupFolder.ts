import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';

/** Folder arguments of the desktop app: what follows the app (or the main script in development), minus switches. */
export function folderArgs(argv: readonly string[], packaged: boolean): string[] {
  return argv.slice(packaged ? 1 : 2).filter((arg) => arg !== '' && !arg.startsWith('-'));
}

async function isDirectory(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isDirectory() ?? false;
}

/**
 * The folder the desktop app opens at start: the one named on the command line (even if it is
 * missing, so the user hears about it), else the most recent folder that still exists, else none.
 */
export async function pickStartupFolder(args: readonly string[], recent: readonly string[], cwd: string): Promise<string | null> {
  if (args.length > 0) return resolve(cwd, args[0]);
  for (const folder of recent) if (await isDirectory(folder)) return folder;
  return null;
}
