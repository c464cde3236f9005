import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * `.akira/.gitignore`, written by Akira the first time it writes its own bookkeeping into a workspace
 * (../shared/DESIGN.md "Data on disk"): session logs, checkpoint notes and the watcher's cookies stay out of
 * the user's git; settings, modes, rules and specs stay visible. Written only when missing (a user's edit
 * of the file is kept), never throws (a read-only folder only means git shows the files).
 *
 *   await ensureAkiraGitignore(akiraDir)   // the workspace's real `.akira` folder
 */

export const AKIRA_GITIGNORE = [
  "# Akira's own records of this workspace (written by Akira; edit freely, it is not rewritten).",
  '# settings.json, modes/, rules/ and specs/ belong to the project and stay visible to git. This file keeps itself',
  '# out too, so that sessions leave nothing under .akira/ in `git status` (`git add -f` it to share it).',
  '.gitignore',
  'sessions/',
  'checkpoints/',
  'cookies/',
  '',
].join('\n');

export async function ensureAkiraGitignore(akiraDir: string): Promise<void> {
  await writeFile(join(akiraDir, '.gitignore'), AKIRA_GITIGNORE, { flag: 'wx' }).catch(() => undefined);
}
