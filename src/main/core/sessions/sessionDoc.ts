import { Document, visit } from 'yaml';
import { z } from 'zod';
import { progressOf, type RoundRecord, type SessionState, type TodoState } from '../../../shared/agent/sessionReplay';
import { sessionPhase, sessionStatus, type TodoStatus } from '../../../shared/agent/sessionEvents';
import { headerView, parentIdOf, specPathOf, worktreeView } from '../../../shared/agent/sessionView';
import { sessionWorktree } from '../../../shared/agent/agentShapes';
import { cell, code, formatCost, formatInt, oneLine, quote } from './markdownText';

/**
 * `session.md`: YAML front matter (the summary `listSessions` reads without touching the logs) and a
 * readable board. The `yaml` package writes the front matter: one line per field, strings quoted as
 * JSON would (a newline in the task is `\n`, so no line of it can close the block) except enum values,
 * the two maps one level deep. `parseFrontMatter` reads exactly this shape back by hand and validates
 * it: yaml's parser was 5-9x slower per front matter, about 2-4x on listing 1,000 sessions.
 */

export const FORMAT_VERSION = 1;

export const frontMatterSchema = z.object({
  sessionId: z.string(),
  task: z.string(),
  mode: z.string(),
  model: z.string(),
  status: sessionStatus,
  phase: sessionPhase,
  createdAt: z.string(),
  updatedAt: z.string(),
  totals: z.object({
    tokensIn: z.number().int().nonnegative(),
    tokensOut: z.number().int().nonnegative(),
    costUsd: z.number().nonnegative().nullable(),
    modelCalls: z.number().int().nonnegative(),
  }),
  progress: z.object({ done: z.number().int().nonnegative(), total: z.number().int().nonnegative() }),
  lastSeq: z.number().int().nonnegative(),
  formatVersion: z.number().int().positive(),
  /** Spec sessions: the tasks.md they run (workspace-relative). */
  spec: z.string().optional(),
  /** Worktree sessions: their branch and worktree. */
  worktree: sessionWorktree.optional(),
  /** The round it is in, after a follow-up (issue 25); absent in round 1. */
  round: z.number().int().min(2).optional(),
  /** A sub-task (issue 25): the session that started it. */
  parentId: z.string().optional(),
});
export type SessionFrontMatter = z.infer<typeof frontMatterSchema>;

export function frontMatterOf(state: SessionState): SessionFrontMatter {
  return {
    ...headerView(state),
    totals: {
      tokensIn: state.totals.tokensIn,
      tokensOut: state.totals.tokensOut,
      costUsd: state.totals.costUsd === null ? null : Number(state.totals.costUsd.toFixed(6)),
      modelCalls: state.totals.modelCalls,
    },
    progress: progressOf(state),
    lastSeq: state.lastSeq,
    formatVersion: FORMAT_VERSION,
    ...(specPathOf(state) ? { spec: specPathOf(state)! } : {}),
    ...(worktreeView(state) ? { worktree: worktreeView(state)! } : {}),
    ...(state.round > 1 ? { round: state.round } : {}),
    ...(parentIdOf(state) ? { parentId: parentIdOf(state)! } : {}),
  };
}

/** Spec sessions: each task's judgement and tick, with their times (the ticks in tasks.md carry none). */
function specSection(state: SessionState): string[] {
  const path = specPathOf(state);
  if (!path) return [];
  const lines = ['## Spec', '', `Tasks from ${code(path)}.`, '', '| task | status | judged | ticked in tasks.md |', '| --- | --- | --- | --- |'];
  for (const t of state.todos) {
    const a = t.assessment;
    const judged = a ? `${a.judgedDone ? 'done' : a.detected ? 'looks done (ran)' : 'not done'} · ${a.provider} · ${a.confidence.toFixed(2)}` : '';
    const tick = t.tick ? (t.tick.ok ? t.tick.ts : `not ticked (${t.tick.ts}): ${t.tick.message ?? ''}`) : '';
    const status = t.failureHandled ? `${STATUS_MARK[t.status]} (${t.failureHandled === 'rollback' ? 'rolled back' : 'went on'})` : STATUS_MARK[t.status];
    lines.push(`| ${cell(t.id, 64)} | ${status} | ${cell(judged, 200)} | ${cell(tick, 300)} |`);
  }
  lines.push('');
  return lines;
}

