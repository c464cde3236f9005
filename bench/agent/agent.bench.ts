// Agent benchmark (issue 4). Run: npm run bench:agent   (BENCH_TODOS=5,20,50 by default)
// A real core in-process with the scripted OpenAI-compatible server over real HTTP (the openai SDK):
//   - prompt tokens per call as sessions grow to 5, 20 and 50 TODOs (the context must stay flat);
//   - orchestrator overhead per step: from a model answer fully sent to the next request arriving,
//     minus the tool's own time, against a baseline of the bare model client doing back-to-back calls
//     with the same messages (SDK + HTTP only) in the same process;
//   - from a tool call's arrival (its answer fully sent) to its result being sent back (the next
//     request arriving) for read_file and edit_file.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { it } from 'vitest';
import { createModelClient } from '../../src/main/core/agent/model';
import { startAgentKit } from '../../src/testing/agentKit';
import { reply, type RecordedRequest } from '../../src/testing/openaiTestServer';

const sizes = (process.env.BENCH_TODOS ?? '5,20,50').split(',').map(Number);
const log = (...a: unknown[]) => process.stdout.write(`${a.join(' ')}\n`);
const r1 = (x: number) => Math.round(x * 10) / 10;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const median = (xs: number[]) => pct(xs, 50);
const tokens = (r: RecordedRequest) => Math.ceil(JSON.stringify(r.body.messages).length / 4);
const gap = (a: RecordedRequest, b: RecordedRequest) => b.receivedAt - (a.answeredAt ?? a.receivedAt);

/** A source file of about `lines` lines for the TODOs to read and edit. */
const source = (i: number, lines = 120) =>
  Array.from({ length: lines }, (_, n) => `export function f${i}_${n}(x: number): number { return x * ${n} + ${i}; }`).join('\n') + '\n';

interface Step {
  tool: string;
  request: RecordedRequest;
  next: RecordedRequest;
}

async function session(todoCount: number) {
  const files: Record<string, string> = { 'README.md': '# bench\n' };
  for (let i = 0; i < todoCount; i++) files[`src/m${i}.ts`] = source(i);
  const kit = await startAgentKit({ files, settings: { agent: { mode: 'autonomous', policy: { limits: { maxFileModificationsPerSession: 10000 } } } } });
  const todos = Array.from({ length: todoCount }, (_, i) => ({
    id: `t${i + 1}`,
    description: `Change f${i}_7 in src/m${i}.ts to add one more, and keep the other functions as they are (${'detail '.repeat(20)})`,
    expectedResult: `src/m${i}.ts has f${i}_7 returning x * 7 + ${i} + 1`,
  }));
  // Which tool each scripted answer calls, by request index (plan first).
  const tools: string[] = ['todo_write'];
  const script = [reply.toolCall('todo_write', { todos })];
  for (let i = 0; i < todoCount; i++) {
    const path = `src/m${i}.ts`;
    script.push(
      reply.toolCall('read_file', { path }),
      reply.toolCall('edit_file', { path, edits: [{ search: `return x * 7 + ${i}; }`, replace: `return x * 7 + ${i} + 1; }` }] }),
      reply.toolCall('update_todo', { id: `t${i + 1}`, status: 'done', result: `edited ${path}` }),
      reply.toolCall('verify_todo', { todoId: `t${i + 1}`, approved: true, feedback: 'The edit is there.', confidence: 0.9 }),
    );
    tools.push('read_file', 'edit_file', 'update_todo', 'verify_todo');
  }
  script.push(reply.toolCall('verify_todo', { todoId: 'task', approved: true, feedback: 'All done.', confidence: 0.9 }));
  tools.push('final');
  kit.server.enqueue(...script);
  const t0 = performance.now();
  await kit.call('agent.start', { task: `Bump ${todoCount} functions by one` });
  await kit.waitForEvent('session_completed', undefined, 600_000);
  const wall = performance.now() - t0;
  kit.server.assertDone();
  const chats = kit.server.chatRequests();
  const toolMs = new Map<string, number>();
  for (const e of kit.ofType('tool_call_finished')) toolMs.set(String(e.callId ?? ''), Number(e.durationMs ?? 0));
  const finished = kit.ofType('tool_call_finished');
  const steps: Step[] = [];
  for (let i = 0; i + 1 < chats.length; i++) steps.push({ tool: tools[i], request: chats[i], next: chats[i + 1] });
  // Tool time per step, in order of the calls (one tool call per scripted answer, verify_todo excluded).
  const toolTimes = finished.map((e) => ({ tool: String(e.tool), ms: Number(e.durationMs ?? 0) }));
  const checkpoints = kit.ofType('checkpoint_taken').length;
  await kit.close();
  return { chats, steps, toolTimes, wall, checkpoints };
}

