import { verifyTodoParams, verifyTodoTool } from '../tools';
import type { ModelMessage } from '../model';
import type { BoardTodo } from './contextBuilder';
import type { CallTool, ModelCaller } from './modelCaller';
import { VERIFY_SYSTEM } from './prompts';
import { cutMiddle, oneLine } from './text';

/**
 * The verification call (docs/architecture.md "Agent protocol": a separate call with fresh context that must call verify_todo):
 *
 *   await verifyTodo({caller, task, todo, claimed, changes, commands, problems?, rules?, budgetTokens, signal})
 *   await verifyTask({caller, task, todos, summary, changes, budgetTokens, signal})     // todoId "task"
 *   → {approved, feedback, confidence}
 *
 * Only verify_todo is offered, forced with tool_choice. The context is built here from the evidence
 * only (the TODO, its expected result, what the agent claims, the diff, the commands and their output):
 * none of the agent's conversation. A reply without a verdict is asked again (twice), then
 * VerifierError (the session pauses and says so). The verdict's todoId is the one under review.
 */

export interface Verdict {
  approved: boolean;
  feedback: string;
  confidence: number;
}

export class VerifierError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VerifierError';
  }
}

export const VERIFY_TOOL: CallTool = { name: verifyTodoTool.name, description: verifyTodoTool.description, schema: verifyTodoTool.params };
const ASKS = 3;

export interface CommandEvidence {
  /** What the agent ran, and the output it got (as the model saw it). */
  input: string;
  summary: string;
  isError: boolean;
}

export interface VerifyTodoInput {
  caller: ModelCaller;
  task: string;
  todo: Pick<BoardTodo, 'id' | 'description' | 'expectedResult' | 'verdicts'>;
  /** What the agent said in update_todo(done). */
  claimed: string | null;
  /** Unified diffs of what changed for the TODO (changeEvidence.ts). */
  changes: string;
  commands: readonly CommandEvidence[];
  /** What the project's checkers report in the changed files (issue 11); absent when none ran. */
  problems?: string | null;
  /** The project's rules (the reviewer holds the work to them too). */
  rules?: string;
  budgetTokens: number;
  signal?: AbortSignal;
}

export interface VerifyTaskInput {
  caller: ModelCaller;
  task: string;
  todos: readonly Pick<BoardTodo, 'id' | 'description' | 'expectedResult' | 'status' | 'result' | 'verdicts'>[];
  summary: string | null;
  changes: string;
  /** The project's rules (the final review holds the work to them too). */
  rules?: string;
  budgetTokens: number;
  signal?: AbortSignal;
}

function commandsSection(commands: readonly CommandEvidence[], maxChars: number): string {
  if (!commands.length) return '(no command was run for this TODO)';
  const per = Math.max(400, Math.floor(maxChars / commands.length));
  return commands
    .map((c) => `${c.isError ? '(failed) ' : ''}${cutMiddle(c.summary || c.input, per)}`)
    .join('\n\n');
}

/** The verdict as sent, with the reviewed id, a confidence given as text or out of range brought back to 0..1. */
function tolerant(args: Record<string, unknown>, todoId: string): Record<string, unknown> {
  let confidence = typeof args.confidence === 'string' ? Number(args.confidence) : args.confidence;
  if (typeof confidence === 'number' && Number.isFinite(confidence)) confidence = Math.min(1, Math.max(0, confidence > 1 && confidence <= 100 ? confidence / 100 : confidence));
  const approved = typeof args.approved === 'string' && /^(true|false)$/i.test(args.approved) ? args.approved.toLowerCase() === 'true' : args.approved;
  return { ...args, todoId, approved, confidence, feedback: typeof args.feedback === 'string' ? args.feedback : '' };
}