const BARE = /^[a-z_]+$/; // enum values are written without quotes (yaml still quotes `null`, `true`, `false`)

/** Strings double-quoted as JSON would (one line each, `\n` escaped) and never folded. */
const WRITE_OPTIONS = { defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN', doubleQuotedAsJSON: true, lineWidth: 0 } as const;

export function renderFrontMatter(fm: SessionFrontMatter): string {
  const doc = new Document(fm);
  visit(doc, {
    Scalar(key, node) {
      if (key === 'value' && typeof node.value === 'string' && BARE.test(node.value)) node.type = 'PLAIN';
    },
  });
  return `---\n${doc.toString(WRITE_OPTIONS)}---\n`;
}

function parseScalar(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The front matter block of a document (text up to the closing `---`), or null when there is none. */
export function frontMatterBlock(doc: string): string | null {
  if (!doc.startsWith('---\n')) return null;
  const end = doc.indexOf('\n---\n', 3);
  return end < 0 ? null : doc.slice(4, end + 1);
}

export function parseFrontMatter(doc: string): { ok: true; value: SessionFrontMatter } | { ok: false; error: string } {
  const block = frontMatterBlock(doc);
  if (block === null) return { ok: false, error: 'no front matter' };
  const out: Record<string, unknown> = {};
  let nested: Record<string, unknown> | null = null;
  for (const line of block.split('\n')) {
    if (!line.trim()) continue;
    const m = /^( {2})?([A-Za-z][A-Za-z0-9_]*):(?: (.*))?$/.exec(line);
    if (!m) return { ok: false, error: `unreadable front matter line: ${oneLine(line, 80)}` };
    const [, indent, key, rest] = m;
    if (indent) {
      if (!nested) return { ok: false, error: `indented line outside a map: ${key}` };
      nested[key] = parseScalar(rest ?? '');
    } else if (rest === undefined || rest === '') {
      nested = {};
      out[key] = nested;
    } else {
      nested = null;
      out[key] = parseScalar(rest);
    }
  }
  const parsed = frontMatterSchema.safeParse(out);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, error: `front matter: ${issue.path.join('.') || '(root)'}: ${issue.message}` };
  }
  return { ok: true, value: parsed.data };
}

const STATUS_MARK: Record<TodoStatus, string> = {
  pending: '[ ] pending',
  in_progress: '[~] in progress',
  verifying: '[?] verifying',
  done: '[x] done',
  failed: '[!] failed',
  skipped: '[-] skipped',
};

function earlierRoundSection(r: RoundRecord): string[] {
  const lines = [`## Round ${r.round}: task`, '', quote(r.task), '', `Started ${r.startedAt}; ended ${r.status}.`, ''];
  if (r.todos.length) {
    lines.push(`### TODOs of round ${r.round}`, '', '| # | id | status | description | result |', '| --- | --- | --- | --- | --- |');
    r.todos.forEach((todo, i) => lines.push(`| ${i + 1} | ${cell(todo.id, 64)} | ${STATUS_MARK[todo.status]} | ${cell(todo.description)} | ${cell(todo.result ?? '', 600)} |`));
    lines.push('');
  }
  if (r.files.length) lines.push(`Files changed: ${r.files.slice(0, 50).map(code).join(', ')}${r.files.length > 50 ? ` …and ${r.files.length - 50} more` : ''}`, '');
  if (r.summary) lines.push(`### Summary of round ${r.round}`, '', r.summary, '');
  return lines;
}

