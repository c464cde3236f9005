import type { ChangedFileT, CheckpointRecordT, CommandResult } from '../../shared/contract';
import type { CheckpointsWords } from './checkpointsStrings';
import { reasonIn } from '../../shared/errors';
import type { Language } from '../../shared/i18n';

/** Text for people from `checkpoints.*` results, in the words `t` (checkpointsStrings); every function returns whole lines. */

type Skipped = CheckpointRecordT['skipped'];

/** Control characters (a label's newlines, a path's escape codes) never reach the terminal as such. */
export function clean(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
}

export function plusMinus(insertions: number | null, deletions: number | null, t: CheckpointsWords): string {
  return insertions === null || deletions === null ? t.binary : `+${insertions} -${deletions}`;
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

function originName(origin: CheckpointRecordT['origin'], t: CheckpointsWords): string {
  return origin === 'agent' ? t.originAgent : origin === 'manual' ? t.originManual : t.originRestore;
}

export function originText(r: CheckpointRecordT, t: CheckpointsWords): string {
  if (r.origin === 'agent' && r.todoId) return t.originAgentTodo(r.todoId);
  return originName(r.origin, t);
}

/** Columns padded to the widest cell, counting a CJK character as two columns as terminals draw it. */
function table(rows: string[][], rightAligned: Set<number>): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => columns(r[c]))));
  const pad = (cell: string, width: number, start: boolean) => {
    const fill = ' '.repeat(Math.max(0, width - columns(cell)));
    return start ? fill + cell : cell + fill;
  };
  return rows
    .map((r) => r.map((cell, c) => (c === r.length - 1 ? cell : pad(cell, widths[c], rightAligned.has(c)))).join('  '))
    .map((line) => `${line.trimEnd()}\n`)
    .join('');
}

/** How many terminal columns `text` takes: CJK and full-width characters take two. */
export function columns(text: string): number {
  let n = 0;
  for (const ch of text) n += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch) ? 2 : 1;
  return n;
}

export function formatList(result: CommandResult<'checkpoints.list'>, offset: number, tty: boolean, t: CheckpointsWords): string {
  const { checkpoints, total } = result;
  if (!tty) {
    return checkpoints
      .map((r) => [r.checkpointId, r.createdAt, r.origin, r.filesChanged, `+${r.insertions}`, `-${r.deletions}`, clean(r.label)].join('\t') + '\n')
      .join('');
  }
  if (!checkpoints.length) return `${total ? t.noneAtOffset(offset, total) : t.noneYet}\n`;
  const rows = [[t.colId, t.colCreated, t.colOrigin, t.colFiles, '+/-', t.colLabel]];
  for (const r of checkpoints) {
    rows.push([r.checkpointId, localTime(r.createdAt), originText(r, t), String(r.filesChanged), plusMinus(r.insertions, r.deletions, t), clean(r.label)]);
  }
  const last = offset + checkpoints.length;
  const more = last < total ? t.listMore(last) : '';
  return `${table(rows, new Set([3]))}\n${t.listFooter(offset + 1, last, total)}${more}\n`;
}

const STATUS_LETTER: Record<ChangedFileT['status'], string> = { added: 'A', modified: 'M', deleted: 'D', type_changed: 'T' };

/** `  M  src/app.ts  +3 -1` lines; the legend is in `akira checkpoints --help`. */
export function formatFiles(
  files: { path: string; status: ChangedFileT['status']; insertions: number | null; deletions: number | null }[],
  t: CheckpointsWords,
): string {
  if (!files.length) return `  ${t.noFilesChanged}\n`;
  const width = Math.min(60, Math.max(...files.map((f) => clean(f.path).length)));
  return files
    .map((f) => `  ${STATUS_LETTER[f.status]}  ${clean(f.path).padEnd(width)}  ${f.status === 'type_changed' && f.insertions === null ? t.typeChanged : plusMinus(f.insertions, f.deletions, t)}\n`)
    .join('');
}

export function formatSkipped(skipped: Skipped, count: number, t: CheckpointsWords): string {
  if (!count) return '';
  let out = `${t.notCaptured(t.files(count))}\n`;
  for (const s of skipped) out += `  ${clean(s.path)}  ${formatBytes(s.size)}  ${clean(s.reason)}\n`;
  if (count > skipped.length) out += `  ${t.andMore(count - skipped.length)}\n`;
  return out;
}

export function formatCreated(r: CommandResult<'checkpoints.create'>, t: CheckpointsWords): string {
  return (
    `${t.created(r.checkpointId, clean(r.label))}\n` +
    `  ${t.createdChanges(t.files(r.filesChanged), plusMinus(r.insertions, r.deletions, t))}\n` +
    formatSkipped(r.skipped, r.skippedCount, t)
  );
}

