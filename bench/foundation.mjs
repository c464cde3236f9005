// Foundation benchmark (issue 2): pty → screen throughput in the browser vs raw node-pty in the same run,
// peak renderer memory during a 100 MB flood, serve start → tree visible, and the initial renderer JS size.
// Run: npm run bench   (needs a build: npm run build; and Debian chromium at /usr/bin/chromium)
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const results = {};

function serve(folder) {
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'bin/akira.cjs'), 'serve', folder, '--port', '0'], {
    env: { ...process.env, AKIRA_DATA_DIR: mkdtempSync(join(tmpdir(), 'akira-bench-data-')) },
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

async function main() {
  const rawLine = execFileSync(process.execPath, [join(root, 'bench/pty-raw.mjs')], { encoding: 'utf8' }).trim().split('\n').pop();
  const raw = JSON.parse(rawLine);
  results.rawPty = raw;

  const folder = mkdtempSync(join(tmpdir(), 'akira-bench-ws-'));
  writeFileSync(join(folder, 'README.md'), '# bench\n');
  const browser = await chromium.launch({
    executablePath: process.env.AKIRA_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--disable-background-networking'],
  });
  const server = await serve(folder);
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
    await page.goto(server.url);
    await page.locator('[data-testid="tree-row"][data-path="README.md"]').waitFor();
    results.serveToTreeMs = Math.round(performance.now() - server.started);

    const term = page.getByTestId('terminal').first();
    await term.click();
    await waitForText(page, '$').catch(() => undefined);

    // Throughput: seq 1 3000000 through pty → core → WebSocket → xterm parse/render.
    const t0 = performance.now();
    await page.keyboard.type('seq 1 3000000; echo BENCH-$((1+1))-END\n');
    await waitForText(page, 'BENCH-2-END', 300_000);
    const seconds = (performance.now() - t0) / 1000;
    results.screen = { bytes: raw.bytes, seconds, bytesPerSec: Math.round(raw.bytes / seconds) };
    results.screenVsRawRatio = +(results.screen.bytesPerSec / raw.bytesPerSec).toFixed(3);

    // Peak renderer memory during a 100 MB flood.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    let peakHeap = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const { metrics } = await cdp.send('Performance.getMetrics');
        const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
        peakHeap = Math.max(peakHeap, heap);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const f0 = performance.now();
    await page.keyboard.type('yes akira-flood-0123456789-abcdefghijklmnopqrstuvwxyz | head -c 100000000; echo FLOOD-$((2+2))-END\n');
    await waitForText(page, 'FLOOD-4-END', 600_000);
    const floodSeconds = (performance.now() - f0) / 1000;
    sampling = false;
    await sampler;
    results.flood100MB = { seconds: +floodSeconds.toFixed(2), peakRendererJsHeapMB: +(peakHeap / 1e6).toFixed(1) };

    // The terminal keeps working after the flood.
    await page.keyboard.type('echo after-$((3*3))\n');
    await waitForText(page, 'after-9', 30_000);
    results.worksAfterFlood = true;
  } finally {
    server.child.kill('SIGTERM');
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
