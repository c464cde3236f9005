// Foundation benchmark (issues 2 and 16): pty → screen throughput of Akira's terminal against the bare
// VS Code-style reference (bench/terminal/bareServer.mjs) and raw node-pty in the same run, a 100 MB flood
// (time, frame times, peak JS heap), Ctrl+C during a flood, serve start → tree visible, initial renderer JS size.
// Run: npm run bench [-- --runs N]   (needs a build: npx electron-vite build; Debian chromium at /usr/bin/chromium)
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startBareServer } from './terminal/bareServer.mjs';
import { runScenario } from './terminal/scenario.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const results = {};

function serve(folder) {
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'bin/akira.cjs'), 'serve', folder, '--port', '0'], {
    // A home of its own, as in the e2e tests: the shell reads no rc files of this machine (the bare one runs --norc).
    env: { ...process.env, HOME: mkdtempSync(join(tmpdir(), 'akira-bench-home-')), AKIRA_DATA_DIR: mkdtempSync(join(tmpdir(), 'akira-bench-data-')) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((ok, fail) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      const m = /at (http:\/\/\S+)/.exec(out);
      if (m) ok({ url: m[1], child, started });
    });
    child.on('exit', (code) => fail(new Error(`serve exited ${code}: ${out}`)));
  });
}

function initialJsGzip() {
  const html = readFileSync(join(root, 'out/renderer/index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const buf = readFileSync(join(root, 'out/renderer', f));
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  return { files, rawBytes: raw, gzipBytes: gz };
}

async function waitForText(page, text, timeoutMs) {
  await page.waitForFunction(
    (t) => [...document.querySelectorAll('[data-testid="terminal"] .xterm-rows')].some((el) => el.textContent.includes(t)),
    text,
    { timeout: timeoutMs, polling: 50 },
  );
}

const argRuns = process.argv.indexOf('--runs');
const RUNS = argRuns > 0 ? Number(process.argv[argRuns + 1]) : 3;
const LINES = 3_000_000;
const FLOOD_BYTES = 100_000_000;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const spread = (xs) => ({ median: +median(xs).toFixed(3), min: +Math.min(...xs).toFixed(3), max: +Math.max(...xs).toFixed(3), runs: xs.map((x) => +x.toFixed(3)) });

async function main() {
  const raws = [];
  results.rawPty = raws;
  const measureRaw = () => {
    const line = execFileSync(process.execPath, [join(root, 'bench/pty-raw.mjs'), String(LINES)], { encoding: 'utf8' }).trim().split('\n').pop();
    raws.push(JSON.parse(line));
  };

  const folder = mkdtempSync(join(tmpdir(), 'akira-bench-ws-'));
  const clocks = mkdtempSync(join(tmpdir(), 'akira-bench-clock-'));
  writeFileSync(join(folder, 'README.md'), '# bench\n');
  const browser = await chromium.launch({
    executablePath: process.env.AKIRA_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--disable-background-networking'],
  });
  const server = await serve(folder);
  const bare = await startBareServer({ cwd: folder });
  try {
    const page = await (await browser.newContext({ viewport: { width: 1400, height: 860 } })).newPage();
    await page.goto(server.url);
    await page.locator('[data-testid="tree-row"][data-path="README.md"]').waitFor();
    results.serveToTreeMs = Math.round(performance.now() - server.started);
    const term = page.getByTestId('terminal').first();
    await term.click();
    await waitForText(page, '$').catch(() => undefined);
    const box = await term.boundingBox();
    const font = await page.evaluate(() => getComputedStyle(document.querySelector('[data-testid="terminal"] .xterm')).fontFamily);
    // The reference draws with the renderer Akira picked (WebGL on a real GPU, else the DOM renderer), so the
    // comparison is of the data paths.
    results.akiraRenderer = (await term.getAttribute('data-renderer')) ?? 'dom';

    const barePage = await (await browser.newContext({ viewport: { width: 1400, height: 860 } })).newPage();
    const q = new URLSearchParams({ w: String(Math.floor(box.width)), h: String(Math.floor(box.height)), font, renderer: results.akiraRenderer });
    await barePage.goto(`${bare.url}?${q}`);
    await barePage.locator('#t[data-ready="true"]').waitFor();
    results.bareRenderer = await barePage.locator('#t').getAttribute('data-renderer');
    await barePage.locator('#t').click();

    const common = { dir: clocks, lines: LINES, floodBytes: FLOOD_BYTES };
    const akiraRuns = [];
    const bareRuns = [];
    for (let run = 1; run <= RUNS; run++) {
      measureRaw(); // in each run, beside the pages, so the raw ratio sees the same load
      const akira = () => runScenario(page, { ...common, label: 'akira', run, rows: '[data-testid="terminal"] .xterm-rows' });
      const ref = () => runScenario(barePage, { ...common, label: 'bare', run, rows: '#t .xterm-rows' });
      // Alternate the order so drift in the machine's load favours neither.
      if (run % 2) {
        akiraRuns.push(await akira());
        bareRuns.push(await ref());
      } else {
        bareRuns.push(await ref());
        akiraRuns.push(await akira());
      }
      console.error(`run ${run}: akira ${JSON.stringify(akiraRuns.at(-1))} bare ${JSON.stringify(bareRuns.at(-1))}`);
    }
    results.akira = akiraRuns;
    results.bare = bareRuns;
    // Ratios of throughput (higher is faster): Akira / bare, Akira / raw node-pty, bare / raw node-pty, per run.
    const rawSec = raws.map((r) => r.seconds);
    results.ratios = {
      akiraVsBare: spread(akiraRuns.map((a, i) => bareRuns[i].seqSeconds / a.seqSeconds)),
      akiraVsRaw: spread(akiraRuns.map((a, i) => rawSec[i] / a.seqSeconds)),
      bareVsRaw: spread(bareRuns.map((b, i) => rawSec[i] / b.seqSeconds)),
      floodAkiraVsBare: spread(akiraRuns.map((a, i) => bareRuns[i].floodSeconds / a.floodSeconds)),
    };
    results.flood100MB = {
      akiraSeconds: spread(akiraRuns.map((a) => a.floodSeconds)),
      bareSeconds: spread(bareRuns.map((b) => b.floodSeconds)),
    };
    results.screen = { bytes: raws[0].bytes, bytesPerSec: Math.round(raws[0].bytes / median(akiraRuns.map((a) => a.seqSeconds))) };

    // The terminal keeps working after the floods.
    await term.click();
    await page.keyboard.type('echo after-$((3*3))\n');
    await waitForText(page, 'after-9', 30_000);
    results.worksAfterFlood = true;
  } finally {
    server.child.kill('SIGTERM');
    await bare.close();
    await browser.close();
  }
  results.initialRendererJs = initialJsGzip();
  const outDir = join(root, 'bench/results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'foundation.json'), JSON.stringify(results, null, 2));
  console.log(JSON.stringify(results, null, 2));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
