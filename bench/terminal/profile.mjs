// Where the time of pty → screen goes (issue 16): runs `seq 1 N` (default 1,000,000) in Akira's terminal with
// the core under --cpu-prof and the page under the Chromium trace (devtools.timeline + the V8 sampling profiler),
// then prints the top items of each: self time by function for the core and the page's JS, total time by trace
// event for the page (parse, layout, paint, GC…).
//   node bench/terminal/profile.mjs [lines] [--bare [--webgl]]   (needs a build and Debian chromium; --bare: the same
//   on the bare reference page, with its DOM renderer or --webgl)
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, openTerminal, serveAkira } from './akiraPage.mjs';
import { startBareServer } from './bareServer.mjs';

// AKIRA_ROOT: another checkout's build (e.g. the commit before a change), profiled with this script (akiraPage.mjs).
const bareRun = process.argv.includes('--bare');
const bareRenderer = process.argv.includes('--webgl') ? 'webgl' : 'dom';
const lines = Number(process.argv.filter((a) => !a.startsWith('--'))[2] ?? 1_000_000);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Self time per function of a V8 .cpuprofile, top `n`, as percentages of the samples. */
export function topSelf(profile, n = 12) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const counts = new Map();
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  const self = new Map();
  for (const [id, count] of counts) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + count);
  }
  const total = profile.samples.length;
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, c]) => `${((100 * c) / total).toFixed(1)}% ${k}`);
}

function topTrace(events, n = 12) {
  const sums = new Map();
  for (const e of events) {
    if (e.ph !== 'X' || !e.dur) continue;
    sums.set(e.name, (sums.get(e.name) ?? 0) + e.dur);
  }
  return [...sums].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, us]) => `${(us / 1000).toFixed(0)} ms ${k}`);
}

// Frames on the page's WebSocket while the command runs: output frames in, acks out (watched from before the page
// connects).
const wire = { outputFrames: 0, binaryFrames: 0, acks: 0, counting: false };
function watchWire(page) {
  page.on('websocket', (ws) => {
    ws.on('framereceived', ({ payload }) => {
      if (!wire.counting) return;
      if (typeof payload !== 'string') wire.binaryFrames++;
      if (typeof payload !== 'string' || payload.includes('terminal.onData') || !payload.startsWith('{')) wire.outputFrames++;
    });
    ws.on('framesent', ({ payload }) => {
      if (wire.counting && typeof payload === 'string' && /terminal\.ack|"t":"a"/.test(payload)) wire.acks++;
    });
  });
}

async function profilePage(page, rows) {
  const marker = `PROF-${lines}-END`;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,v8,blink', transferMode: 'ReportEvents' });
  const t0 = Date.now();
  wire.counting = true;
  await page.keyboard.type(`seq 1 ${lines}; echo PROF-$((${lines}))-END\n`);
  await page.waitForFunction(
    ([sel, m]) => {
      if (sel) return document.querySelector(sel)?.textContent.includes(m);
      // The bare page's `term` (WebGL: no rows in the DOM): the last lines of its buffer.
      const buffer = globalThis.eval('term').buffer.active;
      for (let y = Math.max(0, buffer.length - 50); y < buffer.length; y++) if (buffer.getLine(y)?.translateToString().includes(m)) return true;
      return false;
    },
    [rows, marker],
    { timeout: 300_000, polling: 200 },
  );
  const seconds = (Date.now() - t0) / 1000;
  wire.counting = false;
  const { profile } = await cdp.send('Profiler.stop');
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.end');
  await done;
  const { counting, ...frames } = wire;
  return { seconds, wire: frames, pageJsSelf: topSelf(profile), pageTrace: topTrace(events) };
}

async function bareMain() {
  const profDir = mkdtempSync(join(tmpdir(), 'akira-prof-'));
  const bare = await startBareServer({});
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
  watchWire(page);
  await page.goto(`${bare.url}?renderer=${bareRenderer}&w=1100&h=300`);
  await page.locator('#t[data-ready="true"]').waitFor();
  await page.locator('#t').click();
  await sleep(1000);
  // Under WebGL there are no rows in the DOM: wait for the shell's marker through xterm's buffer instead.
  const result = await profilePage(page, bareRenderer === 'dom' ? '#t .xterm-rows' : null);
  await browser.close();
  await bare.close();
  console.log(JSON.stringify({ bare: true, renderer: bareRenderer, lines, ...result }, null, 2));
  void profDir;
}

async function main() {
  if (bareRun) return bareMain();
  const folder = mkdtempSync(join(tmpdir(), 'akira-prof-ws-'));
  const profDir = mkdtempSync(join(tmpdir(), 'akira-prof-'));
  writeFileSync(join(folder, 'README.md'), '# prof\n');
  const { url, child } = await serveAkira(folder, { label: 'prof', nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profDir}`] });
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
  watchWire(page);
  await openTerminal(page, url, 1500);
  const result = await profilePage(page, '[data-testid="terminal"] .xterm-rows');
  await browser.close();
  child.kill('SIGINT');
  await new Promise((r) => child.on('exit', r));
  await sleep(500);
  const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
  const core = file ? JSON.parse(readFileSync(join(profDir, file), 'utf8')) : null;
  console.log(JSON.stringify({
    lines,
    ...result,
    coreSelf: core ? topSelf(core) : 'no profile (the server did not exit cleanly)',
  }, null, 2));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
