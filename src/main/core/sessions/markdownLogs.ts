import type { SessionState } from '../../../shared/agent/sessionReplay';
import type { SessionEvent } from '../../../shared/agent/sessionEvents';
import { cell, code, formatCost, oneLine, quote, shortTime } from './markdownText';
import { counted } from '../../../shared/i18n/plural';

/**
 * The append-only markdown logs of a session, for people: `history.md` (every step), `decisions.md`
 * (verification verdicts), `api-calls.md` (one table row per model attempt) and `rollbacks.md`
 * (restores). `logEntries(event, stateBefore)` answers what each file gets for one event; the store
 * redacts and appends it. They are derived from events.jsonl and may miss the step in flight at a crash.
 */

export type LogFile = 'history.md' | 'decisions.md' | 'api-calls.md' | 'rollbacks.md';
export const logFiles: readonly LogFile[] = ['history.md', 'decisions.md', 'api-calls.md', 'rollbacks.md'];

export function logHeader(file: LogFile, sessionId: string, task: string): string {
  const title = oneLine(task, 100);
  switch (file) {
    case 'history.md':
      return `# History: ${title}\n\nSession ${code(sessionId)}. Every step, oldest first (times in UTC).\n\n`;
    case 'decisions.md':
      return `# Decisions: ${title}\n\nSession ${code(sessionId)}. Each verdict of the reviewer and, in spec sessions, each judgement of whether a task was already done, with its confidence.\n\n`;
    case 'api-calls.md':
      return [
        `# Model calls: ${title}`,
        '',
        `Session ${code(sessionId)}. One row per attempt; secrets are redacted.`,
        '',
        '| time | model | phase | TODO | tokens in | tokens out | latency ms | status | attempt | outcome | cost | endpoint | prompt | JSON mode |',
        '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
        '',
      ].join('\n');
    case 'rollbacks.md':
      return `# Rollbacks: ${title}\n\nSession ${code(sessionId)}. Each restore of a checkpoint (restore its safety checkpoint to undo it).\n\n`;
  }
}

const line = (ts: string, text: string) => `- ${shortTime(ts)} · ${text}\n`;
const todoTag = (todoId: string | null) => (todoId ? ` [${todoId}]` : '');