async function ask(caller: ModelCaller, phase: 'verify' | 'final_check', todoId: string, messages: ModelMessage[], signal?: AbortSignal): Promise<Verdict> {
  let history = messages;
  for (let i = 0; i < ASKS; i++) {
    const reply = await caller.call({
      phase,
      todoId: phase === 'verify' ? todoId : null,
      messages: history,
      tools: [VERIFY_TOOL],
      toolChoice: { name: VERIFY_TOOL.name },
      signal,
    });
    const call = reply.toolCalls.find((c) => c.name === VERIFY_TOOL.name);
    const parsed = call?.arguments ? verifyTodoParams.safeParse(tolerant(call.arguments, todoId)) : null;
    if (parsed?.success) {
      return { approved: parsed.data.approved, feedback: parsed.data.feedback.trim(), confidence: parsed.data.confidence };
    }
    const why = !call
      ? 'Your reply did not call verify_todo.'
      : `The verify_todo arguments were not valid (${call.parseError ?? parsed?.error?.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ')}).`;
    history = [...messages, { role: 'user', content: `${why} Call verify_todo with todoId "${todoId}", approved, feedback and confidence (0 to 1).` }];
  }
  throw new VerifierError(`The reviewer gave no usable verdict for ${todoId === 'task' ? 'the task' : `TODO ${todoId}`} after ${ASKS} tries.`);
}

export function verifyTodo(input: VerifyTodoInput): Promise<Verdict> {
  const budgetChars = input.budgetTokens * 4;
  const previous = input.todo.verdicts.filter((v) => !v.approved).slice(-2);
  const parts = [
    `# Task (context only)\n${cutMiddle(input.task, Math.floor(budgetChars * 0.1))}`,
    `# TODO under review: ${input.todo.id}\nDescription: ${cutMiddle(input.todo.description, 2000)}\nExpected result: ${cutMiddle(input.todo.expectedResult, 2000)}`,
    `# What the agent says it did\n${input.claimed ? cutMiddle(input.claimed, 2000) : '(nothing said)'}`,
  ];
  if (previous.length) parts.push(`# Your earlier rejections of this TODO\n${previous.map((v) => `- ${oneLine(v.feedback, 300)}`).join('\n')}`);
  parts.push(`# Changes made for this TODO (unified diff)\n${cutMiddle(input.changes, Math.floor(budgetChars * 0.45))}`);
  parts.push(`# Commands run for this TODO, with their output\n${commandsSection(input.commands, Math.floor(budgetChars * 0.25))}`);
  if (input.problems) parts.push(`# Problems the project's checkers report in the changed files (run after the change)\n${cutMiddle(input.problems, Math.floor(budgetChars * 0.1))}`);
  parts.push(`Judge TODO ${input.todo.id} now: call verify_todo with todoId "${input.todo.id}".`);
  const messages: ModelMessage[] = [
    { role: 'system', content: input.rules ? `${VERIFY_SYSTEM}\n\n${input.rules}` : VERIFY_SYSTEM },
    { role: 'user', content: parts.join('\n\n') },
  ];
  return ask(input.caller, 'verify', input.todo.id, messages, input.signal);
}

export function verifyTask(input: VerifyTaskInput): Promise<Verdict> {
  const budgetChars = input.budgetTokens * 4;
  const board = input.todos
    .map((t) => {
      const v = t.verdicts.at(-1);
      return `- ${t.id} [${t.status}] ${oneLine(t.description, 160)} | expected: ${oneLine(t.expectedResult, 160)}${t.result ? ` | result: ${oneLine(t.result, 200)}` : ''}${v ? ` | review: ${v.approved ? 'approved' : 'rejected'}` : ''}`;
    })
    .join('\n');
  const parts = [
    `# Task\n${cutMiddle(input.task, Math.floor(budgetChars * 0.15))}`,
    `# TODOs (each was reviewed on its own)\n${cutMiddle(board, Math.floor(budgetChars * 0.3))}`,
    `# The agent's summary\n${input.summary ? cutMiddle(input.summary, 2000) : '(none)'}`,
    `# Everything that changed in the session (unified diff)\n${cutMiddle(input.changes, Math.floor(budgetChars * 0.45))}`,
    'This is the final check of the WHOLE task: is the task as asked done? Call verify_todo with todoId "task".',
  ];
  const messages: ModelMessage[] = [
    { role: 'system', content: input.rules ? `${VERIFY_SYSTEM}\n\n${input.rules}` : VERIFY_SYSTEM },
    { role: 'user', content: parts.join('\n\n') },
  ];
  return ask(input.caller, 'final_check', 'task', messages, input.signal);
}
