import { assembleDiffText, checkpointDiffText, type DiffText } from '../../checkpoints/diffText';
import type { CheckpointService } from '../../checkpoints/checkpointService';
import { unifiedDiff } from '../../../common/unifiedDiff';

/**
 * What changed, as text a reviewer reads: unified diffs of the text files, within `maxChars`, then
 * the names of the files that did not fit (checkpoints/diffText.ts).
 *
 *   await checkpointEvidence({checkpoints, root, from, maxChars})  // checkpoint `from` → the workspace now
 *   appliedEvidence(changes, maxChars)                              // the proposed changes that were applied
 *
 * The checkpoint path sees everything (files changed by commands too); the applied-changes path is
 * the fallback when there is no baseline checkpoint (or the checkpoint store failed).
 */

export type Evidence = DiffText;

export interface AppliedChange {
  path: string;
  kind: 'create' | 'modify' | 'delete';
  before: string | null;
  after: string | null;
}

export function checkpointEvidence(input: { checkpoints: CheckpointService; root: string; from: string; maxChars: number }): Promise<Evidence> {
  return checkpointDiffText({ ...input, to: 'now' });
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
    deleted: c.after === null,
  }));
  return assembleDiffText(parts, maxChars);
}
