import type { AgentSessionDetail, AgentSessionSummary, CommandResult } from '../../shared/contract';
import { diffLines, splitLines } from '../../shared/lineDiff';
import { clean, columns, localTime } from './checkpointsFormat';
import { sessionsStrings, type SessionsWords } from './sessionsStrings';
import { reasonIn } from '../../shared/errors';
import type { Language } from '../../shared/i18n';

const EN = sessionsStrings.en;

/** Text for people from `agent.*` session results (`akira sessions …`); every function returns whole lines. */

type DiffResult = CommandResult<'agent.worktreeDiff'>;
type DiffFile = DiffResult['files'][number];
type MergeResult = CommandResult<'agent.merge'>;

/** The short id: the first 8 characters, as in the branch name akira/<short>. */
export const shortId = (sessionId: string) => sessionId.slice(0, 8);

/** 950, 12.3k, 4.1M. */
export function formatTokens(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}

/** The task's first non-empty line, without control characters, at most `max` characters. */
export function firstLine(task: string, max = 80): string {
  const line = clean(task.trim().split('\n')[0] ?? '').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** `queued #2`, or the status. */
export function statusText(s: Pick<AgentSessionSummary, 'status' | 'queuePosition'>, t: SessionsWords = EN): string {
  return s.status === 'queued' && s.queuePosition ? t.queuedAt(s.queuePosition) : t.status(s.status);
}

/** `shared`, `worktree akira/1a2b3c4d`, `worktree akira/1a2b3c4d (merged)`. */
export function treeText(s: Pick<AgentSessionSummary, 'worktree'>, t: SessionsWords = EN): string {
  const w = s.worktree;
  if (!w) return t.treeShared;
  return t.treeWorktree(w.branch, w.state === 'active' ? null : w.state);
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => columns(r[c]))));
  const pad = (cell: string, width: number) => cell + ' '.repeat(Math.max(0, width - columns(cell)));
  return rows.map((r) => `${r.map((cell, c) => (c === r.length - 1 ? cell : pad(cell, widths[c]))).join('  ').trimEnd()}\n`).join('');
}

/** One line per session, newest first (the order agent.list answers). */
export function formatSessionList(sessions: AgentSessionSummary[], root: string, t: SessionsWords = EN): string {
  if (!sessions.length) return `${t.noSessions(root)}\n`;
  const rows = [[t.colId, t.colStatus, t.colTree, t.colTodos, t.colTokens, t.colTask]];
  for (const s of sessions) {
    rows.push([
      shortId(s.sessionId),
      statusText(s, t),
      treeText(s, t),
      s.progress.total ? `${s.progress.done}/${s.progress.total}` : '-',
      formatTokens(s.totals.tokensIn + s.totals.tokensOut),
      firstLine(s.task),
    ]);
  }
  return table(rows);
}

/** Lines added and removed between a file's two sides; null when they cannot be counted (binary, too large). */
export function lineCounts(f: DiffFile): { added: number; removed: number } | null {
  if (f.binary || f.tooLarge) return null;
  if (f.status !== 'deleted' && f.after === null) return null;
  if (f.status !== 'added' && f.before === null) return null;
  let added = 0;
  let removed = 0;
  for (const e of diffLines(splitLines(f.before), splitLines(f.after))) {
    if (e.kind === '+') added++;
    else if (e.kind === '-') removed++;
  }
  return { added, removed };
}

const STATUS_LETTER: Record<DiffFile['status'], string> = { added: 'A', modified: 'M', deleted: 'D', renamed: 'R' };

/**
 * Like `git diff --stat`: a summary line, then `  M  src/app.ts  +3 -1` per file
 * (`binary`, `too large to count` when the lines cannot be counted; a rename shows `new ← old`, a symbolic link
 * `path -> target`).
 */
export function formatDiffStat(diff: DiffResult, t: SessionsWords = EN): string {
  if (!diff.files.length) return `${t.noChanges(diff.branch)}\n`;
  let added = 0;
  let removed = 0;
  const rows = diff.files.map((f) => {
    const counts = lineCounts(f);
    if (counts) {
      added += counts.added;
      removed += counts.removed;
    }
    const moved = f.oldPath && f.oldPath !== f.path ? `${clean(f.path)} ← ${clean(f.oldPath)}` : clean(f.path);
    const name = f.symlinkTarget !== undefined ? `${moved} -> ${clean(f.symlinkTarget)}` : moved;
    const stat = counts ? `+${counts.added} -${counts.removed}` : f.binary ? t.binary : t.tooLarge;
    return { letter: STATUS_LETTER[f.status], name, stat };
  });
  const width = Math.min(60, Math.max(...rows.map((r) => r.name.length)));
  return (
    `${t.changesOn(diff.branch, diff.files.length, added, removed)}\n` +
    rows.map((r) => `  ${r.letter}  ${r.name.padEnd(width)}  ${r.stat}\n`).join('')
  );
}

/** `akira sessions merge|discard <short>` with the --workspace the command was given, if any. */
export interface Hints {
  merge: string;
  discard: string;
}

function treeLine(d: AgentSessionDetail, t: SessionsWords): string {
  const w = d.worktree;
  if (!w) return t.treeLineShared;
  const from = w.baseBranch ?? null;
  if (w.state === 'merged') return t.treeLineMerged(w.branch, from, w.mergeCommit ? w.mergeCommit.slice(0, 12) : null);
  if (w.state === 'discarded') return t.treeLineDiscarded(w.branch, from);
  return t.treeLineActive(w.branch, from, clean(w.path));
}

