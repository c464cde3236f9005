import type { AgentEvent } from '../../shared/contract';
import { unifiedDiff } from '../common/unifiedDiff';
import { textIn, type Language } from '../../shared/i18n';
import { runStrings } from './runStrings';
import { reasonIn } from '../../shared/errors';

/**
 * `akira run`'s readable progress (without --json): the plan, each TODO, its tool calls with a short
 * result, proposed diffs, the reviewer's verdicts and how the session ended. Colours on a terminal.
 *
 *   const line = formatRunEvent(event, {color})   // text to print (with newlines), or '' to print nothing
 */

export interface FormatOptions {
  color: boolean;
  /** Lines of a proposed diff shown before it is cut (default 60). */
  diffLines?: number;
  /** The language of the words (default English). */
  language?: Language;
}

const CODES = { dim: 2, bold: 1, red: 31, green: 32, yellow: 33, blue: 34, magenta: 35, cyan: 36 } as const;
type Style = keyof typeof CODES;

export function styler(color: boolean) {
  return (style: Style, text: string) => (color ? `\x1b[${CODES[style]}m${text}\x1b[0m` : text);
}

const oneLine = (text: unknown, max = 160) => {
  const flat = String(text ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** The arguments of a call, short: the path or the command when there is one. */
function callInput(tool: string, input: string, t: (typeof runStrings)['en']): string {
  try {
    const args = JSON.parse(input) as Record<string, unknown>;
    if (tool === 'run_command') return `$ ${oneLine(args.command, 140)}${args.cwd ? t.inDir(String(args.cwd)) : ''}`;
    if (typeof args.path === 'string') return args.path || '.';
    if (typeof args.pattern === 'string') return `/${args.pattern}/${args.glob ? ` in ${args.glob}` : ''}`;
    if (tool === 'update_todo') return `${args.id} → ${args.status}`;
  } catch {
    // not JSON: show as is
  }
  return oneLine(input, 140);
}

function firstLine(summary: string): string {
  const lines = summary.split('\n').filter((l) => l.trim());
  const end = lines.find((l) => /^\[(Exit code|Timed out|Cancelled|The user closed)/.test(l));
  return oneLine(end ?? lines[0] ?? '', 160);
}

export function colorDiff(diff: string, color: boolean, max: number, language: Language = 'en'): string {
  const s = styler(color);
  const lines = diff.replace(/\n$/, '').split('\n');
  const shown = lines.slice(0, max).map((l) =>
    l.startsWith('+++') || l.startsWith('---') ? s('bold', l) : l.startsWith('+') ? s('green', l) : l.startsWith('-') ? s('red', l) : l.startsWith('@@') ? s('cyan', l) : l,
  );
  if (lines.length > max) shown.push(s('dim', textIn(runStrings, language).moreDiffLines(lines.length - max)));
  return shown.map((l) => `      ${l}`).join('\n');
}

export function changeDiff(change: { path: string; kind: string; before: string | null; after: string | null; binary?: boolean }, language: Language = 'en'): string {
  if (change.binary) return `${textIn(runStrings, language).binaryFile(change.path, change.kind === 'delete')}\n`;
  return unifiedDiff(change.kind === 'create' ? null : change.before, change.kind === 'delete' ? null : change.after, { oldName: `a/${change.path}`, newName: `b/${change.path}` });
}

export function formatRunEvent(e: AgentEvent, options: FormatOptions): string {
  const s = styler(options.color);
  const t = textIn(runStrings, options.language ?? 'en');
  // A session's reason in the person's language when it has words (issue 14); --json keeps the event as it is.
  const said = <R extends string | undefined>(reason: R, words: unknown) => reasonIn(reason, words, options.language ?? 'en');
  switch (e.type) {
    case 'session_started':
      return `${s('bold', t.akiraSession)} ${e.sessionId} ${t.sessionHeader(e.mode, e.model)}\n${s('dim', t.task)} ${oneLine(e.task, 300)}\n`;
    case 'round_started':
      return `${s('bold', t.followUp(e.round))} ${oneLine(e.task, 300)}\n`;
    case 'plan_proposed': {
      const words = t;
      const items = e.todos.map(
        (t, i) => `  ${i + 1}. ${s('bold', t.id)} ${oneLine(t.description, 120)}\n     ${s('dim', words.expect(oneLine(t.expectedResult, 120)))}`,
      );
      return `${s('bold', t.plan(items.length))}${e.needsApproval ? s('yellow', t.waitsForApproval) : ''}\n${items.join('\n')}\n`;
    }
    case 'plan_approved':
      return `${s('green', t.planApproved)} ${t.by(e.by)}\n`;
    case 'plan_rejected':
      return `${s('yellow', t.planRejected)}${e.feedback ? `: ${oneLine(e.feedback)}` : ''}\n`;
    case 'todo_updated': {
      const todo = e.todo;
      if (todo.status === 'in_progress') return `\n${s('blue', '▶')} ${s('bold', `TODO ${todo.id}`)} ${oneLine(todo.description, 140)}\n`;
      if (todo.status === 'verifying') return `  ${s('dim', t.doneSaysAgent(todo.result ? oneLine(todo.result, 140) : ''))}\n`;
      if (todo.status === 'skipped') return `  ${s('yellow', t.todoSkipped(todo.id))}\n`;
      if (todo.status === 'failed') return `  ${s('red', t.todoFailed(todo.id))}${todo.result ? `: ${oneLine(todo.result)}` : ''}\n`;
      return '';
    }
    case 'todo_added':
      return `${s('yellow', '+')} TODO ${e.todo.id}: ${oneLine(e.todo.description, 160)}\n`;
    case 'tool_call_started':
      return `  ${s('cyan', '→')} ${e.tool} ${callInput(e.tool, e.input, t)}\n`;
    case 'tool_call_finished':
      if (e.deniedReason) return `    ${s('red', '✗')} ${t.denied(oneLine(said(e.deniedReason, e.deniedReasonWords), 200))}\n`;
      // a failure with words is said in the CLI's language (the model read the English summary)
      return e.isError ? `    ${s('red', '✗')} ${e.errorWords ? oneLine(said(firstLine(e.summary), e.errorWords), 200) : firstLine(e.summary)}\n` : `    ${s('dim', `✓ ${firstLine(e.summary)}`)}\n`;
    case 'change_proposed':
      return `${colorDiff(changeDiff(e.change, options.language), options.color, options.diffLines ?? 60, options.language)}\n`;
    case 'change_decided':
      return e.decision === 'rejected' ? `    ${s('yellow', t.changeRejected(e.by, e.reason ? oneLine(said(e.reason, e.reasonWords)) : ''))}\n` : '';
    case 'mode_changed':
      return `  ${s('cyan', t.modeChanged(e.from, e.to, e.by))}${e.reason ? s('dim', ` · ${oneLine(e.reason, 120)}`) : ''}\n`;
    case 'subtask_started':
      return `  ${s('cyan', '▸')} ${t.subTaskStarted(e.childId.slice(0, 8), oneLine(e.task, 160))}\n`;
    case 'subtask_finished':
      return `  ${s(e.status === 'completed' ? 'green' : 'red', '◂')} ${t.subTaskFinished(e.childId.slice(0, 8), e.status)}\n`;
    case 'checkpoint_taken':
      return `    ${s('dim', t.checkpoint(e.checkpointId.slice(0, 10), e.label ? oneLine(e.label, 80) : ''))}\n`;
    case 'verification': {
      const what = e.todoId === 'task' ? t.finalReview : t.reviewOf(e.todoId);
      const mark = e.approved ? s('green', '✔') : s('red', '✘');
      const verdict = e.approved ? s('green', t.approved) : s(e.nextStatus === 'failed' ? 'red' : 'yellow', e.nextStatus === 'failed' ? t.rejectedLimit : t.rejected);
      return `  ${mark} ${what}: ${verdict} (${t.confidence(e.confidence.toFixed(2))})${e.feedback ? ` — ${oneLine(e.feedback, 240)}` : ''}\n`;
    }
    case 'task_assessed': {
      const how = e.judgedDone ? s('green', t.alreadyDone) : e.detected ? s('yellow', t.looksDone) : t.notDone;
      return `\n${s('blue', '?')} ${s('bold', t.taskN(e.todoId))} ${t.judgedBy(e.provider === 'model')}: ${how} (${t.confidence(e.confidence.toFixed(2))}) ${s('dim', oneLine(said(e.reasoning, e.reasoningWords), 200))}\n`;
    }
    case 'spec_ticked':
      return e.ok
        ? `  ${s('green', '☑')} ${t.ticked(e.todoId, e.parents.join(', '))}\n`
        : `  ${s('yellow', t.couldNotTick)} ${t.inTasksMd(e.todoId, oneLine(e.message ?? '', 240))}\n`;
    case 'todo_failure_handled':
      return `  ${s('yellow', e.action === 'rollback' ? t.failedRolledBack(e.todoId) : t.failedGoingOn(e.todoId))}\n`;
    case 'assistant_message':
      return `  ${s('magenta', t.agent)} ${oneLine(e.text, 240)}\n`;
    case 'model_retry':
      return `  ${s('dim', t.modelRetry(e.attempt, (e.delayMs / 1000).toFixed(1), oneLine(said(e.reason, e.reasonWords), 160)))}\n`;
    case 'warning':
      return `  ${s('yellow', t.warning)} ${oneLine(said(e.message, e.messageWords), 300)}\n`;
    // A mention that could not be attached (a missing file, an MCP prompt without its arguments): said, never silent.
    case 'context_attached':
      return e.attachments
        .filter((a) => a.error)
        .map((a) => `  ${s('yellow', t.warning)} ${t.notAttached(a.ref, oneLine(said(a.error ?? '', a.errorWords), 400))}\n`)
        .join('');
    case 'status_changed':
      return e.status === 'paused' ? `${s('yellow', t.paused)}: ${said(e.reason, e.reasonWords) ?? ''}\n` : '';
    case 'session_completed':
      return `\n${s('green', t.taskComplete)}${e.summary ? ` ${oneLine(e.summary, 400)}` : ''}\n`;
    case 'session_failed':
      return `\n${s('red', t.taskFailed)} ${oneLine(said(e.reason, e.reasonWords), 400)}\n`;
    case 'session_stopped':
      return `\n${s('yellow', t.stopped)}${e.reason ? ` ${oneLine(said(e.reason, e.reasonWords), 300)}` : ''}\n`;
    default:
      return '';
  }
}
