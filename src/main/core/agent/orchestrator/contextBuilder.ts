import type { ModelMessage } from '../model';
import { EXECUTE_RULES, PLAN_RULES } from './prompts';
import { cutMiddle, estimateTokens, oneLine } from './text';

/**
 * Fresh context for every model call, within a token budget (docs/architecture.md "Agent protocol": "Not the whole history"):
 *
 *   buildPlanContext({modePrompt, task, userMessages, planFeedback, budgetTokens})   → {messages, tokens}
 *   buildExecuteContext({modePrompt, task, todos, current, userMessages, notes, jsonMode, budgetTokens})
 *
 * What an execute call holds: the mode prompt and the loop's rules (system); the task, the TODO board
 * and what the user said (user); then the current TODO's recent tool calls with their results, newest
 * kept first, as real tool-call exchanges (native) or as JSON replies + result messages (JSON mode);
 * then the orchestrator's notes (a nudge after a reply without a tool call).
 *
 * The board stays the same size however many TODOs there are: counts, the last few finished TODOs
 * with a one-line summary, the current TODO in full (with the reviewer's last feedback), and the next
 * few pending ones. The tool results fill what the budget leaves; each is capped, older ones harder.
 * Token counts are estimates (about 4 characters per token, as the model client estimates).
 */

export interface BoardTodo {
  id: string;
  description: string;
  expectedResult: string;
  status: string;
  result: string | null;
  rejections: number;
  verdicts: readonly { approved: boolean; feedback: string; confidence: number }[];
  recentTools: readonly { callId: string; tool: string; input: string; summary: string; isError: boolean }[];
}

export interface BuiltContext {
  messages: ModelMessage[];
  /** Estimated prompt tokens (messages only; the tools' schemas come on top, a constant). */
  tokens: number;
  /** Tool exchanges of the current TODO included / left out for the budget. */
  toolsIncluded: number;
  toolsOmitted: number;
}

export interface PlanContextInput {
  modePrompt: string;
  task: string;
  userMessages: readonly { text: string }[];
  /** The user's reason for rejecting the previous plan. */
  planFeedback?: string | null;
  /** Why the previous plan was refused (a limit), for the model. */
  notes?: readonly string[];
  budgetTokens: number;
}

export interface ExecuteContextInput {
  modePrompt: string;
  task: string;
  todos: readonly BoardTodo[];
  current: BoardTodo;
  userMessages: readonly { text: string }[];
  notes: readonly string[];
  jsonMode: boolean;
  budgetTokens: number;
}

/** How many finished / upcoming TODOs the board lists by name. */
export const BOARD_FINISHED = 5;
export const BOARD_UPCOMING = 5;
export const TASK_SHARE = 0.25;
const TODO_TEXT_MAX = 2000;
const USER_MESSAGES_MAX = 4000;
const LATEST_RESULT_MAX = 6000;
const OLDER_RESULT_MAX = 1500;

const statusMark: Record<string, string> = {
  done: '[x]',
  skipped: '[-]',
  failed: '[!]',
  in_progress: '[>]',
  verifying: '[?]',
  pending: '[ ]',
};

function taskSection(task: string, budgetTokens: number): string {
  return `# Task\n${cutMiddle(task.trim(), Math.max(400, Math.floor(budgetTokens * TASK_SHARE * 4)))}`;
}

function userSection(messages: readonly { text: string }[]): string | null {
  if (!messages.length) return null;
  const text = messages.map((m) => `- ${m.text.trim()}`).join('\n');
  return `# Messages from the user (take them into account)\n${cutMiddle(text, USER_MESSAGES_MAX)}`;
}

function finishedLine(t: BoardTodo): string {
  const verdict = t.verdicts.at(-1);
  const what = t.result ? oneLine(t.result, 160) : t.status === 'skipped' ? 'skipped by the user' : '';
  const review = verdict ? ` (review: ${verdict.approved ? 'approved' : 'rejected'}${verdict.feedback ? `, ${oneLine(verdict.feedback, 80)}` : ''})` : '';
  return `${statusMark[t.status] ?? '[ ]'} ${t.id}: ${oneLine(t.description, 100)}${what ? ` — ${what}` : ''}${review}`;
}

/** The bounded TODO board (see the module comment). */
export function renderBoard(todos: readonly BoardTodo[], current: BoardTodo | null): string {
  const count = (s: string) => todos.filter((t) => t.status === s).length;
  const counts = ['done', 'in_progress', 'verifying', 'pending', 'failed', 'skipped']
    .map((s) => [s, count(s)] as const)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${n} ${s.replace('_', ' ')}`)
    .join(', ');
  const lines = [`# TODO board (${todos.length} TODOs: ${counts || 'none'})`];
  const finished = todos.filter((t) => t.status === 'done' || t.status === 'skipped' || (t.status === 'failed' && t !== current));
  if (finished.length > BOARD_FINISHED) lines.push(`(${finished.length - BOARD_FINISHED} earlier finished TODOs not shown)`);
  for (const t of finished.slice(-BOARD_FINISHED)) lines.push(finishedLine(t));
  if (current) {
    lines.push('', `## CURRENT TODO ${current.id} (${current.status.replace('_', ' ')})`);
    lines.push(`Description: ${cutMiddle(current.description, TODO_TEXT_MAX)}`);
    lines.push(`Expected result: ${cutMiddle(current.expectedResult, TODO_TEXT_MAX)}`);
    const last = current.verdicts.at(-1);
    if (last && !last.approved) {
      lines.push(`The reviewer REJECTED it (${current.rejections} time${current.rejections === 1 ? '' : 's'} so far). Fix this: ${cutMiddle(last.feedback, TODO_TEXT_MAX)}`);
    }
  }
  const upcoming = todos.filter((t) => t.status === 'pending' && t !== current);
  if (upcoming.length) {
    lines.push('', '## Next');
    for (const t of upcoming.slice(0, BOARD_UPCOMING)) lines.push(`${statusMark.pending} ${t.id}: ${oneLine(t.description, 120)}`);
    if (upcoming.length > BOARD_UPCOMING) lines.push(`(${upcoming.length - BOARD_UPCOMING} more pending)`);
  }
  return lines.join('\n');
}