function historyLine(e: SessionEvent, before: SessionState): string | null {
  switch (e.type) {
    case 'session_started':
      return line(e.ts, `**Session started** in mode ${e.mode} with model ${code(e.model)}: ${oneLine(e.task, 300)}`);
    case 'round_started':
      return `\n## Round ${e.round}\n\n` + line(e.ts, `**Follow-up** (round ${e.round}, after the session ${before.status}): ${oneLine(e.task, 300)}`);
    case 'plan_proposed': {
      const items = e.todos.map((t, i) => `  ${i + 1}. ${oneLine(t.description, 160)} (id ${t.id}; expect: ${oneLine(t.expectedResult, 120)})`);
      return line(e.ts, `**Plan** of ${e.todos.length} TODO(s)${e.needsApproval ? ', waiting for approval' : ''}:`) + (items.length ? `${items.join('\n')}\n` : '');
    }
    case 'resumed_with':
      return line(e.ts, `**Resumed with changed settings**: ${e.changed.map((c) => ({ model: `model ${code(e.setup.model)}`, baseUrl: `server ${code(e.setup.baseUrl)}`, apiKey: 'API key', policy: 'policy' })[c]).join(', ')}`);
    case 'plan_approved':
      return line(e.ts, `**Plan approved** by ${e.by}${e.todos ? ` (edited: ${e.todos.length} TODOs)` : ''}`);
    case 'plan_rejected':
      return line(e.ts, `**Plan rejected**${e.feedback ? `: ${oneLine(e.feedback, 300)}` : ''}`);
    case 'todo_updated': {
      const prev = before.todos.find((t) => t.id === e.todo.id);
      const change = prev && prev.status !== e.todo.status ? `${prev.status} → ${e.todo.status}` : e.todo.status;
      return line(e.ts, `TODO ${e.todo.id} ${change}: ${oneLine(e.todo.description, 120)}${e.todo.result ? ` · result: ${oneLine(e.todo.result, 200)}` : ''}`);
    }
    case 'todo_added':
      return line(e.ts, `TODO ${e.todo.id} added: ${oneLine(e.todo.description, 160)}`);
    case 'todo_removed':
      return line(e.ts, `TODO ${e.todoId} removed`);
    case 'todo_reordered':
      return line(e.ts, `TODOs reordered: ${e.order.join(', ')}`);
    case 'tool_call_started':
      return line(e.ts, `→ ${code(e.tool)}${todoTag(e.todoId)} ${oneLine(e.input, 200)}`);
    case 'tool_call_finished':
      return line(e.ts, `${e.isError ? '✗' : '←'} ${code(e.tool)}${todoTag(e.todoId)} ${oneLine(e.summary, 200)}${e.durationMs !== undefined ? ` (${Math.round(e.durationMs)} ms)` : ''}`);
    case 'change_proposed':
      return line(e.ts, `Change proposed${todoTag(e.todoId)}: ${e.change.kind} ${code(e.change.path)} (${e.changeId})`);
    case 'change_decided':
      return line(e.ts, `Change ${e.changeId} **${e.decision}** by ${e.by}${e.reason ? `: ${oneLine(e.reason, 300)}` : ''}`);
    case 'change_applied':
      return line(e.ts, e.error ? `Change ${e.changeId} to ${code(e.path)} **not applied**: ${oneLine(e.error, 300)}` : `Change ${e.changeId} applied to ${code(e.path)}`);
    case 'command_finished': {
      const how = e.timedOut ? 'timed out' : e.killed ? 'killed' : `exit ${e.exitCode ?? '?'}`;
      const blocked = e.blocked?.length ? `; blocked by the sandbox: ${e.blocked.map((b) => (b.kind === 'network' ? `${b.host}:${b.port}` : `${b.kind} ${b.path}`)).join(', ')}` : '';
      const sandbox = e.sandboxed ? ` (sandboxed${blocked})` : '';
      return line(e.ts, `Command${todoTag(e.todoId)} ${code(oneLine(e.command, 200))} ${how}${e.durationMs !== undefined ? ` in ${Math.round(e.durationMs)} ms` : ''}${sandbox}${e.output ? `: ${oneLine(e.output, 200)}` : ''}`);
    }
    case 'checkpoint_taken':
      return line(e.ts, `Checkpoint ${code(e.checkpointId)}${todoTag(e.todoId)}${e.label ? ` ${oneLine(e.label, 120)}` : ''}`);
    case 'verification':
      return line(e.ts, `**Verification** of ${e.todoId === 'task' ? 'the whole task' : `TODO ${e.todoId}`}: ${e.approved ? 'approved' : 'rejected'} (confidence ${e.confidence.toFixed(2)})${e.feedback ? `: ${oneLine(e.feedback, 200)}` : ''}`);
    case 'model_call':
      if (e.outcome === 'ok' && e.json) {
        const what = e.json.reasked ? `not usable, asked again: ${e.json.reasked}` : `fixed by the parser: ${jsonNote(e.json)}`;
        return line(e.ts, `JSON reply${todoTag(e.todoId)} (${e.phase}) ${oneLine(what, 300)}`);
      }
      return e.outcome === 'ok' ? null : line(e.ts, `Model call ${e.outcome} (attempt ${e.attempt}, status ${e.status ?? 'none'})${e.error ? `: ${oneLine(e.error, 200)}` : ''}`);
    case 'user_message': {
      const extra = [...e.attachments.map((a) => `@${a.ref}${a.error ? ' (not attached)' : ''}`), ...e.images.map((i) => `image ${i.name}`)];
      return line(e.ts, `**User:** ${oneLine(e.text, 500)}${extra.length ? ` · attached: ${extra.join(', ')}` : ''}`);
    }
    case 'context_attached': {
      const items = [
        ...e.attachments.map((a) => `  - @${a.ref}: ${a.error ? `**not attached**: ${oneLine(a.error, 200)}` : `${oneLine(a.title, 200)} (~${a.tokens} tokens${a.note ? `; ${oneLine(a.note, 200)}` : ''})`}`),
        ...e.images.map((i) => `  - image ${i.name} (${i.mediaType}, ${i.bytes} bytes)`),
      ];
      return items.length ? line(e.ts, `**Context attached** to the task:`) + `${items.join('\n')}\n` : null;
    }
    case 'subtask_started':
      return line(e.ts, `**Sub-task** ${code(e.childId)} started (mode ${e.mode}): ${oneLine(e.task, 300)}`);
    case 'subtask_finished':
      return line(e.ts, `**Sub-task** ${code(e.childId)} ${e.status}${e.summary ? `: ${oneLine(e.summary, 300)}` : ''}`);
    case 'mode_changed':
      return line(e.ts, `**Mode** ${e.from} → **${e.to}**, by ${e.by === 'user' ? 'the user' : `the model${e.approvedBy ? ` (approved by ${e.approvedBy === 'user' ? 'the user' : 'the policy'})` : ''}`}${e.reason ? `: ${oneLine(e.reason, 300)}` : ''}`);
    case 'rules_loaded':
      return line(e.ts, e.files.length ? `**Rules**: ${e.files.map((f) => `${code(f.path)} (~${f.tokens} tokens${f.truncated ? ', cut to fit' : ''})`).join(', ')}` : '**Rules**: none');
    case 'user_messages_consumed':
      return null;
    case 'status_changed':
      return line(e.ts, `Status ${before.status} → **${e.status}**${e.reason ? `: ${oneLine(e.reason, 300)}` : ''}`);
    case 'rollback':
      if (e.toSeq !== undefined) return line(e.ts, `**Rewound** the conversation to checkpoint ${code(e.checkpointId)} (event #${e.toSeq}); paused there`);
      return line(e.ts, `**Rollback** to checkpoint ${code(e.checkpointId)} (${e.mode}), ${counted(e.files.length, 'file', 'files')}`);
    case 'task_assessed': {
      const how = e.judgedDone ? '**judged done**, not run' : e.detected ? 'looks done, below the threshold: it runs' : 'not done: it runs';
      return line(e.ts, `**Assessed** TODO ${e.todoId} (${e.provider}): ${how} (confidence ${e.confidence.toFixed(2)}, threshold ${e.threshold.toFixed(2)}): ${oneLine(e.reasoning, 200)}`);
    }
    case 'spec_ticked':
      return line(e.ts, e.ok ? `Ticked task ${e.todoId} in tasks.md${e.parents.length ? ` (and parent ${e.parents.join(', ')})` : ''}` : `**Could not tick** task ${e.todoId} in tasks.md: ${oneLine(e.message ?? '', 300)}`);
    case 'todo_failure_handled':
      return line(e.ts, `TODO ${e.todoId} failed; the session goes on (${e.action === 'rollback' ? `its files were restored to checkpoint ${code(e.checkpointId ?? '?')}` : 'its changes are kept'})`);
    case 'worktree_merged':
      return line(e.ts, e.alreadyMerged ? `**Merged**: the branch held nothing new` : `**Merged** into ${e.into ? code(e.into) : 'the current branch'} (commit ${code(e.commit.slice(0, 10))})`);
    case 'worktree_discarded':
      return line(e.ts, '**Worktree discarded** (its branch is deleted)');
    case 'session_completed':
      return line(e.ts, `**Session completed**${e.summary ? `: ${oneLine(e.summary, 500)}` : ''}`);
    case 'session_failed':
      return line(e.ts, `**Session failed**: ${oneLine(e.reason, 500)}`);
    case 'session_stopped':
      return line(e.ts, `**Session stopped**${e.reason ? `: ${oneLine(e.reason, 300)}` : ''}`);
  }
}

