import type { ChangedFileT, CheckpointRecordT, CommandResult } from '../../shared/contract';

/** Text for people from `checkpoints.*` results; every function returns whole lines. */

type Skipped = CheckpointRecordT['skipped'];

/** Control characters (a label's newlines, a path's escape codes) never reach the terminal as such. */
export function clean(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
}

export function plusMinus(insertions: number | null, deletions: number | null): string {
  return insertions === null || deletions === null ? 'binary' : `+${insertions} -${deletions}`;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** Local time, to the minute or second: 2026-11-22 08:44. */
export function localTime(iso: string, seconds = false): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  const time = `${p(d.getHours())}:${p(d.getMinutes())}${seconds ? `:${p(d.getSeconds())}` : ''}`;
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${time}`;
}

export function originText(r: CheckpointRecordT): string {
  if (r.origin === 'agent') return r.todoId ? `agent (todo ${r.todoId})` : 'agent';
  return r.origin;
}

function table(rows: string[][], rightAligned: Set<number>): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows
    .map((r) => r.map((cell, c) => (c === r.length - 1 ? cell : rightAligned.has(c) ? cell.padStart(widths[c]) : cell.padEnd(widths[c]))).join('  '))
    .map((line) => `${line.trimEnd()}\n`)
    .join('');
}

export function formatList(result: CommandResult<'checkpoints.list'>, offset: number, tty: boolean): string {
  const { checkpoints, total } = result;
  if (!tty) {
    return checkpoints
      .map((r) => [r.checkpointId, r.createdAt, r.origin, r.filesChanged, `+${r.insertions}`, `-${r.deletions}`, clean(r.label)].join('\t') + '\n')
      .join('');
  }
  if (!checkpoints.length) {
    return total
      ? `No checkpoints at offset ${offset} (there are ${total}).\n`
      : 'No checkpoints yet. Take one with `akira checkpoints create -m "label"`.\n';
  }
  const rows = [['ID', 'CREATED', 'ORIGIN', 'FILES', '+/-', 'LABEL']];
  for (const r of checkpoints) {
    rows.push([r.checkpointId, localTime(r.createdAt), originText(r), String(r.filesChanged), plusMinus(r.insertions, r.deletions), clean(r.label)]);
  }
  const last = offset + checkpoints.length;
  const more = last < total ? `; more with --offset ${last}` : '';
  return `${table(rows, new Set([3]))}\n${offset + 1}–${last} of ${total}, newest first${more}\n`;
}

const STATUS_LETTER: Record<ChangedFileT['status'], string> = { added: 'A', modified: 'M', deleted: 'D', type_changed: 'T' };

/** `  M  src/app.ts  +3 -1` lines; the legend is in `akira checkpoints --help`. */
export function formatFiles(files: { path: string; status: ChangedFileT['status']; insertions: number | null; deletions: number | null }[]): string {
  if (!files.length) return '  (no files changed)\n';
  const width = Math.min(60, Math.max(...files.map((f) => clean(f.path).length)));
  return files
    .map((f) => `  ${STATUS_LETTER[f.status]}  ${clean(f.path).padEnd(width)}  ${f.status === 'type_changed' && f.insertions === null ? 'type changed' : plusMinus(f.insertions, f.deletions)}\n`)
    .join('');
}

export function formatSkipped(skipped: Skipped, count: number): string {
  if (!count) return '';
  let out = `Not captured: ${plural(count, 'file')} (over the size limit or unreadable):\n`;
  for (const s of skipped) out += `  ${clean(s.path)}  ${formatBytes(s.size)}  ${clean(s.reason)}\n`;
  if (count > skipped.length) out += `  … and ${count - skipped.length} more\n`;
  return out;
}

export function formatCreated(r: CommandResult<'checkpoints.create'>): string {
  return (
    `Created checkpoint ${r.checkpointId}  "${clean(r.label)}"\n` +
    `  ${plural(r.filesChanged, 'file')} changed, ${plusMinus(r.insertions, r.deletions)}\n` +
    formatSkipped(r.skipped, r.skippedCount)
  );
}

export function formatShow(r: CommandResult<'checkpoints.show'>): string {
  const lines = [
    `Checkpoint ${r.checkpointId}`,
    `  Label:    ${clean(r.label)}`,
    `  Created:  ${localTime(r.createdAt, true)} (${r.createdAt})`,
    `  Origin:   ${originText(r)}${r.restoreOf ? `, taken before restoring ${r.restoreOf}` : ''}`,
  ];
  if (r.sessionId) lines.push(`  Session:  ${r.sessionId}`);
  if (r.metadataPath) lines.push(`  Notes:    ${clean(r.metadataPath)}`);
  lines.push(
    `  Changes:  ${plural(r.filesChanged, 'file')}, ${plusMinus(r.insertions, r.deletions)} ` +
      (r.previousId ? `since ${r.previousId}` : '(the first checkpoint: every file)'),
  );
  return `${lines.join('\n')}\n\n${formatFiles(r.files)}${r.skippedCount ? `\n${formatSkipped(r.skipped, r.skippedCount)}` : ''}`;
}

export function formatDiff(r: CommandResult<'checkpoints.diff'>): string {
  const to = r.to === 'now' ? 'now' : r.to;
  return `Changes from ${r.from ?? 'nothing'} to ${to}: ${plural(r.files.length, 'file')}, +${r.insertions} -${r.deletions}\n${formatFiles(r.files)}`;
}

export function formatPreview(p: CommandResult<'checkpoints.preview'>): string {
  const changes = p.files.length;
  let out = `Restoring ${p.checkpointId} would modify ${p.modified}, create ${p.created} and delete ${plural(p.deleted, 'file')}`;
  out += changes ? ':\n' : '.\n';
  const width = Math.min(60, Math.max(0, ...p.files.map((f) => clean(f.path).length)));
  for (const f of p.files) out += `  ${f.action.padEnd(6)}  ${clean(f.path).padEnd(width)}  ${plusMinus(f.insertions, f.deletions)}\n`;
  out += formatConflicts(p.conflicts, 'will not be restored');
  return out;
}

export function formatConflicts(conflicts: { path: string; reason: string; detail?: string }[], what: string): string {
  if (!conflicts.length) return '';
  let out = `${plural(conflicts.length, 'path')} ${what} (content the store does not track is in the way and is left alone):\n`;
  for (const c of conflicts) out += `  ${clean(c.path)}  ${clean(c.reason)}${c.detail ? ` (${clean(c.detail)})` : ''}\n`;
  return out;
}

export function formatRestored(r: CommandResult<'checkpoints.restore'>, undoCommand: string): string {
  return (
    `Restored ${r.checkpointId}: ${r.modified.length} modified, ${r.created.length} created, ${r.deleted.length} deleted.\n` +
    `The state before the restore is checkpoint ${r.beforeCheckpointId}. To undo:\n  ${undoCommand}\n`
  );
}

/** Quotes a word for a POSIX shell when it needs it. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

const RETENTION_FROM: Record<CommandResult<'checkpoints.prune'>['retentionSource'], string> = {
  default: 'the default',
  global: 'checkpoints.retentionDays in the global settings',
  workspace: 'checkpoints.retentionDays in .akira/settings.json',
  option: 'fixed by the app',
};

/**
 * `Pruned 3 checkpoints older than 90 days (kept 12).` (or `Would prune …` for a dry run), then each
 * removed checkpoint, oldest first, what was freed, where the retention comes from and any notes.
 */
export function formatPrune(r: CommandResult<'checkpoints.prune'>): string {
  const byAge = r.removed.filter((c) => c.reason === 'age').length;
  const bySize = r.removed.length - byAge;
  const verb = r.dryRun ? 'Would prune' : 'Pruned';
  const days = plural(r.retentionDays, 'day');
  let out = r.removed.length
    ? `${verb} ${plural(byAge, 'checkpoint')} older than ${days}${bySize ? ` and ${bySize} more to fit the store's size cap` : ''} (kept ${r.kept}).\n`
    : `Nothing to prune: no checkpoint is older than ${days} (kept ${r.kept}).\n`;
  for (const c of r.removed) {
    out += `  ${c.checkpointId}  ${localTime(c.createdAt)}  ${c.origin}  ${clean(c.label)}${c.reason === 'size' ? '  (size cap)' : ''}\n`;
  }
  if (r.freedBytes) out += `Freed ${formatBytes(r.freedBytes)}; the store now takes ${formatBytes(r.usage.diskBytes)}.\n`;
  out += `Retention: ${days} (${RETENTION_FROM[r.retentionSource]}).\n`;
  for (const note of r.notes) out += `Note: ${clean(note)}\n`;
  return out;
}
