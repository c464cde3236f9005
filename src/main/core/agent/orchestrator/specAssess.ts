import type { TaskAssessment } from '../../../../shared/agent/agentShapes';
import type { TodoState } from '../../sessions';
import { checkTaskReferences, type TaskFindings } from '../../specs/taskChecks';
import { extractTaskReferences } from '../../specs/taskReferences';
import type { SpecTask } from '../../specs/tasksParser';
import { assessTaskParams, assessTaskTool } from '../tools';
import { walk } from '../tools/walk';
import { readEvidenceFiles } from './specEvidence';
import type { CallTool } from './modelCaller';
import { ASSESS_SYSTEM } from './prompts';
import { setStatus, taskTextFor, type SessionRuntime } from './sessionRuntime';
import { cutMiddle, oneLine } from './text';
import { assessReasons, checkValues, plainWords, type Words } from '../../../../shared/errors';

/**
 * The decision engine of spec sessions (seed 002; docs/architecture.md "Agent protocol"): before a task
 * runs, is it already done?
 *
 *   await assessTask(rt, todo)   → appends task_assessed; a task judged done is marked done (and ticked next)
 *
 * 1. Quick checks in code (specs/taskChecks.ts): the files and symbols the task names exist, a test
 *    command it names passes (only when the user's policy runs it without asking). A named file or symbol
 *    that is missing, or a named command that fails, settles it: not done, no model call (provider
 *    `heuristic`).
 * 2. Otherwise (setting agent.spec.assess "model", the default) one call with fresh context that offers
 *    only `assess_task`, forced: the task, its requirements, the checks, the named files' contents and the
 *    workspace's file list. With "heuristic", the checks' score is the confidence.
 * 3. Detected with confidence ≥ agent.spec.skipConfidence → judged done: the TODO is done without running.
 * A model that gives no usable judgement in three asks leaves the task to run (nothing is skipped on doubt).
 */

export const ASSESS_TOOL: CallTool = { name: assessTaskTool.name, description: assessTaskTool.description, schema: assessTaskTool.params };
const ASKS = 3;
/** The checks' own confidence when they show a task is not done (a file it creates is missing, its test fails). */
const NOT_DONE_CONFIDENCE = 0.9;
const FILE_LIST_MAX = 300;

type Judgement = Pick<TaskAssessment, 'detected' | 'confidence' | 'reasoning' | 'reasoningWords' | 'provider'>;

/** A reasoning Akira writes (not a model): its English and its words (issue 14). */
const akiraReasoning = (words: Words): Pick<Judgement, 'reasoning' | 'reasoningWords'> => ({ reasoning: words.en, reasoningWords: plainWords(words) });

/** Runs a test command the task names, only when the user's policy would run it without asking (else throws why: not counted). */
async function runAllowed(rt: SessionRuntime, command: string, signal: AbortSignal) {
  if (!rt.runCommand) throw new Error('commands cannot run here');
  const decision = rt.policy.command(command, undefined);
  if (decision.decision !== 'allow') throw new Error(`the policy would ${decision.decision === 'deny' ? 'deny it' : 'ask first'}: ${decision.reason}`);
  const r = await rt.runCommand({ command, timeoutSeconds: 120, signal });
  return { exitCode: r.killed && !r.timedOut ? null : r.exitCode, output: r.output, timedOut: r.timedOut };
}

async function fileList(rt: SessionRuntime): Promise<string[]> {
  if (!rt.rules) return [];
  const out: string[] = [];
  for await (const e of walk(rt.root, '', { rules: rt.rules, signal: rt.interrupt })) {
    if (e.kind === 'file' && !e.rel.startsWith('.akira/')) out.push(e.rel);
    if (out.length >= FILE_LIST_MAX) break;
  }
  return out;
}

function checksVerdict(findings: TaskFindings): Judgement | null {
  if (findings.verdict !== 'not_done') return null;
  // The failing lines are picked by their English, which is the same whatever the language shown.
  const failing = findings.lineWords.filter((_, i) => /missing|not found|fail|exit [1-9]|timed out/i.test(findings.lines[i]));
  return {
    detected: false,
    confidence: NOT_DONE_CONFIDENCE,
    provider: 'heuristic',
    ...akiraReasoning(assessReasons.notDone(...checkValues((failing.length ? failing : findings.lineWords).slice(0, 6)))),
  };
}

function heuristicOnly(findings: TaskFindings): Judgement {
  const named = findings.files.length + findings.symbols.length + findings.commands.length;
  if (!named) return { detected: false, confidence: 0, provider: 'heuristic', ...akiraReasoning(assessReasons.nothingNamed) };
  return {
    detected: findings.score > 0,
    confidence: findings.score,
    provider: 'heuristic',
    ...akiraReasoning(assessReasons.checksOnly(...checkValues(findings.lineWords.slice(0, 6)))),
  };
}