async function baseline(messagesOf: RecordedRequest[]) {
  const kit = await startAgentKit({});
  const client = createModelClient({ baseURL: kit.server.baseURL, apiKey: 'sk-bench', model: 'test-model', price: null, timeoutMs: 30_000, maxRetries: 0 });
  kit.server.enqueue(...messagesOf.map(() => reply.toolCall('read_file', { path: 'README.md' })));
  for (const r of messagesOf) await client.complete({ messages: r.body.messages });
  const chats = kit.server.chatRequests();
  const gaps = chats.slice(1).map((r, i) => gap(chats[i], r));
  await kit.close();
  return gaps;
}

it('agent: prompt growth, overhead per step, tool round trips', async () => {
  const results: Record<string, unknown> = { date: new Date().toISOString(), node: process.version };
  for (const n of sizes) {
    const s = await session(n);
    const exec = s.steps.filter((x) => x.tool === 'read_file' || x.tool === 'edit_file' || x.tool === 'update_todo');
    const execTokens = exec.map((x) => tokens(x.request));
    // The first execution call of the 1st, the middle and the last TODO.
    const perTodo = (k: number) => tokens(s.steps[1 + (k - 1) * 4].request);
    let toolIndex = 0;
    const overhead: number[] = [];
    const roundTrip: Record<string, number[]> = { read_file: [], edit_file: [] };
    for (const step of s.steps) {
      const g = gap(step.request, step.next);
      if (step.tool === 'read_file' || step.tool === 'edit_file' || step.tool === 'update_todo' || step.tool === 'todo_write') {
        const t = s.toolTimes[toolIndex++]?.ms ?? 0;
        overhead.push(g - t);
        if (step.tool in roundTrip) roundTrip[step.tool].push(g);
      } else overhead.push(g);
    }
    const base = await baseline(s.chats.slice(0, Math.min(s.chats.length, 60)));
    const row = {
      todos: n,
      modelCalls: s.chats.length,
      checkpoints: s.checkpoints,
      wallMs: Math.round(s.wall),
      promptTokens: { first: perTodo(1), middle: perTodo(Math.ceil(n / 2)), last: perTodo(n), maxExecution: Math.max(...execTokens), plan: tokens(s.chats[0]) },
      overheadMs: { median: r1(median(overhead)), p95: r1(pct(overhead, 95)), max: r1(Math.max(...overhead)) },
      baselineGapMs: { median: r1(median(base)), p95: r1(pct(base, 95)) },
      overheadRatio: r1(median(overhead) / Math.max(0.05, median(base))),
      readFileRoundTripMs: { median: r1(median(roundTrip.read_file)), p95: r1(pct(roundTrip.read_file, 95)) },
      editFileRoundTripMs: { median: r1(median(roundTrip.edit_file)), p95: r1(pct(roundTrip.edit_file, 95)) },
    };
    results[`todos${n}`] = row;
    log(JSON.stringify(row));
  }
  const outDir = resolve(__dirname, '..', '..', 'test-results', 'bench');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'agent.json'), JSON.stringify(results, null, 2));
  log(`written to ${join(outDir, 'agent.json')}`);
});
