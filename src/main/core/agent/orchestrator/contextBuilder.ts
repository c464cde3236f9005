import type { ContextAttachment } from '../../../../shared/context/contextShapes';
import type { ModelMessage } from '../model';
import type { ModelImage } from '../model/messages';
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
 *
 * Project context (issue 11, `project`): the rules files go into the system message (after the mode prompt,
 * already cut to their share by rulesFiles.ts); what the task's @-mentions attached follows the task (within
 * ATTACH_SHARE of the budget, small attachments whole first, larger ones cut and said so); the git state
 * follows in the first call only; a message's attachments come with the message; images (vision models) go
 * with the user message as image parts.
 */

/** What issue 11 adds to a call (agent/orchestrator/sessionContext.ts gathers it). */
export interface PromptContext {
  /** The rules section for the system message ('' when there are none). */
  rules: string;
  /** What the task's @-mentions attached. */
  attachments: readonly ContextAttachment[];
  /** The task's images, for a vision model (empty otherwise). */
  images: readonly ModelImage[];
  /** Branch, ahead/behind and changed files: the first call of a session only. */
  gitState: string | null;
}

/** A message from the user, with what its mentions attached and its images. */
export interface UserMessage {
  text: string;
  attachments?: readonly ContextAttachment[];
  images?: readonly ModelImage[];
}

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
  userMessages: readonly UserMessage[];
  project?: PromptContext;
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
  userMessages: readonly UserMessage[];
  project?: PromptContext;
  notes: readonly string[];
  jsonMode: boolean;
  budgetTokens: number;
}

/** How many finished / upcoming TODOs the board lists by name. */
export const BOARD_FINISHED = 5;
export const BOARD_UPCOMING = 5;
export const TASK_SHARE = 0.25;
/** The budget's share for what the task's mentions attached, and for what messages' mentions attached. */
export const ATTACH_SHARE = 0.3;
export const MESSAGE_ATTACH_SHARE = 0.15;
/** The rules files' share (rulesFiles.ts cuts them to it). */
export const RULES_SHARE = 0.2;
/** What an image costs in the estimate (a typical 1024×768 screenshot in high detail is about this). */
export const IMAGE_TOKENS = 800;
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

/**
 * Attachments within `maxChars`: the smaller ones whole first, each larger one cut to an equal share of
 * what is left (and said so); one that could not be attached is named with the reason.
 */
export function attachmentBlocks(attachments: readonly ContextAttachment[], maxChars: number): string[] {
  const order = attachments.map((a, i) => ({ a, i })).sort((x, y) => x.a.content.length - y.a.content.length);
  const out: string[] = new Array(attachments.length);
  let room = maxChars;
  for (const [k, { a, i }] of order.entries()) {
    if (a.error) {
      out[i] = `## @${a.ref}: NOT ATTACHED: ${a.error}`;
      continue;
    }
    const head = `## @${a.ref}: ${a.title}${a.note ? ` (${a.note})` : ''}`;
    const share = Math.floor(room / (order.length - k));
    const body = a.content.length + head.length <= share ? a.content : `${cutMiddle(a.content, Math.max(200, share - head.length - 120))}\n(cut to fit the context budget; read_file shows the rest)`;
    out[i] = `${head}\n${body}`;
    room -= out[i].length;
  }
  return out;
}

function attachedSection(attachments: readonly ContextAttachment[], maxChars: number): string | null {
  if (!attachments.length) return null;
  return `# Context the user attached to the task (@ mentions)\n${attachmentBlocks(attachments, maxChars).join('\n\n')}`;
}

function userSection(messages: readonly UserMessage[], attachChars: number): string | null {
  if (!messages.length) return null;
  const text = messages.map((m) => `- ${m.text.trim()}`).join('\n');
  const attached = messages.flatMap((m) => m.attachments ?? []);
  const blocks = attached.length ? `\n\nWhat their @ mentions attached:\n${attachmentBlocks(attached, attachChars).join('\n\n')}` : '';
  return `# Messages from the user (take them into account)\n${cutMiddle(text, USER_MESSAGES_MAX)}${blocks}`;
}

function systemOf(modePrompt: string, rules: string, loopRules: string): string {
  return [modePrompt.trim(), rules.trim(), loopRules].filter(Boolean).join('\n\n');
}

/** The images of a call: the task's, then those of the messages. */
function imagesOf(project: PromptContext | undefined, messages: readonly UserMessage[]): ModelImage[] {
  return [...(project?.images ?? []), ...messages.flatMap((m) => m.images ?? [])];
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
    } else n += estimateTokens(m.content) + (m.role === 'user' ? (m.images?.length ?? 0) * IMAGE_TOKENS : 0);
  }
  return n;
}

export function buildPlanContext(input: PlanContextInput): BuiltContext {
  const budgetChars = input.budgetTokens * 4;
  const parts = [taskSection(input.task, input.budgetTokens)];
  const attached = attachedSection(input.project?.attachments ?? [], Math.floor(budgetChars * ATTACH_SHARE));
  if (attached) parts.push(attached);
  if (input.project?.gitState) parts.push(input.project.gitState);
  const user = userSection(input.userMessages, Math.floor(budgetChars * MESSAGE_ATTACH_SHARE));
  if (user) parts.push(user);
  if (input.planFeedback) parts.push(`# The user rejected your previous plan\n${cutMiddle(input.planFeedback, TODO_TEXT_MAX)}\nPlan again with this in mind.`);
  for (const note of input.notes ?? []) parts.push(note);
  parts.push('Write the plan now with todo_write.');
  const images = imagesOf(input.project, input.userMessages);
  const messages: ModelMessage[] = [
    { role: 'system', content: systemOf(input.modePrompt, input.project?.rules ?? '', PLAN_RULES) },
    { role: 'user', content: parts.join('\n\n'), ...(images.length ? { images } : {}) },
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
  const budgetChars = input.budgetTokens * 4;
  const system: ModelMessage = { role: 'system', content: systemOf(input.modePrompt, input.project?.rules ?? '', EXECUTE_RULES) };
  const parts = [taskSection(input.task, input.budgetTokens)];
  const attached = attachedSection(input.project?.attachments ?? [], Math.floor(budgetChars * ATTACH_SHARE));
  if (attached) parts.push(attached);
  if (input.project?.gitState) parts.push(input.project.gitState);
  parts.push(renderBoard(input.todos, input.current));
  const user = userSection(input.userMessages, Math.floor(budgetChars * MESSAGE_ATTACH_SHARE));
  if (user) parts.push(user);
  const images = imagesOf(input.project, input.userMessages);
  const head: ModelMessage[] = [system, { role: 'user', content: parts.join('\n\n'), ...(images.length ? { images } : {}) }];
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
    head[1] = { ...(head[1] as Extract<ModelMessage, { role: 'user' }>), content: `${(head[1] as { content: string }).content}\n\n${note}` };
  }
  const messages = [...head, ...kept.flat(), ...tail];
  return { messages, tokens: tokensOf(messages), toolsIncluded: kept.length, toolsOmitted: omitted };
}
