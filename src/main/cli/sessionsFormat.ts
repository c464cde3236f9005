import type { AgentSessionDetail, AgentSessionSummary, CommandResult } from '../../shared/contract';
import { diffLines, splitLines } from '../../shared/lineDiff';
import { clean, localTime } from './checkpointsFormat';

/** Text for people from `agent.*` session results (`akira sessions …`); every function returns whole lines. */

type DiffResult = CommandResult<'agent.worktreeDiff'>;
type DiffFile = DiffResult['files'][number];
type MergeResult = CommandResult<'agent.merge'>;

/** The short id: the first 8 characters, as in the branch name akira/<short>. */
export const shortId = (sessionId: string) => sessionId.slice(0, 8);

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

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
export function statusText(s: Pick<AgentSessionSummary, 'status' | 'queuePosition'>): string {
  return s.status === 'queued' && s.queuePosition ? `queued #${s.queuePosition}` : s.status;
}

/** `shared`, `worktree akira/1a2b3c4d`, `worktree akira/1a2b3c4d (merged)`. */
export function treeText(s: Pick<AgentSessionSummary, 'worktree'>): string {
  const w = s.worktree;
  if (!w) return 'shared';
  return `worktree ${w.branch}${w.state === 'active' ? '' : ` (${w.state})`}`;
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r) => `${r.map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]))).join('  ').trimEnd()}\n`).join('');
}

/** One line per session, newest first (the order agent.list answers). */
export function formatSessionList(sessions: AgentSessionSummary[], root: string): string {
  if (!sessions.length) return `No sessions in ${root} yet. Start one with \`akira run --task "…"\`.\n`;
  const rows = [['ID', 'STATUS', 'TREE', 'TODOS', 'TOKENS', 'TASK']];
  for (const s of sessions) {
    rows.push([
      shortId(s.sessionId),
      statusText(s),
      treeText(s),
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
 * (`binary`, `too large to count` when the lines cannot be counted; a rename shows `new ← old`).
 */
export function formatDiffStat(diff: DiffResult): string {
  if (!diff.files.length) return `No changes on ${diff.branch} against its base.\n`;
  let added = 0;
  let removed = 0;
  const rows = diff.files.map((f) => {
    const counts = lineCounts(f);
    if (counts) {
      added += counts.added;
      removed += counts.removed;
    }
    const name = f.oldPath && f.oldPath !== f.path ? `${clean(f.path)} ← ${clean(f.oldPath)}` : clean(f.path);
    const stat = counts ? `+${counts.added} -${counts.removed}` : f.binary ? 'binary' : 'too large to count';
    return { letter: STATUS_LETTER[f.status], name, stat };
  });
  const width = Math.min(60, Math.max(...rows.map((r) => r.name.length)));
  return (
    `Changes on ${diff.branch} against its base: ${plural(diff.files.length, 'file')}, +${added} -${removed}\n` +
    rows.map((r) => `  ${r.letter}  ${r.name.padEnd(width)}  ${r.stat}\n`).join('')
  );
}

/** `akira sessions merge|discard <short>` with the --workspace the command was given, if any. */
export interface Hints {
  merge: string;
  discard: string;
}

function treeLine(d: AgentSessionDetail): string {
  const w = d.worktree;
  if (!w) return 'shared (the workspace itself)';
  const from = w.baseBranch ? `, from ${w.baseBranch}` : '';
  if (w.state === 'merged') return `worktree ${w.branch}${from}: merged${w.mergeCommit ? ` (commit ${w.mergeCommit.slice(0, 12)})` : ''}`;
  if (w.state === 'discarded') return `worktree ${w.branch}${from}: discarded`;
  return `worktree ${w.branch}${from}, at ${clean(w.path)}`;
}

/** The session's header, its TODOs, and for an active worktree the diff summary and how to merge or discard it. */
export function formatSessionShow(d: AgentSessionDetail, diff: DiffResult | null, hints: Hints): string {
  const taskLines = d.task.trim().split('\n').map((l) => clean(l).trimEnd());
  const shown = taskLines.slice(0, 20);
  const lines = [
    `Session ${d.sessionId}`,
    `  Task:     ${shown[0]}`,
    ...shown.slice(1).map((l) => `            ${l}`),
    ...(taskLines.length > shown.length ? [`            … (${taskLines.length - shown.length} more lines)`] : []),
    `  Status:   ${statusText(d)}${d.statusReason ? ` (${clean(d.statusReason)})` : ''} · phase ${d.phase} · mode ${d.mode} · model ${clean(d.model)}`,
    `  Created:  ${localTime(d.createdAt, true)} · updated ${localTime(d.updatedAt, true)}`,
    `  Usage:    ${formatTokens(d.totals.tokensIn)} tokens in, ${formatTokens(d.totals.tokensOut)} out · ${plural(d.totals.modelCalls, 'model call')} · ` +
      `${plural(d.totals.toolCalls, 'tool call')}${d.totals.costUsd !== null ? ` · $${d.totals.costUsd.toFixed(4)}` : ''}`,
  ];
  if (d.spec) lines.push(`  Spec:     ${clean(d.spec)}`);
  lines.push(`  Tree:     ${treeLine(d)}`);
  if (d.summary) lines.push(`  Summary:  ${firstLine(d.summary, 300)}`);
  let out = `${lines.join('\n')}\n`;

  const done = d.todos.filter((t) => t.status === 'done').length;
  out += d.todos.length ? `\nTODOs (${done}/${d.todos.length} done):\n` : '\nNo TODOs yet.\n';
  const statusWidth = Math.max(0, ...d.todos.map((t) => t.status.length));
  const idWidth = Math.min(12, Math.max(0, ...d.todos.map((t) => clean(t.id).length)));
  for (const t of d.todos) out += `  ${t.status.padEnd(statusWidth)}  ${clean(t.id).padEnd(idWidth)}  ${firstLine(t.description, 100)}\n`;

  if (diff) out += `\n${formatDiffStat(diff)}`;
  if (d.worktree?.state === 'active') out += `\nMerge it: ${hints.merge}\nDiscard it: ${hints.discard}\n`;
  return out;
}

/** What `akira sessions merge` prints when it merged (or there was nothing to merge). */
export function formatMerged(r: MergeResult, branch: string, into: string | null): string {
  const target = into ?? 'the current branch';
  if (r.alreadyMerged) return `${branch} is already in ${target}; nothing to merge.\n`;
  return `Merged ${branch} into ${target}: commit ${r.commit ?? '(none)'}.\n`;
}

/** Why a merge did not happen: the conflicts or the user's files in the way, and that nothing changed. */
export function formatNotMerged(r: MergeResult, branch: string): string {
  let out = `Could not merge ${branch}${r.reason ? `: ${clean(r.reason)}` : '.'}\n`;
  if (r.conflicts.length) out += `Conflicts (both sides changed ${r.conflicts.length === 1 ? 'this file' : 'these files'}):\n${r.conflicts.map((p) => `  ${clean(p)}\n`).join('')}`;
  if (r.localChanges.length) {
    out += `Your uncommitted changes are in the way (commit or stash them first):\n${r.localChanges.map((p) => `  ${clean(p)}\n`).join('')}`;
  }
  return `${out}Nothing was changed.\n`;
}
