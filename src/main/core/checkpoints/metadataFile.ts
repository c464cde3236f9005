import { randomBytes } from 'node:crypto';
import { mkdirSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ensureAkiraGitignore } from '../../common/akiraGitignore';
import { isInside, resolveInside } from '../workspace/pathGuard';
import type { FileStat } from './treeDiff';
import type { CheckpointRecord } from './types';
import { counted } from '../../../shared/i18n/plural';

/**
 * The human-readable side of a checkpoint, in the workspace (seed 002):
 * `.akira/checkpoints/<sessionId or "manual">/<n>.md`: YAML front matter (checkpointId, sessionId,
 * todoId, label, origin, createdAt, commit, filesChanged) and a short summary. `.akira/` is never
 * captured by checkpoints. Written through the path guard (a `.akira` link leading out is refused).
 */

const LISTED_FILES = 500;

export function metadataRelPath(record: Pick<CheckpointRecord, 'sessionId' | 'n'>): string {
  return `.akira/checkpoints/${record.sessionId ?? 'manual'}/${record.n}.md`;
}

const q = (s: string) => JSON.stringify(s);

export function renderMetadata(record: CheckpointRecord, files: FileStat[]): string {
  const listed = files.slice(0, LISTED_FILES);
  const fm = [
    '---',
    `checkpointId: ${q(record.id)}`,
    `sessionId: ${record.sessionId ? q(record.sessionId) : 'null'}`,
    `todoId: ${record.todoId ? q(record.todoId) : 'null'}`,
    `label: ${q(record.label)}`,
    `origin: ${record.origin}`,
    `createdAt: ${q(record.createdAt)}`,
    `commit: ${q(record.commit)}`,
    ...(record.restoreOf ? [`restoreOf: ${q(record.restoreOf)}`] : []),
    `insertions: ${record.insertions}`,
    `deletions: ${record.deletions}`,
    `filesChangedCount: ${record.filesChanged}`,
    listed.length ? 'filesChanged:' : 'filesChanged: []',
    ...listed.map((f) => `  - ${q(f.path)}`),
    ...(record.skippedCount
      ? ['skipped:', ...record.skipped.map((s) => `  - { path: ${q(s.path)}, size: ${s.size}, reason: ${s.reason} }`)]
      : []),
    '---',
    '',
  ];
  const origin =
    record.origin === 'agent'
      ? `taken by the agent${record.todoId ? ` for TODO ${record.todoId}` : ''}`
      : record.origin === 'before-restore'
        ? `taken automatically before restoring ${record.restoreOf ?? 'a checkpoint'} (restore it to undo that restore)`
        : 'taken by hand';
  const body = [
    `# Checkpoint ${record.n}: ${record.label || '(no label)'}`,
    '',
    `${record.createdAt}: ${origin}. ${record.filesChanged} file${record.filesChanged === 1 ? '' : 's'} changed, +${record.insertions} −${record.deletions}.`,
    '',
  ];
  if (listed.length) {
    body.push('| file | + | − |', '| --- | --- | --- |');
    for (const f of listed) {
      const cell = (n: number | null) => (n === null ? 'binary' : String(n));
      body.push(`| \`${f.path.replace(/[|`]/g, '\\$&')}\` | ${cell(f.insertions)} | ${cell(f.deletions)} |`);
    }
    if (files.length > listed.length) body.push('', `…and ${files.length - listed.length} more.`);
    body.push('');
  }
  if (record.skippedCount) {
    body.push(`${counted(record.skippedCount, 'file was', 'files were')} not captured (too large or unreadable); see \`skipped\` above.`, '');
  }
  body.push(`Restore with \`akira checkpoints restore ${record.id}\` or from the Timeline.`, '');
  return [...fm, ...body].join('\n');
}

/**
 * Writes the metadata file (temp file + rename, so readers never see half of it; the rename
 * replaces a link at that name rather than following it); answers its workspace-relative path, or
 * null when it cannot be written safely. The folder is usually there already: its real path is then
 * one synchronous call; otherwise the path guard resolves where it would land and it is created.
 */
export async function writeMetadata(root: string, record: CheckpointRecord, files: FileStat[]): Promise<string | null> {
  const rel = metadataRelPath(record);
  try {
    let dir: string;
    try {
      dir = realpathSync.native(join(root, dirname(rel)));
    } catch {
      dir = dirname(await resolveInside(root, rel));
      mkdirSync(dir, { recursive: true });
      await ensureAkiraGitignore(dirname(dirname(dir))); // .akira/checkpoints/<session>/ → .akira
    }
    if (!isInside(root, dir)) return null;
    const abs = join(dir, basename(rel));
    const tmp = `${abs}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      writeFileSync(tmp, renderMetadata(record, files));
      renameSync(tmp, abs);
    } catch (err) {
      rmSync(tmp, { force: true });
      throw err;
    }
    return rel;
  } catch {
    return null;
  }
}

export async function removeMetadata(root: string, rel: string): Promise<void> {
  try {
    const abs = await resolveInside(root, rel);
    await rm(abs, { force: true });
  } catch {
    // outside or gone: nothing to remove
  }
}
