// Scheduler benchmark (issue 10). Run: npm run bench:agent -- queue   (BENCH_QUEUED=10, BENCH_ROUNDS=3)
// What the queue costs: 10 sessions started at once with maxConcurrentTasks 1, so 9 wait and each starts
// by itself when the one before it ends, against the same 10 sessions run one after another by the caller
// (start, wait for its end, start the next) in the same process. A real core in-process, the scripted
// OpenAI-compatible server over real HTTP; each session is a one-TODO task (plan, execute, verify, final
// check). Reported: wall time of both (medians, alternated), their ratio, the time to queue the sessions, and the
// hand-over gap — from a session's end (session_completed) to the next one's first step — for both ways.
import { it } from 'vitest';
import type { AgentEvent } from '../../src/shared/contract';
import { startAgentKit, type AgentKit } from '../../src/testing/agentKit';
import { reply, type RecordedRequest } from '../../src/testing/openaiTestServer';

const QUEUED = Number(process.env.BENCH_QUEUED ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const log = (...a: unknown[]) => process.stdout.write(`${a.join(' ')}\n`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const r1 = (x: number) => Math.round(x * 10) / 10;

/** One scripted answer for any session's call, by what the call asks. */
function anyCall(req: RecordedRequest) {
  const forced = req.body.tool_choice?.function?.name as string | undefined;
  if (forced === 'todo_write') return reply.toolCall('todo_write', { todos: [{ id: 'a', description: 'Do it', expectedResult: 'done' }] });
  if (forced === 'verify_todo') {
    const final = JSON.stringify(req.body.messages).includes('final check of the WHOLE task');
    return reply.toolCall('verify_todo', { todoId: final ? 'task' : 'a', approved: true, feedback: 'ok', confidence: 0.9 });
  }
  return reply.toolCall('update_todo', { id: 'a', status: 'done' });
}

const settings = { agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: true }, limits: { maxConcurrentTasks: 1 } } } };

/** From each session's end to the next session's first step (its start checkpoint), in ms. */
function handOvers(kit: AgentKit, ids: string[], at: Map<AgentEvent, number>): number[] {
  const out: number[] = [];
  for (let i = 1; i < ids.length; i++) {
    const end = kit.events.find((e) => e.type === 'session_completed' && e.sessionId === ids[i - 1]);
    const first = kit.events.find((e) => e.type === 'checkpoint_taken' && e.sessionId === ids[i]);
    if (end && first) out.push(at.get(first)! - at.get(end)!);
  }
  return out;
}

async function run(way: 'queued' | 'one by one'): Promise<{ ms: number; gaps: number[]; startMs: number }> {
  const kit = await startAgentKit({ settings });
  const at = new Map<AgentEvent, number>();
  kit.core.bus.on('agent.onEvent', (e) => at.set(e, performance.now()));
  kit.server.enqueue(...Array.from({ length: QUEUED * 4 }, () => anyCall));
  const ids: string[] = [];
  const t0 = performance.now();
  let startMs = 0;
  try {
    if (way === 'queued') {
      for (let i = 0; i < QUEUED; i++) ids.push((await kit.call('agent.start', { task: `task ${i}`, whenBusy: 'queue' })).sessionId);
      startMs = performance.now() - t0;
      for (const id of ids) await kit.waitForEvent('session_completed', (e) => e.sessionId === id, 120_000);
    } else {
      for (let i = 0; i < QUEUED; i++) {
        const { sessionId } = await kit.call('agent.start', { task: `task ${i}` });
        ids.push(sessionId);
        await kit.waitForEvent('session_completed', (e) => e.sessionId === sessionId, 120_000);
      }
    }
    return { ms: performance.now() - t0, gaps: handOvers(kit, ids, at), startMs };
  } finally {
    await kit.close();
  }
}

it(`the queue: ${QUEUED} sessions at maxConcurrentTasks 1, queued vs one by one`, async () => {
  await run('one by one'); // warm-up
  const ms: Record<string, number[]> = { queued: [], 'one by one': [] };
  const gaps: Record<string, number[]> = { queued: [], 'one by one': [] };
  const starts: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const way of round % 2 ? (['one by one', 'queued'] as const) : (['queued', 'one by one'] as const)) {
      const r = await run(way);
      ms[way].push(r.ms);
      gaps[way].push(...r.gaps);
      if (way === 'queued') starts.push(r.startMs);
      log(`round ${round + 1} ${way}: ${Math.round(r.ms)} ms, hand-over median ${r1(median(r.gaps))} ms`);
    }
  }
  const q = median(ms.queued);
  const o = median(ms['one by one']);
  log('');
  log(`${QUEUED} sessions, median of ${ROUNDS}: queued ${Math.round(q)} ms, one by one ${Math.round(o)} ms, ratio ${(q / o).toFixed(2)}`);
  log(`queueing ${QUEUED} sessions (the agent.start calls, the first one starting): median ${Math.round(median(starts))} ms, ${r1(median(starts) / QUEUED)} ms per session`);
  log(`hand-over (a session's end → the next one's first step): queued median ${r1(median(gaps.queued))} ms (max ${r1(Math.max(...gaps.queued))}), one by one ${r1(median(gaps['one by one']))} ms (max ${r1(Math.max(...gaps['one by one']))})`);
});
