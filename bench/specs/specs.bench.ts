// Spec benchmark (issue 9). Run: npm run bench:specs   (BENCH_REPEATS=3 by default)
// What the decision engine of spec sessions costs and saves, on a 30-task tasks.md where 20 tasks are already
// implemented (files, symbols, passing tests; boxes still open) and 10 are not (bench/specs/specWorkspace.ts).
// A real core in-process, the scripted OpenAI-compatible server over real HTTP (the openai SDK), real pty commands.
//
// Modes, each on a fresh copy of the same workspace, alternated (the order rotates every round), medians of
// BENCH_REPEATS rounds after one untimed warm-up session:
//   model      default settings: quick checks, then a forced assess_task call unless the checks settle it
//   heuristic  agent.spec.assess "heuristic": the quick checks' score is the confidence, no model call
//   baseline   "run every task": the same spec session with agent.spec.skipConfidence 1, so no assessment can
//              skip a task (the model answers 0.9); the assessment still runs, and its own measured cost
//              (task_assessed.durationMs, the assess-phase tokens) is subtracted. Same prompts, phases,
//              checkpoints and final check as the other modes: only the decision engine differs.
//   typed      a cross-check of the baseline: a typed-task session whose plan (todo_write) lists the same 30
//              tasks (as spec sessions word them); no spec prompt (design.md, requirements) in its calls.
// The scripted model decides by what each request asks (the forced tool, the task id in the prompt, the tool
// results already in the context), so one script serves every mode: assess_task → detected 0.9 (done) or not;
// a task that runs → read_file its file, then write/edit + test + update_todo when it is missing, or just the
// test + update_todo when it is there; verify_todo → approved.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { it } from 'vitest';
import type { AgentEvent } from '../../src/shared/contract';
import { checkTaskReferences } from '../../src/main/core/specs/taskChecks';
import { extractTaskReferences } from '../../src/main/core/specs/taskReferences';
import { leafTasks, parseTasks } from '../../src/main/core/specs/tasksParser';
import { tempDir, writeTree } from '../../src/testing/tempTree';
import { waitFor } from '../../src/testing/waitFor';
import { todoOfTask } from '../../src/main/core/agent/orchestrator/specPlan';
import { startAgentKit, type AgentKit } from '../../src/testing/agentKit';
import { reply, type RecordedRequest, type ReplyScript, type ScriptedReply } from '../../src/testing/openaiTestServer';
import { extension, implementation, specWorkspace, TASKS_PATH, type BenchTask } from './specWorkspace';

const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const MODES = ['model', 'heuristic', 'baseline', 'typed'] as const;
type Mode = (typeof MODES)[number];

const log = (...a: unknown[]) => process.stdout.write(`${a.join(' ')}\n`);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const r0 = (x: number) => Math.round(x);
const r1 = (x: number) => Math.round(x * 10) / 10;
const r2 = (x: number) => Math.round(x * 100) / 100;

// ---------------------------------------------------------------------------------------------- the model

