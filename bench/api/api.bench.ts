// HTTP API benchmark (issue 12). Run: npm run bench:api   (BENCH_FLOOD_MB=50, BENCH_ROUNDS=2, BENCH_READERS=20)
// A real core and `akira serve`'s server in this process (headless); the readers in a child process
// (bench/api/readers.mjs) so their parsing does not share the server's event loop. A terminal created through
// the API floods (`yes … | head -c N`); each reader counts that terminal's terminal.onData events and their
// characters until the end marker, and reader 0 acks as a client must (terminal.ack every 64K characters).
// Per round, alternated: the WebSocket face with one client (the baseline), GET /api/events with one reader,
// and with 20 readers. Reported: events/s and MB/s per reader (characters of terminal output; wire MB/s too),
// the server's CPU time, cut-off readers, and the ratios to the WebSocket baseline. Medians over the rounds.
// The terminal's own pace (64K-character events every few ms, acked) bounds that flood, so a second part
// measures the stream's own capacity: a burst of small events (BENCH_BURST_EVENTS=100000 of ~100 characters)
// emitted on the core's bus back to back, read by the same readers (a replay buffer large enough to hold the
// burst, so no reader is cut off: the rate is what the readers sustain while draining it).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { it } from 'vitest';
import { createCore } from '../../src/main/core/createCore';
import type { EventBus } from '../../src/main/core/eventBus';
import { startServer, type RunningServer } from '../../src/main/server/httpServer';
import { TEST_SHELL } from '../../src/testing/ptyKit';
import { tempDir } from '../../src/testing/tempTree';

