import { readConfined, removeConfined, writeConfined } from '../../workspace/confinedFs';
import { resolveInside } from '../../workspace/pathGuard';
import { ToolError } from './toolError';
import { toolErrors } from '../../../../shared/errors';
import type { ProposedChange } from './toolTypes';
import { refuseGitInternals, sha256 } from './workspaceFiles';

/**
 * Applies a change the approval gate accepted (possibly with `after` edited by the user):
 * - confinement is checked again now, and on what is actually opened and written (confinedFs: a folder
 *   swapped for a symlink since the proposal, or during the apply, is refused);
 * - the file must still be what the change was based on (`beforeHash`, or `before` when there is no
 *   hash): otherwise a `conflict` ToolError, and nothing is written;
 * - create/modify write atomically through a temporary file in the checked folder (folders created, the
 *   file's permissions kept); delete removes the file from its checked folder.
 */
export async function applyProposedChange(root: string, change: ProposedChange): Promise<{ path: string; kind: ProposedChange['kind'] }> {
  if (change.kind === 'delete' ? change.after !== null : typeof change.after !== 'string') {
    throw new ToolError('bad_request', `A ${change.kind} change of ${change.path} needs ${change.kind === 'delete' ? 'no' : 'an'} "after" text.`);
  }
  refuseGitInternals(change.path, change.path);
  const real = await resolveInside(root, change.path);
  const file = await readConfined(root, real, {
    check: (stats) => {
      if (!stats.isFile()) throw new ToolError('conflict', toolErrors.noLongerFile(change.path), 'Use list_files to see what is there now.');
    },
  });
  const current = file?.bytes ?? null;
  const expected =
    change.beforeHash !== undefined ? change.beforeHash : change.before === null ? null : sha256(change.before);
  const actual = current ? sha256(current) : null;
  if (expected !== actual) {
    const what = expected === null ? 'created' : actual === null ? 'deleted' : 'changed';
    throw new ToolError(
      'conflict',
      toolErrors.changedSince(change.path, what),
      'Read the file again with read_file and redo the change on its current content.',
    );
  }
  if (change.kind === 'delete') {
    if (current) await removeConfined(root, real);
  } else {
    await writeConfined(root, real, change.after as string, file ? file.stats.mode & 0o7777 : undefined);
  }
  return { path: change.path, kind: change.kind };
}
