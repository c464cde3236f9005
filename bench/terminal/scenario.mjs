// One page's terminal measurements (issue 16), the same for Akira and the bare reference:
//   throughput  seq 1 N timed by the shell's own clock around the command (flow control keeps the screen
//               within one window of the program, so that is end to end), the result written to a file;
//   flood       100 MB of `yes` the same way, with the page's frame times and peak JS heap meanwhile;
//   ctrl+c      an endless flood interrupted with Ctrl+C: time from the key until the screen's text last changed.
// The clock is the shell's, and the bench waits for the result file, so nothing polls the page while it runs.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitForFile(path, timeoutMs) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (existsSync(path)) {
      const text = readFileSync(path, 'utf8').trim();
      if (text) return text;
    }
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${path}`);
}

/** Text of the page's terminal rows (DOM renderer), or null under WebGL (no text in the DOM). */
function rowsText(page, rowsSelector) {
  return page.evaluate((sel) => document.querySelector(sel)?.textContent ?? null, rowsSelector);
}

async function settle(page, rowsSelector, marker) {
  const end = Date.now() + 60_000;
  while (Date.now() < end) {
    const text = await rowsText(page, rowsSelector);
    if (text === null) return sleep(2000);
    if (text.includes(marker)) return;
    await sleep(100);
  }
  throw new Error(`the screen never showed ${marker}`);
}

/** Runs `command` timed by the shell; answers the shell's seconds. */
async function timed(page, ctx, name, command) {
  const file = join(ctx.dir, `${ctx.label}-${name}-${ctx.run}.us`);
  rmSync(file, { force: true });
  const n = Math.floor(Math.random() * 1e6);
  await page.keyboard.type(
    `s=$(date +%s%N); ${command}; e=$(date +%s%N); echo $(( (e-s)/1000 )) > ${file}; echo DONE-$((${n}+1))\n`,
  );
  const us = Number(await waitForFile(file, 600_000));
  await settle(page, ctx.rows, `DONE-${n + 1}`);
  return us / 1e6;
}

function startFrames(page) {
  return page.evaluate(() => {
    const w = window;
    w.__frames = [];
    w.__recording = true;
    let last = performance.now();
    const tick = (now) => {
      w.__frames.push(now - last);
      last = now;
      if (w.__recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

async function stopFrames(page) {
  const frames = await page.evaluate(() => {
    window.__recording = false;
    return window.__frames;
  });
  const sorted = [...frames].sort((a, b) => a - b);
  const at = (p) => +(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0).toFixed(1);
  return { frames: frames.length, p50Ms: at(0.5), p95Ms: at(0.95), maxMs: at(1), over50ms: frames.filter((f) => f > 50).length };
}

async function sampleHeap(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  let peak = 0;
  let on = true;
  const loop = (async () => {
    while (on) {
      const { metrics } = await cdp.send('Performance.getMetrics');
      peak = Math.max(peak, metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0);
      await sleep(200);
    }
  })();
  return async () => {
    on = false;
    await loop;
    await cdp.detach().catch(() => undefined);
    return +(peak / 1e6).toFixed(1);
  };
}

/** Ctrl+C during an endless flood: ms from the key to the last change of the screen's text (null under WebGL). */
export async function ctrlC(page, ctx) {
  if ((await rowsText(page, ctx.rows)) === null) return null;
  await page.evaluate((sel) => {
    const rows = document.querySelector(sel);
    const w = window;
    w.__lastChange = 0;
    let prev = rows.textContent;
    w.__observer?.disconnect();
    w.__observer = new MutationObserver(() => {
      const text = rows.textContent;
      if (text !== prev) {
        prev = text;
        w.__lastChange = performance.now();
      }
    });
    w.__observer.observe(rows, { subtree: true, childList: true, characterData: true });
    w.__ctrlCAt = undefined;
    document.addEventListener('keydown', (e) => {
      if (e.ctrlKey && e.key === 'c' && w.__ctrlCAt === undefined) w.__ctrlCAt = performance.now();
    }, { capture: true });
  }, ctx.rows);
  await page.keyboard.type('yes akira-ctrl-c-0123456789\n');
  await sleep(2000);
  await page.keyboard.press('Control+c');
  await sleep(3000);
  const { at, last } = await page.evaluate(() => ({ at: window.__ctrlCAt, last: window.__lastChange }));
  await page.evaluate(() => window.__observer?.disconnect());
  const n = Math.floor(Math.random() * 1e6);
  await page.keyboard.type(`echo CC-$((${n}+1))\n`);
  await settle(page, ctx.rows, `CC-${n + 1}`);
  return +Math.max(0, last - at).toFixed(1);
}

/**
 * Runs the scenario on a page whose terminal has the keyboard focus. `ctx`: {label, run, dir, rows (selector of
 * the rows element), lines, floodBytes}.
 */
export async function runScenario(page, ctx) {
  const seqSeconds = await timed(page, ctx, 'seq', `seq 1 ${ctx.lines}`);
  await startFrames(page);
  const heap = await sampleHeap(page);
  const floodSeconds = await timed(page, ctx, 'flood', `yes akira-flood-0123456789-abcdefghijklmnopqrstuvwxyz | head -c ${ctx.floodBytes}`);
  const peakHeapMB = await heap();
  const frames = await stopFrames(page);
  const ctrlCStopMs = await ctrlC(page, ctx);
  return { seqSeconds: +seqSeconds.toFixed(3), floodSeconds: +floodSeconds.toFixed(2), floodFrames: frames, peakHeapMB, ctrlCStopMs };
}
