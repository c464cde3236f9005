import type { RoundRecord, SessionState } from '../../../../shared/agent/sessionState';
import { cutMiddle, oneLine } from './text';

/**
 * The task a model call is about (issue 25, follow-ups). In round 1 it is the session's task. In a later round it is
 * the follow-up's text, then what the earlier rounds did, newest first, within `maxChars`: each round's task, its
 * TODOs with their results, the files it changed and its final summary. An older round that does not fit is
 * shortened to a line, then left out (and said so).
 *
 *   modelTask(state, maxChars) → string
 */

/** The follow-up's own text keeps at least this share of `maxChars`; the earlier rounds get the rest. */
const FOLLOW_UP_SHARE = 0.4;
const TODO_RESULT_MAX = 300;
const FILES_SHOWN = 30;

const mark: Record<string, string> = { done: '[x]', skipped: '[-]', failed: '[!]', in_progress: '[>]', verifying: '[?]', pending: '[ ]' };

export function modelTask(state: Pick<SessionState, 'task' | 'round' | 'roundTask' | 'earlierRounds'>, maxChars: number): string {
  if (state.round <= 1 || !state.earlierRounds.length) return state.task;
  const followUp = cutMiddle(state.roundTask.trim(), Math.max(400, Math.floor(maxChars * FOLLOW_UP_SHARE)));
  const head = `${followUp}\n\n# Earlier rounds of this session (already done; the follow-up above is what to do now)`;
  let room = maxChars - head.length - 200;
  const shown: string[] = [];
  let left = 0;
  for (const r of [...state.earlierRounds].reverse()) {
    const full = roundText(r);
    const short = `## Round ${r.round} (${r.status}): ${oneLine(r.task, 200)}`;
    const text = full.length <= room ? full : short.length <= room ? short : null;
    if (text === null) {
      left += 1;
      continue;
    }
    shown.unshift(text);
    room -= text.length + 2;
  }
  const omitted = left ? [`(${left} older round${left === 1 ? '' : 's'} left out for the budget.)`] : [];
  return [head, ...omitted, ...shown].join('\n\n');
}

function roundText(r: RoundRecord): string {
  const lines = [`## Round ${r.round} (${r.status})`, `Task: ${cutMiddle(r.task.trim(), 2000)}`];
  if (r.todos.length) {
    lines.push('TODOs:');
    for (const t of r.todos) lines.push(`- ${mark[t.status] ?? '[ ]'} ${t.id}: ${oneLine(t.description, 200)}${t.result ? ` — result: ${oneLine(t.result, TODO_RESULT_MAX)}` : ''}`);
  }
  if (r.files.length) lines.push(`Files changed: ${r.files.slice(0, FILES_SHOWN).join(', ')}${r.files.length > FILES_SHOWN ? ` …and ${r.files.length - FILES_SHOWN} more` : ''}`);
  if (r.summary) lines.push(`Summary: ${cutMiddle(r.summary.trim(), 2000)}`);
  return lines.join('\n');
}