function tokensOf(messages: readonly ModelMessage[]): number {
  let n = 0;
  for (const m of messages) {
    n += 4;
    if (m.role === 'assistant') {
      n += estimateTokens(m.content ?? '');
      for (const c of m.toolCalls ?? []) n += estimateTokens(c.name + (typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments)));
    } else n += estimateTokens(m.content);
  }
  return n;
}

export function buildPlanContext(input: PlanContextInput): BuiltContext {
  const parts = [taskSection(input.task, input.budgetTokens)];
  const user = userSection(input.userMessages);
  if (user) parts.push(user);
  if (input.planFeedback) parts.push(`# The user rejected your previous plan\n${cutMiddle(input.planFeedback, TODO_TEXT_MAX)}\nPlan again with this in mind.`);
  for (const note of input.notes ?? []) parts.push(note);
  parts.push('Write the plan now with todo_write.');
  const messages: ModelMessage[] = [
    { role: 'system', content: `${input.modePrompt.trim()}\n\n${PLAN_RULES}` },
    { role: 'user', content: parts.join('\n\n') },
  ];
  return { messages, tokens: tokensOf(messages), toolsIncluded: 0, toolsOmitted: 0 };
}

/** A tool exchange as messages: native tool call + tool result, or (JSON mode) the reply + a user message. */
function exchange(call: BoardTodo['recentTools'][number], resultMax: number, jsonMode: boolean): ModelMessage[] {
  const result = cutMiddle(call.summary || '(no output)', resultMax);
  const content = call.isError ? (result.startsWith('Error') ? result : `Error: ${result}`) : result;
  const args = call.input && call.input.trim().startsWith('{') ? call.input : JSON.stringify({ input: call.input });
  if (!jsonMode) {
    return [
      { role: 'assistant', content: null, toolCalls: [{ id: call.callId, name: call.tool, arguments: args }] },
      { role: 'tool', toolCallId: call.callId, content },
    ];
  }
  let params: unknown = {};
  try {
    params = JSON.parse(args);
  } catch {
    params = { input: call.input };
  }
  const reply = { type: 'legacy_response', phase: 'execution', todos: [], toolCall: { tool: call.tool, params }, verification: null, message: '', complete: false };
  return [
    { role: 'assistant', content: JSON.stringify(reply) },
    { role: 'user', content: `Result of ${call.tool}:\n${content}` },
  ];
}

export function buildExecuteContext(input: ExecuteContextInput): BuiltContext {
  const system: ModelMessage = { role: 'system', content: `${input.modePrompt.trim()}\n\n${EXECUTE_RULES}` };
  const parts = [taskSection(input.task, input.budgetTokens), renderBoard(input.todos, input.current)];
  const user = userSection(input.userMessages);
  if (user) parts.push(user);
  const head: ModelMessage[] = [system, { role: 'user', content: parts.join('\n\n') }];
  const tail: ModelMessage[] = input.notes.length ? [{ role: 'user', content: input.notes.join('\n\n') }] : [];
  let used = tokensOf(head) + tokensOf(tail);

  // Newest first, until the budget is spent; the newest result may be longer than the others.
  const calls = input.current.recentTools;
  const kept: ModelMessage[][] = [];
  for (let i = calls.length - 1; i >= 0; i--) {
    const max = i === calls.length - 1 ? LATEST_RESULT_MAX : OLDER_RESULT_MAX;
    let pair = exchange(calls[i], max, input.jsonMode);
    let cost = tokensOf(pair);
    if (used + cost > input.budgetTokens && kept.length === 0) {
      // The newest result matters most: shrink it to what is left rather than dropping it.
      const room = Math.max(200, (input.budgetTokens - used - 100) * 4);
      pair = exchange(calls[i], Math.min(max, room), input.jsonMode);
      cost = tokensOf(pair);
    }
    if (used + cost > input.budgetTokens) break;
    kept.unshift(pair);
    used += cost;
  }
  const omitted = calls.length - kept.length;
  if (omitted > 0 && kept.length > 0) {
    const note = `(${omitted} earlier tool call${omitted === 1 ? '' : 's'} for this TODO are not shown.)`;
    head[1] = { role: 'user', content: `${(head[1] as { content: string }).content}\n\n${note}` };
  }
  const messages = [...head, ...kept.flat(), ...tail];
  return { messages, tokens: tokensOf(messages), toolsIncluded: kept.length, toolsOmitted: omitted };
}