interface Msg {
  role: string;
  content?: string | null;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

const textOf = (req: RecordedRequest) =>
  ((req.body.messages ?? []) as Msg[])
    .filter((m) => m.role !== 'assistant' && m.role !== 'tool')
    .map((m) => m.content ?? '')
    .join('\n');

/** The tool calls already in the request's context (the current TODO's recent ones), with their results. */
function history(req: RecordedRequest): { name: string; args: Record<string, unknown>; result: string }[] {
  const messages = (req.body.messages ?? []) as Msg[];
  const results = new Map(messages.filter((m) => m.role === 'tool').map((m) => [m.tool_call_id, m.content ?? '']));
  return messages.flatMap((m) =>
    (m.tool_calls ?? []).map((c) => ({ name: c.function.name, args: JSON.parse(c.function.arguments || '{}'), result: results.get(c.id) ?? '' })),
  );
}

function scriptedModel(tasks: BenchTask[], plan: () => unknown[]) {
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const task = (id: string | undefined) => {
    const t = id ? byId.get(id) : undefined;
    if (!t) throw new Error(`the scripted model does not know task ${id}`);
    return t;
  };
  return (req: RecordedRequest): ScriptedReply => {
    const forced: string | undefined = req.body.tool_choice?.function?.name;
    const text = textOf(req);
    if (forced === 'assess_task') {
      const t = task(/Judge task (\S+) now/.exec(text)?.[1]);
      return reply.toolCall('assess_task', {
        taskId: t.id,
        detected: t.done,
        confidence: 0.9,
        reasoning: t.done ? `${t.file} exports ${t.symbol} as the task asks${t.test ? ' and its test passes' : ''}.` : `${t.symbol} is not in ${t.file}.`,
      });
    }
    if (forced === 'verify_todo') {
      const id = /call verify_todo with todoId "([^"]+)"/.exec(text)?.[1] ?? 'task';
      return reply.toolCall('verify_todo', { todoId: id, approved: true, feedback: id === 'task' ? 'Every task is done.' : 'Done as the task asks.', confidence: 0.9 });
    }
    const current = /## CURRENT TODO (\S+) /.exec(text)?.[1];
    if (!current) {
      if (/Write the plan now with todo_write/.test(text)) return reply.toolCall('todo_write', { todos: plan() });
      throw new Error(`the scripted model cannot tell what request #${req.index} asks`);
    }
    const t = task(current);
    const h = history(req);
    const called = (name: string, path?: string) => h.some((c) => c.name === name && (path === undefined || c.args.path === path));
    const read = h.find((c) => c.name === 'read_file' && c.args.path === t.file);
    if (!read) return reply.toolCall('read_file', { path: t.file });
    const there = !read.result.startsWith('Error') && read.result.includes(t.symbol);
    if (!there) {
      const impl = implementation(t);
      if (t.extends && !called('edit_file', t.file)) return reply.toolCall('edit_file', { path: t.file, edits: [extension(t)] });
      if (!t.extends && !called('write_file', t.file)) return reply.toolCall('write_file', { path: t.file, content: impl.content });
      if (t.testFile && impl.test && !called('write_file', t.testFile)) return reply.toolCall('write_file', { path: t.testFile, content: impl.test });
    }
    if (t.test && !called('run_command')) return reply.toolCall('run_command', { command: t.test });
    return reply.toolCall('update_todo', {
      id: t.id,
      status: 'done',
      result: there ? `${t.file} already exports ${t.symbol}${t.test ? `; \`${t.test}\` passes` : ''}.` : `${t.extends ? 'Added' : 'Wrote'} ${t.symbol} in ${t.file}${t.test ? `; \`${t.test}\` passes` : ''}.`,
    });
  };
}

// ---------------------------------------------------------------------------------------------- one session

interface TaskRow {
  id: string;
  /** How the decision engine settled it: model / checks (quick checks said not done) / heuristic (score) / none. */
  by: string;
  judgedDone: boolean;
  ran: boolean;
  confidence: number | null;
  decisionMs: number;
  decisionModelMs: number;
  decisionPrompt: number;
  decisionCompletion: number;
  execPrompt: number;
  execCompletion: number;
  execCalls: number;
}

interface RunResult {
  mode: Mode;
  /** specs.run / agent.start → session_completed. */
  wallMs: number;
  /** Event log time of the assess step (status assess → status execute), for comparison with durationMs. */
  assessSpanMs: number;
  tasks: TaskRow[];
  /** Session-level calls: the final check, and the plan of a typed session. */
  finalPrompt: number;
  finalCompletion: number;
  planPrompt: number;
  planCompletion: number;
  modelCalls: number;
  /** Tool definitions sent with the calls, in tokens (about 4 characters each): not in the scripted usage. */
  toolDefTokens: { assess: number; other: number };
  /** The test commands the execute loop ran (run_command, through the pty), in ms. */
  runCommandMs: number[];
}

const SETTINGS: Record<Exclude<Mode, 'typed'>, Record<string, unknown>> = {
  model: {},
  heuristic: { assess: 'heuristic' },
  baseline: { skipConfidence: 1 },
};

async function session(mode: Mode): Promise<RunResult> {
  const ws = specWorkspace();
  const spec = mode === 'typed' ? {} : SETTINGS[mode];
  const kit: AgentKit = await startAgentKit({
    files: ws.files,
    settings: { agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: true } }, spec } },
  });
  try {
    // The typed session's plan: the same 30 tasks, worded as spec sessions word their TODOs.
    const plan = () => leafTasks(parseTasks(ws.files[TASKS_PATH]).tasks).map(todoOfTask).map(({ id, description, expectedResult }) => ({ id, description, expectedResult }));
    const model = scriptedModel(ws.tasks, plan);
    // The script re-enqueues itself: the server always has one reply function waiting, which decides from the request.
    const script: ReplyScript = (req) => {
      kit.server.enqueue(script);
      return model(req);
    };
    kit.server.enqueue(script);
    const stamps: { at: number; event: AgentEvent }[] = [];
    let ended: number | null = null;
    kit.core.bus.on('agent.onEvent', (e) => {
      const at = performance.now();
      stamps.push({ at, event: e });
      if (e.type === 'session_completed' || e.type === 'session_failed' || e.type === 'session_stopped') ended ??= at;
    });
    const t0 = performance.now();
    if (mode === 'typed') await kit.call('agent.start', { task: `Implement every task of the spec ${TASKS_PATH} (${ws.tasks.length} tasks).` });
    else await kit.call('specs.run', { tasksPath: TASKS_PATH });
    // One poll for any end (a losing waitForEvent would reject later, in another session).
    const end = await waitFor(
      () => kit.events.find((e) => e.type === 'session_completed' || e.type === 'session_failed' || (e.type === 'status_changed' && e.status === 'paused')),
      'the end of the session',
      600_000,
    );
    if (end.type !== 'session_completed') throw new Error(`${mode}: the session ended ${end.type === 'session_failed' ? `failed: ${end.reason}` : `paused: ${end.type === 'status_changed' ? end.reason : ''}`}`);
    const wallMs = (ended ?? performance.now()) - t0;
    if (kit.server.errors.length) throw new Error(`${mode}: the scripted model failed: ${kit.server.errors.map((e) => e.message).join('; ')}`);
    if (mode !== 'typed') {
      const after = await readFile(join(kit.root, TASKS_PATH), 'utf8');
      if (/- \[ \]/.test(after)) throw new Error(`${mode}: tasks.md still has open boxes`);
    }

    const calls = kit.ofType('model_call');
    const assessed = new Map(kit.ofType('task_assessed').map((a) => [a.todoId, a]));
    const rows: TaskRow[] = ws.tasks.map((t) => {
      const a = assessed.get(t.id);
      const mine = calls.filter((c) => c.todoId === t.id);
      const sum = (phases: string[], k: 'promptTokens' | 'completionTokens') => mine.filter((c) => phases.includes(c.phase)).reduce((n, c) => n + (c.usage?.[k] ?? 0), 0);
      const exec = mine.filter((c) => c.phase === 'execute' || c.phase === 'verify');
      return {
        id: t.id,
        by: !a ? 'none' : a.provider === 'model' ? 'model' : a.reasoning.startsWith('The quick checks show it is not done') ? 'checks' : 'heuristic',
        judgedDone: a?.judgedDone ?? false,
        ran: exec.length > 0,
        confidence: a ? a.confidence : null,
        decisionMs: a?.durationMs ?? 0,
        decisionModelMs: mine.filter((c) => c.phase === 'assess').reduce((n, c) => n + c.latencyMs, 0),
        decisionPrompt: sum(['assess'], 'promptTokens'),
        decisionCompletion: sum(['assess'], 'completionTokens'),
        execPrompt: sum(['execute', 'verify'], 'promptTokens'),
        execCompletion: sum(['execute', 'verify'], 'completionTokens'),
        execCalls: exec.length,
      };
    });
    const session = (phase: string, k: 'promptTokens' | 'completionTokens') => calls.filter((c) => c.phase === phase && !c.todoId).reduce((n, c) => n + (c.usage?.[k] ?? 0), 0);
    // The assess step as the event log sees it: from "status assess" to the next status change.
    let assessSpanMs = 0;
    stamps.forEach((s, i) => {
      if (s.event.type !== 'status_changed' || s.event.phase !== 'assess') return;
      const next = stamps.slice(i + 1).find((x) => x.event.type === 'status_changed');
      if (next) assessSpanMs += next.at - s.at;
    });
    const defTokens = (r: RecordedRequest) => Math.ceil(JSON.stringify(r.body.tools ?? []).length / 4);
    const chats = kit.server.chatRequests();
    const isAssess = (r: RecordedRequest) => r.body.tool_choice?.function?.name === 'assess_task';
    return {
      mode,
      wallMs,
      assessSpanMs,
      tasks: rows,
      finalPrompt: session('final_check', 'promptTokens'),
      finalCompletion: session('final_check', 'completionTokens'),
      planPrompt: session('plan', 'promptTokens'),
      planCompletion: session('plan', 'completionTokens'),
      modelCalls: calls.length,
      toolDefTokens: {
        assess: chats.filter(isAssess).reduce((n, r) => n + defTokens(r), 0),
        other: chats.filter((r) => !isAssess(r)).reduce((n, r) => n + defTokens(r), 0),
      },
      runCommandMs: kit.ofType('tool_call_finished').filter((e) => e.tool === 'run_command' && !e.isError).map((e) => e.durationMs ?? 0),
    };
  } finally {
    await kit.close();
  }
}

// ---------------------------------------------------------------------------------------------- totals

interface Totals {
  wallMs: number;
  /** Wall time without the decision engine's own time (the baseline: the task runs alone). */
  wallNetMs: number;
  decisionMs: number;
  decisionModelMs: number;
  assessSpanMs: number;
  assessed: number;
  modelAssessed: number;
  decisionPrompt: number;
  decisionCompletion: number;
  execPrompt: number;
  execCompletion: number;
  sessionPrompt: number;
  sessionCompletion: number;
  /** Everything the model was sent and answered, decision engine included. */
  totalTokens: number;
  /** The same without the decision engine's tokens (the baseline's comparable figure). */
  totalNetTokens: number;
  judgedDone: number;
  ran: number;
  /** Against the workspace's truth: done tasks that ran anyway, open tasks judged done. */
  doneButRun: number;
  openButSkipped: number;
  modelCalls: number;
  toolDefAssess: number;
  toolDefOther: number;
}

const truth = new Map(specWorkspace().tasks.map((t) => [t.id, t.done]));

function totals(r: RunResult): Totals {
  const s = (k: keyof TaskRow) => r.tasks.reduce((n, t) => n + (t[k] as number), 0);
  const decisionTokens = s('decisionPrompt') + s('decisionCompletion');
  const totalTokens = decisionTokens + s('execPrompt') + s('execCompletion') + r.finalPrompt + r.finalCompletion + r.planPrompt + r.planCompletion;
  return {
    wallMs: r.wallMs,
    wallNetMs: r.wallMs - s('decisionMs'),
    decisionMs: s('decisionMs'),
    decisionModelMs: s('decisionModelMs'),
    assessSpanMs: r.assessSpanMs,
    assessed: r.tasks.filter((t) => t.by !== 'none').length,
    modelAssessed: r.tasks.filter((t) => t.by === 'model').length,
    decisionPrompt: s('decisionPrompt'),
    decisionCompletion: s('decisionCompletion'),
    execPrompt: s('execPrompt'),
    execCompletion: s('execCompletion'),
    sessionPrompt: r.finalPrompt + r.planPrompt,
    sessionCompletion: r.finalCompletion + r.planCompletion,
    totalTokens,
    totalNetTokens: totalTokens - decisionTokens,
    judgedDone: r.tasks.filter((t) => t.judgedDone).length,
    ran: r.tasks.filter((t) => t.ran).length,
    doneButRun: r.tasks.filter((t) => t.ran && truth.get(t.id)).length,
    openButSkipped: r.tasks.filter((t) => t.judgedDone && !truth.get(t.id)).length,
    modelCalls: r.modelCalls,
    toolDefAssess: r.toolDefTokens.assess,
    toolDefOther: r.toolDefTokens.other,
  };
}

function medianOf<T extends object>(items: T[]): { [K in keyof T]: number } {
  const out = {} as Record<string, number>;
  for (const k of Object.keys(items[0])) out[k] = median(items.map((x) => (x as Record<string, number>)[k]));
  return out as { [K in keyof T]: number };
}

function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

// ---------------------------------------------------------------------------------------------- where the time goes

/**
 * The quick checks outside a session, per kind of task, on a fresh copy of the workspace: the file and symbol
 * checks alone (no command), the task's test command alone (execFile, no pty, no shell), and the whole check
 * with that bare command. What the sessions' decision time adds on top is the pty, the evidence and file list
 * of the model prompt, the model call and the event log.
 */
type Kinds = Map<string, { refs: number[]; command: number[]; whole: number[] }>;
const kindOf = (t: BenchTask) => `${t.done ? 'done' : t.extends ? 'open(+fn)' : 'open'}${t.test ? ', names a test' : ''}`;

async function checksBreakdown(kinds: Kinds): Promise<void> {
  const ws = specWorkspace();
  const dir = await tempDir('akira-bench-specs-');
  try {
    await writeTree(dir.dir, ws.files);
    const spec = leafTasks(parseTasks(ws.files[TASKS_PATH]).tasks);
    const run = promisify(execFile);
    const bare = async (command: string) => {
      const [bin, ...args] = command.split(' ');
      try {
        const r = await run(bin === 'node' ? process.execPath : bin, args, { cwd: dir.dir });
        return { exitCode: 0, output: r.stdout + r.stderr };
      } catch (err) {
        return { exitCode: (err as { code?: number }).code ?? 1, output: String(err) };
      }
    };
    for (const t of ws.tasks) {
      const task = spec.find((x) => x.id === t.id)!;
      const kind = kindOf(t);
      const k = kinds.get(kind) ?? { refs: [], command: [], whole: [] };
      kinds.set(kind, k);
      const refs = extractTaskReferences(task);
      let t0 = performance.now();
      await checkTaskReferences({ root: dir.dir, refs });
      k.refs.push(performance.now() - t0);
      if (t.test && t.done) {
        t0 = performance.now();
        await bare(t.test);
        k.command.push(performance.now() - t0);
      }
      t0 = performance.now();
      await checkTaskReferences({ root: dir.dir, refs, runCommand: bare });
      k.whole.push(performance.now() - t0);
    }
  } finally {
    await dir.cleanup();
  }
}

// ---------------------------------------------------------------------------------------------- the run

it('specs: the decision engine on a 30-task spec with 20 tasks done, against running every task', async () => {
  const ws = specWorkspace();
  log(`\nbench:specs — ${ws.tasks.length} leaf tasks (${ws.tasks.filter((t) => t.done).length} already implemented, boxes open), ${REPEATS} rounds, node ${process.version}`);
  log('warm-up session (model mode, not counted)…');
  await session('model');

  const runs: Record<Mode, RunResult[]> = { model: [], heuristic: [], baseline: [], typed: [] };
  const kinds: Kinds = new Map();
  for (let round = 0; round < REPEATS; round++) {
    await checksBreakdown(kinds);
    const order = MODES.map((_, i) => MODES[(i + round) % MODES.length]);
    for (const mode of order) {
      const r = await session(mode);
      runs[mode].push(r);
      const t = totals(r);
      log(`  round ${round + 1} ${mode.padEnd(9)} wall ${r0(t.wallMs)} ms · decision ${r0(t.decisionMs)} ms · tokens ${t.totalTokens} · judged done ${t.judgedDone} · ran ${t.ran}`);
    }
  }
  const med = Object.fromEntries(MODES.map((m) => [m, medianOf(runs[m].map(totals))])) as Record<Mode, Totals>;

  // Per task: medians over the rounds.
  const perTask = (mode: Mode, id: string) => {
    const rows = runs[mode].map((r) => r.tasks.find((t) => t.id === id)!);
    const first = rows[0];
    return {
      by: first.by,
      judgedDone: first.judgedDone,
      confidence: first.confidence,
      decisionMs: median(rows.map((x) => x.decisionMs)),
      decisionTokens: median(rows.map((x) => x.decisionPrompt + x.decisionCompletion)),
      execTokens: median(rows.map((x) => x.execPrompt + x.execCompletion)),
    };
  };
  const how = (p: ReturnType<typeof perTask>) =>
    p.by === 'none' ? 'run' : `${p.by === 'checks' ? 'checks:open' : p.by === 'model' ? 'model' : `score ${r2(p.confidence ?? 0)}`} → ${p.judgedDone ? 'skip' : 'run'}`;
  log('\nPer task (medians; tokens = prompt + completion; dec = decision engine: task_assessed.durationMs, assess-phase tokens; exec = execute + verify calls)');
  log(
    table(
      ['task', 'state', 'test', 'model: how', 'dec ms', 'dec tok', 'exec tok', 'heuristic: how', 'dec ms', 'exec tok', 'baseline exec tok', 'typed exec tok'],
      ws.tasks.map((t) => {
        const m = perTask('model', t.id);
        const h = perTask('heuristic', t.id);
        const b = perTask('baseline', t.id);
        const ty = perTask('typed', t.id);
        return [t.id, t.done ? 'done' : t.extends ? 'open(+fn)' : 'open', t.test ? 'yes' : '', how(m), r0(m.decisionMs), m.decisionTokens, m.execTokens, how(h), r0(h.decisionMs), h.execTokens, b.execTokens, ty.execTokens];
      }),
    ),
  );

  const b = med.baseline;
  const ty = med.typed;
  const wallOf = (m: Mode) => (m === 'baseline' ? med[m].wallNetMs : med[m].wallMs);
  const tokOf = (m: Mode) => (m === 'baseline' ? med[m].totalNetTokens : med[m].totalTokens);
  const defsOf = (m: Mode) => med[m].toolDefOther + (m === 'baseline' ? 0 : med[m].toolDefAssess);
  log('\nTotals per session (medians of the rounds)');
  log(
    table(
      ['', 'model', 'heuristic', 'baseline (run all)', 'typed (run all)'],
      [
        ['wall time, whole session (ms)', ...MODES.map((m) => r0(wallOf(m)))],
        ['  ratio to the baseline / to typed', ...MODES.map((m) => `${r2(wallOf(m) / b.wallNetMs)} / ${r2(wallOf(m) / ty.wallMs)}`)],
        ['tasks judged done / run', ...MODES.map((m) => `${med[m].judgedDone} / ${med[m].ran}`)],
        ['model calls', ...MODES.map((m) => med[m].modelCalls - (m === 'baseline' ? med[m].modelAssessed : 0))],
        ['decision engine time (ms)', r0(med.model.decisionMs), r0(med.heuristic.decisionMs), `(${r0(b.decisionMs)} subtracted)`, '0'],
        ['  of which the assess model calls (ms)', r0(med.model.decisionModelMs), r0(med.heuristic.decisionModelMs), `(${r0(b.decisionModelMs)})`, '0'],
        ['  assess steps in the event log (ms)', r0(med.model.assessSpanMs), r0(med.heuristic.assessSpanMs), `(${r0(b.assessSpanMs)})`, '0'],
        ['decision engine tokens (prompt / completion)', `${med.model.decisionPrompt} / ${med.model.decisionCompletion}`, `${med.heuristic.decisionPrompt} / ${med.heuristic.decisionCompletion}`, `(${b.decisionPrompt} / ${b.decisionCompletion} subtracted)`, '0'],
        ['execute + verify tokens (prompt / completion)', ...MODES.map((m) => `${med[m].execPrompt} / ${med[m].execCompletion}`)],
        ['final check + plan tokens (prompt / completion)', ...MODES.map((m) => `${med[m].sessionPrompt} / ${med[m].sessionCompletion}`)],
        ['total tokens', ...MODES.map((m) => tokOf(m))],
        ['  ratio to the baseline / to typed', ...MODES.map((m) => `${r2(tokOf(m) / tokOf('baseline'))} / ${r2(tokOf(m) / tokOf('typed'))}`)],
        ['  decision engine share of the total', `${r1((100 * (med.model.decisionPrompt + med.model.decisionCompletion)) / med.model.totalTokens)} %`, `${r1((100 * (med.heuristic.decisionPrompt + med.heuristic.decisionCompletion)) / med.heuristic.totalTokens)} %`, '', ''],
        ['tool definitions sent, not in usage (tokens)', ...MODES.map((m) => defsOf(m))],
        ['total tokens with the tool definitions', ...MODES.map((m) => tokOf(m) + defsOf(m))],
        ['  ratio to the baseline / to typed', ...MODES.map((m) => `${r2((tokOf(m) + defsOf(m)) / (tokOf('baseline') + defsOf('baseline')))} / ${r2((tokOf(m) + defsOf(m)) / (tokOf('typed') + defsOf('typed')))}`)],
      ],
    ),
  );

  const per = (m: Totals, k: 'decisionMs' | 'decisionModelMs') => m[k] / Math.max(1, m.assessed);
  const decTok = (m: Totals) => m.decisionPrompt + m.decisionCompletion;
  log('\nDecision engine per task, heuristic-only vs model (medians)');
  log(
    table(
      ['', 'model', 'heuristic'],
      [
        ['tasks assessed / by the model / settled by the quick checks', `${med.model.assessed} / ${med.model.modelAssessed} / ${med.model.assessed - med.model.modelAssessed}`, `${med.heuristic.assessed} / 0 / ${med.heuristic.assessed}`],
        ['time per assessed task (ms)', r1(per(med.model, 'decisionMs')), r1(per(med.heuristic, 'decisionMs'))],
        ['  quick checks + evidence, per task (ms)', r1((med.model.decisionMs - med.model.decisionModelMs) / med.model.assessed), r1(per(med.heuristic, 'decisionMs'))],
        ['time per model-assessed task (ms)', r1(med.model.decisionMs / Math.max(1, med.model.modelAssessed)), '—'],
        ['tokens per assessed task', r0(decTok(med.model) / med.model.assessed), r0(decTok(med.heuristic) / med.heuristic.assessed)],
        ['tokens per model assess call (prompt / completion)', `${r0(med.model.decisionPrompt / Math.max(1, med.model.modelAssessed))} / ${r0(med.model.decisionCompletion / Math.max(1, med.model.modelAssessed))}`, '—'],
        ['execute + verify tokens per task that ran (baseline)', r0((b.execPrompt + b.execCompletion) / b.ran), ''],
        ['done tasks run anyway / open tasks skipped', `${med.model.doneButRun} / ${med.model.openButSkipped}`, `${med.heuristic.doneButRun} / ${med.heuristic.openButSkipped}`],
      ],
    ),
  );
  const inSession = (kind: string, mode: Mode) => {
    const ids = ws.tasks.filter((t) => kindOf(t) === kind).map((t) => t.id);
    return median(runs[mode].flatMap((r) => r.tasks.filter((t) => ids.includes(t.id)).map((t) => t.decisionMs)));
  };
  const ptyMs = median(MODES.flatMap((m) => runs[m].flatMap((r) => r.runCommandMs)));
  log('\nWhere the decision time goes, per kind of task (medians, ms): the quick checks outside a session (bare execFile, interleaved with');
  log(`the rounds) vs the decision time in the sessions. A test command through the pty (run_command in the sessions) takes ${r0(ptyMs)} ms.`);
  log(
    table(
      ['kind of task', 'tasks', 'files+symbols', 'test cmd alone', 'checks (bare cmd)', 'in session: model', 'in session: heuristic'],
      [...kinds].map(([kind, k]) => [
        kind,
        ws.tasks.filter((t) => kindOf(t) === kind).length,
        r1(median(k.refs)),
        k.command.length ? r1(median(k.command)) : '—',
        r1(median(k.whole)),
        r0(inSession(kind, 'model')),
        r0(inSession(kind, 'heuristic')),
      ]),
    ),
  );
  log(
    [
      '',
      'Notes',
      '- The scripted server answers at once, so model latency here is near zero: the time columns are Akira\'s own',
      '  work (quick checks, pty commands, checkpoints, event log). Tokens are what a real model bills, and its',
      '  latency grows with them; read the token ratios as the real-model time ratios.',
      '- Tokens are the server\'s usage figures: about 4 characters per token of the messages. Tool definitions',
      '  (the last row) are sent with every call but not counted there, as by most real providers they are.',
      '- baseline: the same spec session that cannot skip (agent.spec.skipConfidence 1); its assessment\'s own time',
      '  and tokens are subtracted. typed: a typed-task session planning the same 30 tasks (no spec prompt).',
      '- A done task that runs costs the least a model can do (read the file, run its test, update_todo, verify):',
      '  the savings shown are a lower bound.',
    ].join('\n'),
  );
});
