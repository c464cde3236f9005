import { unifiedDiff } from '../../common/unifiedDiff';
import { readConfined } from '../workspace/confinedFs';
import { resolveInside } from '../workspace/pathGuard';
import type { CheckpointService } from './checkpointService';

/**
 * What changed between two checkpoints (or a checkpoint and the workspace now), as text a model reads:
 * unified diffs of the text files within `maxChars`, then the names of the files that did not fit.
 *
 *   await checkpointDiffText({checkpoints, root, from: 'a1', to: 'now', maxChars})   // the verifier's evidence
 *   await checkpointDiffText({checkpoints, root, from: previousId, to: 'b2', maxChars}) // what checkpoint b2 changed (@checkpoint:b2)
 */

export interface DiffText {
  text: string;
  files: number;
  /** The changed files that still exist (workspace-relative), e.g. for their diagnostics. */
  paths: string[];
}

export interface FileDiffPart {
  path: string;
  /** The file is gone after the change. */
  deleted?: boolean;
  /** The unified diff, or '' when only the stat is shown (binary, or no room). */
  diff: string;
  stat: string;
}

const MAX_FILE_BYTES = 1024 * 1024;

async function readNow(root: string, path: string): Promise<string | null> {
  try {
    const real = await resolveInside(root, path);
    // Through a descriptor checked to be inside (a folder swapped for a link meanwhile is refused).
    const file = await readConfined(root, real, {
      check: (s) => {
        if (!s.isFile() || s.size > MAX_FILE_BYTES) throw new Error('not shown');
      },
    });
    const buf = file?.bytes;
    return !buf || buf.includes(0) ? null : buf.toString('utf8');
  } catch {
    return null;
  }
}

/** The parts in order within `maxChars`; those that do not fit are named at the end. */
export function assembleDiffText(parts: readonly FileDiffPart[], maxChars: number): DiffText {
  let text = '';
  const left: string[] = [];
  for (const part of parts) {
    const block = part.diff ? part.diff : `${part.path}: ${part.stat}\n`;
    if (text.length + block.length <= maxChars) text += block;
    else left.push(`${part.path} (${part.stat})`);
  }
  if (left.length) text += `\n(${left.length} more changed file${left.length === 1 ? '' : 's'} not shown: ${left.slice(0, 30).join(', ')}${left.length > 30 ? ', …' : ''})\n`;
  return { text: text || '(no file changed)', files: parts.length, paths: parts.filter((p) => !p.deleted).map((p) => p.path) };
}

export async function checkpointDiffText(input: { checkpoints: CheckpointService; root: string; from: string | null; to: string; maxChars: number }): Promise<DiffText> {
  const { checkpoints, root, from, to, maxChars } = input;
  const diff = await checkpoints.diff(from, to);
  const side = async (id: string | null, path: string) => (id === null ? null : ((await checkpoints.fileAt(id, path).catch(() => null))?.text ?? null));
  const parts: FileDiffPart[] = [];
  for (const file of diff.files) {
    const counts = file.insertions === null ? 'binary' : `+${file.insertions} -${file.deletions ?? 0}`;
    const statText = `${file.status}, ${counts}`;
    if (file.insertions === null || parts.reduce((n, p) => n + p.diff.length, 0) > maxChars) {
      parts.push({ path: file.path, diff: '', stat: statText, deleted: file.status === 'deleted' });
      continue;
    }
    const before = file.status === 'added' ? null : await side(from, file.path);
    const after = file.status === 'deleted' ? null : to === 'now' ? await readNow(root, file.path) : await side(to, file.path);
    parts.push({ path: file.path, diff: unifiedDiff(before, after, { oldName: `a/${file.path}`, newName: `b/${file.path}` }), stat: statText, deleted: file.status === 'deleted' });
  }
  return assembleDiffText(parts, maxChars);
}