/**
 * The session's header, its TODOs, and for an active worktree the diff summary and how to merge or discard it.
 * `language` says the status reason from its words (issue 14); `t` is the catalog in the same language.
 */
export function formatSessionShow(d: AgentSessionDetail, diff: DiffResult | null, hints: Hints, t: SessionsWords = EN, language: Language = 'en'): string {
  const taskLines = d.task.trim().split('\n').map((l) => clean(l).trimEnd());
  const shown = taskLines.slice(0, 20);
  const indent = ' '.repeat(columns(t.showTask) + 3);
  const cost = d.totals.costUsd !== null ? `$${d.totals.costUsd.toFixed(4)}` : null;
  const lines = [
    t.showTitle(d.sessionId),
    `  ${t.showTask} ${shown[0]}`,
    ...shown.slice(1).map((l) => `${indent}${l}`),
    ...(taskLines.length > shown.length ? [`${indent}${t.moreLines(taskLines.length - shown.length)}`] : []),
    `  ${t.showStatus} ${t.statusLine(statusText(d, t), d.statusReason ? clean(reasonIn(d.statusReason, d.statusReasonWords, language)) : null, t.phase(d.phase), d.mode, clean(d.model))}`,
    `  ${t.showCreated} ${t.createdLine(localTime(d.createdAt, true), localTime(d.updatedAt, true))}`,
    `  ${t.showUsage} ${t.usageLine(formatTokens(d.totals.tokensIn), formatTokens(d.totals.tokensOut), d.totals.modelCalls, d.totals.toolCalls, cost)}`,
  ];
  if (d.spec) lines.push(`  ${t.showSpec} ${clean(d.spec)}`);
  lines.push(`  ${t.showTree} ${treeLine(d, t)}`);
  if (d.summary) lines.push(`  ${t.showSummary} ${firstLine(d.summary, 300)}`);
  let out = `${lines.join('\n')}\n`;

  const done = d.todos.filter((todo) => todo.status === 'done').length;
  out += d.todos.length ? `\n${t.todosTitle(done, d.todos.length)}\n` : `\n${t.noTodos}\n`;
  const statusWidth = Math.max(0, ...d.todos.map((todo) => columns(t.status(todo.status))));
  const idWidth = Math.min(12, Math.max(0, ...d.todos.map((todo) => clean(todo.id).length)));
  for (const todo of d.todos) {
    const status = t.status(todo.status);
    out += `  ${status}${' '.repeat(statusWidth - columns(status))}  ${clean(todo.id).padEnd(idWidth)}  ${firstLine(todo.description, 100)}\n`;
  }

  if (diff) out += `\n${formatDiffStat(diff, t)}`;
  if (d.worktree?.state === 'active') out += `\n${t.mergeIt(hints.merge)}\n${t.discardIt(hints.discard)}\n`;
  return out;
}

/** What `akira sessions merge` prints when it merged (or there was nothing to merge). */
export function formatMerged(r: MergeResult, branch: string, into: string | null, t: SessionsWords = EN): string {
  const target = into ?? t.currentBranch;
  if (r.alreadyMerged) return `${t.alreadyMerged(branch, target)}\n`;
  return `${t.merged(branch, target, r.commit)}\n`;
}

/**
 * Why a merge did not happen: the conflicts or the user's files in the way, and that nothing changed. `language`
 * says the reason from its words (issue 14; the English `reason` without them); `t` is the catalog in the same language.
 */
export function formatNotMerged(r: MergeResult, branch: string, t: SessionsWords = EN, language: Language = 'en'): string {
  let out = `${t.notMerged(branch, r.reason ? clean(reasonIn(r.reason, r.reasonWords, language)) : null)}\n`;
  if (r.conflicts.length) out += `${t.conflicts(r.conflicts.length)}\n${r.conflicts.map((p) => `  ${clean(p)}\n`).join('')}`;
  if (r.localChanges.length) out += `${t.localChanges}\n${r.localChanges.map((p) => `  ${clean(p)}\n`).join('')}`;
  return `${out}${t.nothingChanged}\n`;
}

type PruneResult = CommandResult<'agent.pruneSessions'>;

/** What `akira sessions prune` removed (or would, with --dry-run), and the old sessions it kept, with why. */
export function formatPrune(r: PruneResult, t: SessionsWords = EN): string {
  const why = { live: t.keptLive, active: t.keptActive, worktree: t.keptWorktree } as const;
  const row = (s: PruneResult['removed'][number]) => [`  ${s.sessionId}`, t.status(s.status), t.lastActive(localTime(s.updatedAt)), firstLine(s.task, 60)];
  const out: string[] = [];
  if (!r.removed.length) out.push(`${t.nothingToPrune(r.retentionDays)}\n`);
  else out.push(`${(r.dryRun ? t.wouldPrune : t.pruned)(r.removed.length, r.retentionDays)}\n`, table(r.removed.map(row)));
  if (r.kept.length) out.push(`${t.keptOld(r.kept.length)}\n`, table(r.kept.map((s) => [...row(s), `(${why[s.reason]})`])));
  return out.join('');
}