const FLOOD_MB = Number(process.env.BENCH_FLOOD_MB ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const MANY = Number(process.env.BENCH_READERS ?? 20);
const BURST_EVENTS = Number(process.env.BENCH_BURST_EVENTS ?? 100_000);
const BURST_ID = 'bench-burst';
const MARKER = 'FLOOD_42_DONE';
const log = (...a: unknown[]) => process.stdout.write(`${a.join(' ')}\n`);
const r1 = (x: number) => Math.round(x * 10) / 10;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

interface ReaderResult {
  index: number;
  events: number;
  chars: number;
  wireBytes: number;
  firstAt: number;
  doneAt: number;
  overflow: boolean;
  gap: boolean;
  closed: boolean;
}

interface RunResult {
  config: string;
  readers: ReaderResult[];
  readerCpuMs: number;
  serverCpuMs: number;
  wallMs: number;
}

async function api(server: RunningServer, command: string, params: unknown): Promise<any> {
  const res = await fetch(`${server.origin}/api/${command}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(params),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`${command}: ${res.status} ${JSON.stringify(body)}`);
  return body.result;
}

/** Starts the readers' process, runs `produce` once they are connected, and collects their counts. */
async function measure(
  server: RunningServer,
  mode: 'ws' | 'sse',
  count: number,
  terminalId: string,
  ack: boolean,
  produce: () => Promise<void>,
): Promise<RunResult> {
  const child = spawn(
    process.execPath,
    [resolve(__dirname, 'readers.mjs'), JSON.stringify({ mode, count, origin: server.origin, token: server.token, terminalId, marker: MARKER, ack })],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.setEncoding('utf8');
  const ready = new Promise<void>((done) => child.stdout.on('data', (c: string) => ((out += c), out.includes('READY\n') && done())));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  await ready;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await produce();
  await exited;
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const report = JSON.parse(out.slice(out.indexOf('READY\n') + 6).trim());
  return { config: `${mode} x${count}`, readers: report.readers, readerCpuMs: report.cpuMs, serverCpuMs: (cpu.user + cpu.system) / 1000, wallMs };
}

async function flood(server: RunningServer, mode: 'ws' | 'sse', count: number): Promise<RunResult> {
  const { terminalId } = await api(server, 'terminal.create', { cols: 200, rows: 50 });
  const bytes = FLOOD_MB * 1_000_000;
  const line = 'akira flood 0123456789 abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const run = await measure(server, mode, count, terminalId, true, () =>
    api(server, 'terminal.write', { terminalId, data: `yes '${line}' | head -c ${bytes}; echo FLOOD_$((40+2))_DONE\r` }),
  );
  await api(server, 'terminal.kill', { terminalId });
  return run;
}

/** BURST_EVENTS small terminal.onData events emitted on the bus back to back (yielding to I/O every 200). */
async function burst(server: RunningServer, bus: EventBusLike, mode: 'ws' | 'sse', count: number): Promise<RunResult> {
  return measure(server, mode, count, BURST_ID, false, async () => {
    const line = 'burst event 0123456789 abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789 abcdefghij\r\n';
    for (let i = 0; i < BURST_EVENTS; i++) {
      bus.emit('terminal.onData', { terminalId: BURST_ID, data: i === BURST_EVENTS - 1 ? `${MARKER}\r\n` : line });
      if (i % 200 === 199) await new Promise((r) => setImmediate(r));
    }
  });
}

type EventBusLike = Pick<EventBus, 'emit'>;

function summarise(run: RunResult, expectedChars: number) {
  const per = run.readers.map((r) => {
    const s = Math.max(1, r.doneAt - r.firstAt) / 1000;
    return { eventsPerS: r.events / s, mbPerS: r.chars / 1e6 / s, wireMbPerS: r.wireBytes / 1e6 / s, events: r.events, chars: r.chars, cut: r.overflow || (r.closed && r.chars < expectedChars) };
  });
  const complete = per.filter((p) => !p.cut);
  return {
    config: run.config,
    readers: per.length,
    cutOff: per.length - complete.length,
    eventsPerReader: median(per.map((p) => p.events)),
    eventsPerS: median(complete.map((p) => p.eventsPerS)),
    mbPerS: median(complete.map((p) => p.mbPerS)),
    minMbPerS: Math.min(...complete.map((p) => p.mbPerS)),
    wireMbPerS: median(complete.map((p) => p.wireMbPerS)),
    totalMbPerS: complete.reduce((sum, p) => sum + p.mbPerS, 0),
    serverCpuMs: run.serverCpuMs,
    readerCpuMs: run.readerCpuMs,
    wallMs: run.wallMs,
  };
}

function medians(rows: ReturnType<typeof summarise>[][]) {
  return rows.map((runs) => ({
    config: runs[0].config,
    eventsPerS: median(runs.map((r) => r.eventsPerS)),
    mbPerS: median(runs.map((r) => r.mbPerS)),
    minMbPerS: median(runs.map((r) => r.minMbPerS)),
    wireMbPerS: median(runs.map((r) => r.wireMbPerS)),
    totalMbPerS: median(runs.map((r) => r.totalMbPerS)),
    eventsPerReader: median(runs.map((r) => r.eventsPerReader)),
    cutOff: Math.max(...runs.map((r) => r.cutOff)),
    serverCpuMs: median(runs.map((r) => r.serverCpuMs)),
    wallMs: median(runs.map((r) => r.wallMs)),
  }));
}

function ratiosOf(med: ReturnType<typeof medians>) {
  const [ws, one, many] = med;
  const ratio = (a: (typeof med)[number], b: (typeof med)[number]) => ({ events: a.eventsPerS / b.eventsPerS, mb: a.mbPerS / b.mbPerS });
  return { sse1VsWs: ratio(one, ws), sseManyVsWs: ratio(many, ws), sseManyVsSse1: ratio(many, one) };
}

function print(title: string, med: ReturnType<typeof medians>, ratios: ReturnType<typeof ratiosOf>): void {
  log(`\n${title}, medians of ${ROUNDS} rounds (MB = 10^6 characters of terminal output per reader):`);
  for (const m of med) {
    log(`  ${m.config.padEnd(8)} ${r1(m.eventsPerS)} events/s, ${r1(m.mbPerS)} MB/s per reader (slowest ${r1(m.minMbPerS)}; all readers ${r1(m.totalMbPerS)} MB/s; wire ${r1(m.wireMbPerS)} MB/s), ${m.eventsPerReader} events each, ${m.cutOff} cut off, server CPU ${Math.round(m.serverCpuMs)} ms, wall ${Math.round(m.wallMs)} ms`);
  }
  log(`  ratios per reader: SSE x1 / WS x1 = ${ratios.sse1VsWs.events.toFixed(2)} (events/s), ${ratios.sse1VsWs.mb.toFixed(2)} (MB/s); SSE x${MANY} / WS x1 = ${ratios.sseManyVsWs.events.toFixed(2)}, ${ratios.sseManyVsWs.mb.toFixed(2)}; SSE x${MANY} / SSE x1 = ${ratios.sseManyVsSse1.events.toFixed(2)}, ${ratios.sseManyVsSse1.mb.toFixed(2)}`);
}

const CONFIGS: ['ws' | 'sse', number][] = [
  ['ws', 1],
  ['sse', 1],
  ['sse', MANY],
];

async function rounds(part: string, expectedChars: number, run: (mode: 'ws' | 'sse', count: number) => Promise<RunResult>) {
  const rows: ReturnType<typeof summarise>[][] = CONFIGS.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, [mode, count]] of CONFIGS.entries()) {
      const row = summarise(await run(mode, count), expectedChars);
      rows[i].push(row);
      log(`${part} round ${round + 1} ${row.config.padEnd(8)} ${r1(row.eventsPerS)} ev/s  ${r1(row.mbPerS)} MB/s per reader (min ${r1(row.minMbPerS)}, wire ${r1(row.wireMbPerS)})  ${row.eventsPerReader} events  cut ${row.cutOff}  server CPU ${Math.round(row.serverCpuMs)} ms  readers CPU ${Math.round(row.readerCpuMs)} ms  wall ${Math.round(row.wallMs)} ms`);
    }
  }
  return rows;
}

it('HTTP API: SSE throughput to 1 and 20 readers during a terminal flood and a burst, vs the WebSocket face', async () => {
  const base = await tempDir('akira-bench-api-');
  const workspace = join(base.dir, 'project');
  await mkdir(workspace);
  execFileSync('git', ['init', '-q'], { cwd: workspace });
  const core = await createCore({
    workspaceRoot: workspace,
    dataDir: join(base.dir, 'data'),
    face: 'test',
    version: '0.0.0-bench',
    watch: false,
    ...(TEST_SHELL ? { shell: TEST_SHELL } : {}),
  });
  const staticDir = join(base.dir, 'no-ui');
  let floodRows: ReturnType<typeof summarise>[][];
  let burstRows: ReturnType<typeof summarise>[][];
  try {
    const server = await startServer({ core, staticDir, headless: true });
    try {
      floodRows = await rounds('flood', FLOOD_MB * 1e6, (mode, count) => flood(server, mode, count));
    } finally {
      await server.close();
    }
    const roomy = await startServer({ core, staticDir, headless: true, api: { replay: { maxEvents: BURST_EVENTS + 1000, maxBytes: 1024 * 1024 * 1024 } } });
    try {
      burstRows = await rounds('burst', 0, (mode, count) => burst(roomy, core.bus, mode, count));
    } finally {
      await roomy.close();
    }
  } finally {
    await core.dispose();
    await base.cleanup();
  }
  const floodMed = medians(floodRows);
  const burstMed = medians(burstRows);
  const floodRatios = ratiosOf(floodMed);
  const burstRatios = ratiosOf(burstMed);
  print(`Terminal flood of ${FLOOD_MB} MB (yes | head -c), acked by reader 0`, floodMed, floodRatios);
  print(`Burst of ${BURST_EVENTS} small events emitted back to back`, burstMed, burstRatios);
  const outDir = resolve(__dirname, '..', '..', 'test-results', 'bench');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    join(outDir, 'api.json'),
    JSON.stringify({ floodMb: FLOOD_MB, burstEvents: BURST_EVENTS, rounds: ROUNDS, readers: MANY, flood: { medians: floodMed, ratios: floodRatios, runs: floodRows }, burst: { medians: burstMed, ratios: burstRatios, runs: burstRows } }, null, 2),
  );
});