/** The model's judgement, asked up to three times; null when it never gives a usable one. */
async function askModel(rt: SessionRuntime, todo: TodoState, task: SpecTask | null, findings: TaskFindings): Promise<Judgement | null> {
  const budgetChars = rt.settings.contextTokens * 4;
  const taskText = await taskTextFor(rt, todo.id, Math.floor(budgetChars * 0.3));
  const files = await readEvidenceFiles(rt.root, findings.files.filter((f) => f.exists).map((f) => f.path), Math.floor(budgetChars * 0.4));
  const list = await fileList(rt).catch(() => []);
  const parts = [
    `# Spec task to judge: ${todo.id}\n${taskText}`,
    `# Quick checks of what the task names\n${findings.lines.length ? findings.lines.map((l) => `- ${l}`).join('\n') : '(the task names no file, symbol or test command)'}`,
    `# Contents of the files the task names\n${files || '(none exist yet, or the task names none)'}`,
    `# Files in the workspace${list.length >= FILE_LIST_MAX ? ` (the first ${FILE_LIST_MAX})` : ''}\n${cutMiddle(list.join('\n') || '(empty)', Math.floor(budgetChars * 0.15))}`,
    `Judge task ${todo.id} now: call assess_task with taskId "${todo.id}".${task ? '' : ' (The task is no longer in tasks.md as it was when the session started; judge the text above.)'}`,
  ];
  const rules = await rt.context.rulesText();
  const messages = [
    { role: 'system' as const, content: rules ? `${ASSESS_SYSTEM}\n\n${rules}` : ASSESS_SYSTEM },
    { role: 'user' as const, content: parts.join('\n\n') },
  ];
  let history = [...messages];
  for (let i = 0; i < ASKS; i++) {
    const reply = await rt.caller.call({ phase: 'assess', todoId: todo.id, messages: history, tools: [ASSESS_TOOL], toolChoice: { name: ASSESS_TOOL.name }, signal: rt.interrupt });
    const call = reply.toolCalls.find((c) => c.name === ASSESS_TOOL.name);
    const parsed = call?.arguments ? assessTaskParams.safeParse(tolerant(call.arguments, todo.id)) : null;
    if (parsed?.success) return { detected: parsed.data.detected, confidence: parsed.data.confidence, reasoning: parsed.data.reasoning.trim(), provider: 'model' };
    const why = !call
      ? 'Your reply did not call assess_task.'
      : `The assess_task arguments were not valid (${call.parseError ?? parsed?.error?.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ')}).`;
    history = [...messages, { role: 'user', content: `${why} Call assess_task with taskId "${todo.id}", detected, confidence (0 to 1) and reasoning.` }];
  }
  return null;
}

/** Arguments as models send them: a confidence as text or in percent, a boolean as text. */
function tolerant(args: Record<string, unknown>, taskId: string): Record<string, unknown> {
  let confidence = typeof args.confidence === 'string' ? Number(args.confidence) : args.confidence;
  if (typeof confidence === 'number' && Number.isFinite(confidence)) confidence = Math.min(1, Math.max(0, confidence > 1 && confidence <= 100 ? confidence / 100 : confidence));
  const detected = typeof args.detected === 'string' && /^(true|false)$/i.test(args.detected) ? args.detected.toLowerCase() === 'true' : args.detected;
  return { ...args, taskId, detected, confidence, reasoning: typeof args.reasoning === 'string' ? args.reasoning : '' };
}

export async function assessTask(rt: SessionRuntime, todo: TodoState): Promise<void> {
  const spec = rt.spec!;
  await setStatus(rt, 'running', undefined, 'assess');
  const started = performance.now();
  const task = await spec.taskOf(todo).catch(() => null);
  const refs = extractTaskReferences(task ?? { title: todo.description.split('\n')[0] ?? '', details: todo.description.split('\n').slice(1) });
  const findings = await checkTaskReferences({ root: rt.root, refs, runCommand: (command) => runAllowed(rt, command, rt.interrupt), signal: rt.interrupt });
  let judgement = checksVerdict(findings);
  if (!judgement && spec.settings.assess === 'heuristic') judgement = heuristicOnly(findings);
  judgement ??= (await askModel(rt, todo, task, findings)) ?? {
    detected: false,
    confidence: 0,
    provider: 'heuristic',
    ...akiraReasoning(assessReasons.noJudgement(ASKS)),
  };
  const threshold = spec.settings.skipConfidence;
  const judgedDone = judgement.detected && judgement.confidence >= threshold;
  await rt.handle.append({
    type: 'task_assessed',
    todoId: todo.id,
    ...judgement,
    judgedDone,
    threshold,
    checks: findings.lines.slice(0, 40),
    checkWords: findings.lineWords.slice(0, 40),
    durationMs: Math.round(performance.now() - started),
  });
  if (judgedDone) {
    await rt.handle.append({
      type: 'todo_updated',
      todo: {
        id: todo.id,
        description: todo.description,
        expectedResult: todo.expectedResult,
        status: 'done',
        result: `Judged done without running (${judgement.provider}, confidence ${judgement.confidence.toFixed(2)}): ${oneLine(judgement.reasoning, 400)}`,
      },
    });
  }
  await setStatus(rt, 'running', undefined, 'execute');
}