function decisionEntry(e: Extract<SessionEvent, { type: 'verification' }>, before: SessionState): string {
  const todo = before.todos.find((t) => t.id === e.todoId);
  const what = e.todoId === 'task' && !todo ? 'the whole task' : `TODO ${e.todoId}`;
  const attempt = todo ? ` · attempt ${todo.verdicts.length + 1}` : '';
  const lines = [`## ${shortTime(e.ts)} · ${what} · ${e.approved ? 'approved' : 'rejected'} · confidence ${e.confidence.toFixed(2)}${attempt}`, ''];
  if (todo) lines.push(`**TODO:** ${oneLine(todo.description, 300)}`, '', `**Expected:** ${oneLine(todo.expectedResult, 300)}`, '');
  lines.push(e.feedback ? quote(e.feedback) : '_No feedback._', '');
  if (e.nextStatus) lines.push(`Next status: ${e.nextStatus}.`, '');
  return `${lines.join('\n')}\n`;
}

function assessmentEntry(e: Extract<SessionEvent, { type: 'task_assessed' }>, before: SessionState): string {
  const todo = before.todos.find((t) => t.id === e.todoId);
  const outcome = e.judgedDone ? 'judged done (ticked, not run)' : e.detected ? 'looks done, below the threshold (runs)' : 'not done (runs)';
  const lines = [
    `## ${shortTime(e.ts)} · task ${e.todoId} · assessed by ${e.provider === 'model' ? 'the model (assess_task)' : 'the quick checks'} · ${outcome}`,
    '',
    `Confidence ${e.confidence.toFixed(2)} against the threshold ${e.threshold.toFixed(2)} (agent.spec.skipConfidence) · ${Math.round(e.durationMs)} ms`,
    '',
  ];
  if (todo) lines.push(`**Task:** ${oneLine(todo.description, 300)}`, '');
  if (e.checks.length) lines.push('Quick checks:', '', ...e.checks.slice(0, 40).map((c) => `- ${oneLine(c, 300)}`), '');
  lines.push(e.reasoning ? quote(e.reasoning) : '_No reasoning given._', '');
  return `${lines.join('\n')}\n`;
}

