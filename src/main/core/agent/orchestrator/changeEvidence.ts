import { unifiedDiff } from '../../../common/unifiedDiff';
import type { CheckpointService } from '../../checkpoints/checkpointService';
import { readConfined } from '../../workspace/confinedFs';
import { resolveInside } from '../../workspace/pathGuard';

/**
 * What changed, as text a reviewer reads: unified diffs of the text files, within `maxChars`, then
 * the names of the files that did not fit.
 *
 *   await checkpointEvidence({checkpoints, root, from, maxChars})  // checkpoint `from` → the workspace now
 *   appliedEvidence(changes, maxChars)                              // the proposed changes that were applied
 *
 * The checkpoint path sees everything (files changed by commands too); the applied-changes path is
 * the fallback when there is no baseline checkpoint (or the checkpoint store failed).
 */

export interface Evidence {
  text: string;
  files: number;
}

export interface AppliedChange {
  path: string;
  kind: 'create' | 'modify' | 'delete';
  before: string | null;
  after: string | null;
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

function assemble(parts: { path: string; diff: string; stat: string }[], maxChars: number): Evidence {
  let text = '';
  const left: string[] = [];
  for (const part of parts) {
    const block = part.diff ? part.diff : `${part.path}: ${part.stat}\n`;
    if (text.length + block.length <= maxChars) text += block;
    else left.push(`${part.path} (${part.stat})`);
  }
  if (left.length) text += `\n(${left.length} more changed file${left.length === 1 ? '' : 's'} not shown: ${left.slice(0, 30).join(', ')}${left.length > 30 ? ', …' : ''})\n`;
  return { text: text || '(no file changed)', files: parts.length };
}

export async function checkpointEvidence(input: { checkpoints: CheckpointService; root: string; from: string; maxChars: number }): Promise<Evidence> {
  const { checkpoints, root, from, maxChars } = input;
  const diff = await checkpoints.diff(from, 'now');
  const parts: { path: string; diff: string; stat: string }[] = [];
  for (const file of diff.files) {
    const counts = file.insertions === null ? 'binary' : `+${file.insertions} -${file.deletions ?? 0}`;
    const statText = `${file.status}, ${counts}`;
    if (file.insertions === null || parts.reduce((n, p) => n + p.diff.length, 0) > maxChars) {
      parts.push({ path: file.path, diff: '', stat: statText });
      continue;
    }
    const before = file.status === 'added' ? null : ((await checkpoints.fileAt(from, file.path).catch(() => null))?.text ?? null);
    const after = file.status === 'deleted' ? null : await readNow(root, file.path);
    const text = unifiedDiff(before, after, { oldName: `a/${file.path}`, newName: `b/${file.path}` });
    parts.push({ path: file.path, diff: text, stat: statText });
  }
  return assemble(parts, maxChars);
}

export function appliedEvidence(changes: readonly AppliedChange[], maxChars: number): Evidence {
  // The first `before` and the last `after` of each path: what changed overall.
  const byPath = new Map<string, { before: string | null; after: string | null }>();
  for (const c of changes) {
    const seen = byPath.get(c.path);
    byPath.set(c.path, { before: seen ? seen.before : c.before, after: c.kind === 'delete' ? null : c.after });
  }
  const parts = [...byPath].map(([path, c]) => ({
    path,
    diff: unifiedDiff(c.before, c.after, { oldName: `a/${path}`, newName: `b/${path}` }),
    stat: c.after === null ? 'deleted' : c.before === null ? 'added' : 'modified',
  }));
  return assemble(parts, maxChars);
}
