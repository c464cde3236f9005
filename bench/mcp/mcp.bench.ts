// MCP benchmark (issue 12). Run: npm run bench:mcp   (BENCH_CALLS=60 by default)
// The added latency of an MCP tool call over a direct tool call, in the same run:
// 1. in a real session against the local test server: BENCH_CALLS calls of mcp__notes__echo (the SDK-written stdio
//    fixture server, auto-approved) alternated with as many read_file calls of a small file; per kind the median and
//    p95 of tool_call_finished.durationMs (the whole dispatch: policy, gate, call, result, log) and the difference;
// 2. the bare calls: hub.call (JSON-RPC over the child's stdio) against the registry's read_file, same counts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { it } from 'vitest';
import { createCore } from '../../src/main/core/createCore';
import { createMcpApprovals } from '../../src/main/core/mcp/mcpApprovals';
import { createMcpHub } from '../../src/main/core/mcp/mcpHub';
import { createToolRegistry } from '../../src/main/core/agent/tools';
import { startOpenAiTestServer, reply } from '../../src/testing/openaiTestServer';

const CALLS = Math.min(95, Number(process.env.BENCH_CALLS ?? 60)); // two calls per item within maxToolLoopsPerTodo (200)
const STDIO = fileURLToPath(new URL('../../src/testing/mcp/stdioServer.mjs', import.meta.url));
const log = (...a: unknown[]) => process.stdout.write(`${a.join(' ')}\n`);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const ms = (x: number) => `${x.toFixed(2)} ms`;

it('MCP tool calls against direct tool calls', async () => {
  const ws = mkdtempSync(join(tmpdir(), 'akira-bench-mcp-ws-'));
  const data = mkdtempSync(join(tmpdir(), 'akira-bench-mcp-data-'));
  writeFileSync(join(ws, 'small.txt'), 'hello\n');
  const servers = { mcpServers: { notes: { command: process.execPath, args: [STDIO] } } };
  writeFileSync(join(data, 'settings.json'), JSON.stringify({ ...servers, agent: { mode: 'autonomous', policy: { autoApprove: { mcp: true, read: true }, limits: { maxToolLoopsPerTodo: 200 } } } }));
  const model = await startOpenAiTestServer();
  const core = await createCore({ workspaceRoot: ws, dataDir: data, face: 'test', version: 'bench', watch: false, agent: { env: { OPENAI_BASE_URL: model.baseURL, AKIRA_MODEL: 'bench' } } });
  try {
    model.enqueue(reply.toolCall('todo_write', { todos: [{ id: 'a', description: 'call tools', expectedResult: 'called' }] }));
    for (let i = 0; i < CALLS; i++) {
      model.enqueue(reply.toolCall('mcp__notes__echo', { text: `call ${i}` }), reply.toolCall('read_file', { path: 'small.txt' }));
    }
    model.enqueue(
      reply.toolCall('update_todo', { id: 'a', status: 'done', result: 'done' }),
      reply.toolCall('verify_todo', { todoId: 'a', approved: true, feedback: 'ok', confidence: 1 }),
      reply.toolCall('verify_todo', { todoId: 'task', approved: true, feedback: 'ok', confidence: 1 }),
    );
    const durations: Record<string, number[]> = { mcp__notes__echo: [], read_file: [] };
    const done = new Promise<void>((resolve) =>
      core.bus.on('agent.onEvent', (e) => {
        const ev = e as { type: string; tool?: string; durationMs?: number };
        if (ev.type === 'tool_call_finished' && ev.tool && durations[ev.tool] && ev.durationMs !== undefined) durations[ev.tool].push(ev.durationMs);
        if (ev.type === 'session_completed' || ev.type === 'status_changed' && (e as { status?: string }).status === 'paused') resolve();
      }),
    );
    const started = await core.router.handle('agent.start', { task: 'call the tools' }, { face: 'test' });
    if ('error' in started) throw new Error(started.error.message);
    await done;
    const mcp = durations.mcp__notes__echo;
    const direct = durations.read_file;
    log(`in a session (${mcp.length} + ${direct.length} calls, tool_call_finished.durationMs):`);
    log(`  mcp__notes__echo  median ${ms(pct(mcp, 0.5))}  p95 ${ms(pct(mcp, 0.95))}`);
    log(`  read_file         median ${ms(pct(direct, 0.5))}  p95 ${ms(pct(direct, 0.95))}`);
    log(`  added by MCP: ${ms(pct(mcp, 0.5) - pct(direct, 0.5))} at the median (${(pct(mcp, 0.5) / pct(direct, 0.5)).toFixed(2)}×)`);
  } finally {
    await core.dispose();
    await model.close();
  }

  // The bare calls, without the session around them.
  const hub = createMcpHub({ root: ws, dataDir: data, approvals: createMcpApprovals(data) });
  await hub.start();
  await hub.settled();
  const registry = createToolRegistry();
  const bare: Record<'mcp' | 'direct', number[]> = { mcp: [], direct: [] };
  for (let i = 0; i < CALLS; i++) {
    let t = performance.now();
    await hub.call('mcp__notes__echo', { text: `bare ${i}` });
    bare.mcp.push(performance.now() - t);
    t = performance.now();
    await registry.execute('read_file', { path: 'small.txt' }, { root: ws });
    bare.direct.push(performance.now() - t);
  }
  await hub.dispose();
  log(`bare calls (${CALLS} each):`);
  log(`  hub.call (stdio JSON-RPC)  median ${ms(pct(bare.mcp, 0.5))}  p95 ${ms(pct(bare.mcp, 0.95))}`);
  log(`  registry read_file         median ${ms(pct(bare.direct, 0.5))}  p95 ${ms(pct(bare.direct, 0.95))}`);
  log(`  added by MCP: ${ms(pct(bare.mcp, 0.5) - pct(bare.direct, 0.5))} at the median`);
  rmSync(ws, { recursive: true, force: true });
  rmSync(data, { recursive: true, force: true });
});