/** What JSON mode's parser did with a reply, in a few words (api-calls.md, history.md). */
function jsonNote(j: NonNullable<Extract<SessionEvent, { type: 'model_call' }>['json']>): string {
  const parts = [
    ...(j.repaired.length ? [`repaired: ${j.repaired.join(', ')}`] : []),
    ...(j.placeholders.length ? [`placeholders: ${j.placeholders.join(', ')}`] : []),
    ...(j.reasked ? [`re-asked: ${j.reasked}`] : []),
  ];
  return parts.join('; ');
}

function apiRow(e: Extract<SessionEvent, { type: 'model_call' }>): string {
  const u = e.usage;
  const tokens = (n: number | undefined) => (n === undefined ? '' : `${n}${u?.estimated ? ' (est.)' : ''}`);
  const cells = [
    shortTime(e.ts),
    cell(e.model, 100),
    e.phase,
    cell(e.todoId ?? '', 64),
    tokens(u?.promptTokens),
    tokens(u?.completionTokens),
    String(Math.round(e.latencyMs)),
    e.status === null ? 'none' : String(e.status),
    String(e.attempt),
    e.error ? `${e.outcome}: ${cell(e.error, 200)}` : e.outcome,
    e.costUsd === null ? '' : formatCost(e.costUsd),
    cell(e.endpoint ?? '', 200),
    e.promptChars === undefined ? '' : `${e.promptChars} chars (~${Math.ceil(e.promptChars / 4)} tokens)`,
    e.json ? cell(jsonNote(e.json), 400) : '',
  ];
  return `| ${cells.join(' | ')} |\n`;
}

function rollbackEntry(e: Extract<SessionEvent, { type: 'rollback' }>): string {
  const lines = [`## ${shortTime(e.ts)} · restored ${code(e.checkpointId)} · mode ${e.mode}`, ''];
  if (e.safetyCheckpointId) lines.push(`Undo with checkpoint ${code(e.safetyCheckpointId)} (taken just before).`, '');
  if (e.undoes !== undefined) {
    lines.push(`The rewind of event #${e.undoes} was undone: the conversation is back to just after event #${e.toSeq} of \`events.jsonl\`, as it was before that rewind (status included). Files were not touched.`, '');
  } else if (e.toSeq !== undefined) {
    lines.push(
      `The conversation went back to just after event #${e.toSeq} of \`events.jsonl\` (where the checkpoint was taken): the TODO board, the plan and the pending messages are as they were then; the events after it stay in the log. ${e.mode === 'both' ? 'The files were restored to that checkpoint as well.' : 'Files were not touched by this rewind.'}`,
      '',
    );
  } else if (e.files.length) {
    const shown = e.files.slice(0, 200);
    lines.push(`${counted(e.files.length, 'file', 'files')}:`, '', ...shown.map((f) => `- ${code(f)}`));
    if (e.files.length > shown.length) lines.push(`- …and ${e.files.length - shown.length} more`);
    lines.push('');
  } else lines.push('No files changed.', '');
  return `${lines.join('\n')}\n`;
}

/** What each markdown log gets for `event`, given the state before it. */
export function logEntries(event: SessionEvent, before: SessionState): Partial<Record<LogFile, string>> {
  const out: Partial<Record<LogFile, string>> = {};
  const history = historyLine(event, before);
  if (history) out['history.md'] = history;
  if (event.type === 'verification') out['decisions.md'] = decisionEntry(event, before);
  if (event.type === 'task_assessed') out['decisions.md'] = assessmentEntry(event, before);
  if (event.type === 'model_call') out['api-calls.md'] = apiRow(event);
  if (event.type === 'rollback') out['rollbacks.md'] = rollbackEntry(event);
  return out;
}