function todoResult(todo: TodoState): string {
  const parts: string[] = [];
  if (todo.result) parts.push(todo.result);
  const last = todo.verdicts.at(-1);
  if (last) {
    const verdict = `${last.approved ? 'verified' : 'rejected'} (${last.confidence.toFixed(2)})${last.feedback ? `: ${last.feedback}` : ''}`;
    parts.push(verdict);
  }
  return parts.join('\n');
}

export function renderSessionDoc(state: SessionState, redact: (text: string) => string = (t) => t): string {
  const fm = frontMatterOf(state);
  const { done, total } = fm.progress;
  const head = oneLine(state.task.split('\n')[0] ?? '', 100) || '(no task)';
  const lines: string[] = [
    `# Session: ${head}`,
    '',
    `**Status:** ${state.status.replace(/_/g, ' ')}${state.statusReason ? ` (${oneLine(state.statusReason, 200)})` : ''} · **phase:** ${state.phase.replace('_', ' ')} · **mode:** ${state.mode} · **model:** ${code(state.model)}`,
    '',
    `**Progress:** ${done}/${total} TODOs done · **tokens:** ${formatInt(state.totals.tokensIn)} in / ${formatInt(state.totals.tokensOut)} out · **cost:** ${formatCost(fm.totals.costUsd)} · **model calls:** ${state.totals.modelCalls} · **tool calls:** ${state.totals.toolCalls}`,
    '',
    `Started ${state.createdAt}, updated ${state.updatedAt}. Session ${code(state.sessionId)}.`,
    '',
  ];
  // One section per round (issue 25): the earlier rounds' task, TODOs, files and summary, then the current one.
  for (const r of state.earlierRounds) lines.push(...earlierRoundSection(r));
  const multi = state.round > 1;
  lines.push(multi ? `## Round ${state.round}: task` : '## Task', '', quote(multi ? state.roundTask : state.task), '', multi ? `### TODOs of round ${state.round}` : '## TODOs', '');
  if (!state.todos.length) lines.push(state.plan.proposed ? '_The plan has no TODOs._' : '_No plan yet._', '');
  else {
    if (state.plan.awaitingApproval) lines.push('_The plan waits for approval._', '');
    lines.push('| # | id | status | description | expected result | result |', '| --- | --- | --- | --- | --- | --- |');
    state.todos.forEach((todo, i) => {
      lines.push(
        `| ${i + 1} | ${cell(todo.id, 64)} | ${STATUS_MARK[todo.status]} | ${cell(todo.description)} | ${cell(todo.expectedResult)} | ${cell(todoResult(todo), 600)} |`,
      );
    });
    lines.push('');
  }
  lines.push(...specSection(state));
  if (state.pendingChanges.length) {
    lines.push('## Waiting for approval', '');
    for (const c of state.pendingChanges) lines.push(`- ${c.change.kind} ${code(c.change.path)}${c.todoId ? ` (TODO ${c.todoId})` : ''}`);
    lines.push('');
  }
  if (state.userMessages.length) {
    lines.push('## Messages not yet read by the agent', '');
    for (const m of state.userMessages) lines.push(`- ${oneLine(m.text, 300)}`);
    lines.push('');
  }
  if (state.finalVerdict) {
    const v = state.finalVerdict;
    lines.push(`**Final check:** ${v.approved ? 'approved' : 'rejected'} (confidence ${v.confidence.toFixed(2)})${v.feedback ? `: ${oneLine(v.feedback, 500)}` : ''}`, '');
  }
  if (state.summary) lines.push(multi ? `## Summary of round ${state.round}` : '## Summary', '', state.summary, '');
  lines.push('Logs: [history](history.md) · [decisions](decisions.md) · [API calls](api-calls.md) · [rollbacks](rollbacks.md) · `events.jsonl` (machine log)', '');
  // The front matter keeps its JSON quoting; redaction runs on each part so it cannot break the YAML.
  const fmText = renderFrontMatter({ ...fm, task: redact(fm.task) });
  return `${fmText}\n${redact(lines.join('\n'))}`;
}