export function formatShow(r: CommandResult<'checkpoints.show'>, t: CheckpointsWords): string {
  const lines = [
    t.showTitle(r.checkpointId),
    `  ${t.showLabel} ${clean(r.label)}`,
    `  ${t.showCreated} ${localTime(r.createdAt, true)} (${r.createdAt})`,
    `  ${t.showOrigin} ${originText(r, t)}${r.restoreOf ? t.takenBeforeRestoring(r.restoreOf) : ''}`,
  ];
  if (r.sessionId) lines.push(`  ${t.showSession} ${r.sessionId}`);
  if (r.metadataPath) lines.push(`  ${t.showNotes} ${clean(r.metadataPath)}`);
  const files = t.files(r.filesChanged);
  const counts = plusMinus(r.insertions, r.deletions, t);
  lines.push(`  ${t.showChanges} ${r.previousId ? t.changesSince(files, counts, r.previousId) : t.changesFirst(files, counts)}`);
  return `${lines.join('\n')}\n\n${formatFiles(r.files, t)}${r.skippedCount ? `\n${formatSkipped(r.skipped, r.skippedCount, t)}` : ''}`;
}

export function formatDiff(r: CommandResult<'checkpoints.diff'>, t: CheckpointsWords): string {
  return `${t.diffTitle(r.from, r.to, t.files(r.files.length), `+${r.insertions} -${r.deletions}`)}\n${formatFiles(r.files, t)}`;
}

const ACTION: Record<CommandResult<'checkpoints.preview'>['files'][number]['action'], (t: CheckpointsWords) => string> = {
  modify: (t) => t.actionModify,
  create: (t) => t.actionCreate,
  delete: (t) => t.actionDelete,
};

export function formatPreview(p: CommandResult<'checkpoints.preview'>, t: CheckpointsWords): string {
  let out = t.previewTitle(p.checkpointId, p.modified, p.created, t.files(p.deleted));
  out += p.files.length ? ':\n' : '.\n';
  const width = Math.min(60, Math.max(0, ...p.files.map((f) => clean(f.path).length)));
  const actionWidth = Math.max(6, ...p.files.map((f) => columns(ACTION[f.action](t))));
  for (const f of p.files) {
    const action = ACTION[f.action](t);
    out += `  ${action}${' '.repeat(actionWidth - columns(action))}  ${clean(f.path).padEnd(width)}  ${plusMinus(f.insertions, f.deletions, t)}\n`;
  }
  out += formatConflicts(p.conflicts, 'will', t);
  return out;
}

/** The paths a restore leaves alone: `will` not be restored (a preview) or `were` not restored (done). */
export function formatConflicts(conflicts: { path: string; reason: string; detail?: string }[], when: 'will' | 'were', t: CheckpointsWords): string {
  if (!conflicts.length) return '';
  const paths = t.paths(conflicts.length);
  let out = `${when === 'will' ? t.willNotRestore(paths) : t.wereNotRestored(paths)}\n`;
  for (const c of conflicts) out += `  ${clean(c.path)}  ${clean(c.reason)}${c.detail ? ` (${clean(c.detail)})` : ''}\n`;
  return out;
}

export function formatRestored(r: CommandResult<'checkpoints.restore'>, undoCommand: string, t: CheckpointsWords): string {
  return `${t.restored(r.checkpointId, r.modified.length, r.created.length, r.deleted.length)}\n${t.undoHint(r.beforeCheckpointId)}\n  ${undoCommand}\n`;
}

/** Quotes a word for a POSIX shell when it needs it. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

const RETENTION_FROM: Record<CommandResult<'checkpoints.prune'>['retentionSource'], (t: CheckpointsWords) => string> = {
  default: (t) => t.retentionDefault,
  global: (t) => t.retentionGlobal,
  workspace: (t) => t.retentionWorkspace,
  option: (t) => t.retentionOption,
};

/**
 * `Pruned 3 checkpoints older than 90 days (kept 12).` (or `Would prune …` for a dry run), then each
 * removed checkpoint, oldest first, what was freed, where the retention comes from and any notes.
 */
export function formatPrune(r: CommandResult<'checkpoints.prune'>, t: CheckpointsWords, language: Language = 'en'): string {
  const byAge = r.removed.filter((c) => c.reason === 'age').length;
  const bySize = r.removed.length - byAge;
  const days = t.days(r.retentionDays);
  let out = r.removed.length
    ? `${(r.dryRun ? t.wouldPrune : t.pruned)(t.checkpoints(byAge), days, bySize, r.kept)}\n`
    : `${t.nothingToPrune(days, r.kept)}\n`;
  for (const c of r.removed) {
    out += `  ${c.checkpointId}  ${localTime(c.createdAt)}  ${originName(c.origin, t)}  ${clean(c.label)}${c.reason === 'size' ? `  ${t.sizeCap}` : ''}\n`;
  }
  if (r.freedBytes) out += `${t.freed(formatBytes(r.freedBytes), formatBytes(r.usage.diskBytes))}\n`;
  out += `${t.retention(days, RETENTION_FROM[r.retentionSource](t))}\n`;
  // Each note in the CLI's language from its words (issue 14); an older core's in English.
  r.notes.forEach((note, i) => (out += `${t.note(clean(reasonIn(note, r.noteWords?.[i], language)))}\n`));
  return out;
}
