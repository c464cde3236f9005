import { mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { FrameClient } from '../src/testing/wsClient';
import { makeFixtureRepo } from './support/fixtureRepo';
import { serve, type Served } from './support/serve';

// A measurement, not a test (no timing assertions): the Timeline's frame times with 3,000 checkpoints loaded,
// while it scrolls from the top to the end (a step per frame), then while the keyboard walks 200 rows (↓ per frame).
//   npm run bench:timeline   (or: AKIRA_MEASURE=1 npx playwright test e2e/timelineFrames.spec.ts after a build)
// Per phase: frame times (p50/p95/max) and the renderers' CPU seconds; printed and saved as frames.json in the
// test's output folder.

test.skip(!process.env.AKIRA_MEASURE, 'a measurement: set AKIRA_MEASURE=1 to run it');
test.setTimeout(300_000);

let served: Served | null = null;
test.afterEach(async () => {
  await served?.stop();
  served = null;
});

const COUNT = 3000;

test('frame times: scrolling and walking 3,000 checkpoints', async ({ page }, testInfo) => {
  const repo = makeFixtureRepo();
  const dataDir = mkdtempSync(join(tmpdir(), 'akira-data-'));
  served = await serve(repo, { AKIRA_DATA_DIR: dataDir });
  const ws = await FrameClient.connect(`${served.origin.replace('http', 'ws')}/ws?token=${served.token}`, { origin: served.origin });
  expect((await ws.request('checkpoints.create', { label: 'the real one' })).error).toBeUndefined();
  await ws.close();
  // Clones of the real checkpoint, 20 min apart (a day heading every 72 rows), as in checkpoints.spec.ts.
  const storeDir = join(dataDir, 'checkpoints', readdirSync(join(dataDir, 'checkpoints'))[0]);
  const listFile = join(storeDir, 'checkpoints.jsonl');
  const line = readFileSync(listFile, 'utf8').trim();
  const record = JSON.parse(line) as Record<string, unknown>;
  const newest = Date.now() - 86_400_000;
  const clones = Array.from({ length: COUNT - 1 }, (_, i) =>
    JSON.stringify({ ...record, id: `bulk${String(i).padStart(5, '0')}`, n: i + 2, label: `bulk ${i}`, createdAt: new Date(newest - (COUNT - 2 - i) * 1_200_000).toISOString() }),
  );
  writeFileSync(`${listFile}.tmp`, `${clones.join('\n')}\n${line}\n`);
  renameSync(`${listFile}.tmp`, listFile);

  await page.goto(served.url);
  await page.getByTestId('view-timeline').click();
  const list = page.getByTestId('timeline-list');
  await expect(list).toHaveAttribute('data-total', String(COUNT));
  for (let i = 0; i < 100 && !(await page.locator('.tl-end').isVisible()); i++) {
    await list.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await page.waitForTimeout(50);
  }
  await expect(list).toHaveAttribute('data-loaded', String(COUNT));
  await list.evaluate((el) => (el.scrollTop = 0));
  await page.waitForTimeout(1000);

  // The renderers' CPU time per phase (from the browser, so other processes on a busy machine weigh less on it
  // than on frame times).
  const cdp = await page.context().browser()!.newBrowserCDPSession();
  const cpu = async () => {
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; cpuTime: number }[] };
    return processInfo.filter((p) => p.type === 'renderer').reduce((sum, p) => sum + p.cpuTime, 0);
  };
  const phase = async (name: 'idle' | 'scroll' | 'keyboard') => {
    const before = await cpu();
    const frames = await list.evaluate(async (el, name) => {
      const frame = () => new Promise<number>((r) => requestAnimationFrame(r));
      const stats = (times: number[]) => {
        const deltas = times.slice(1).map((t, i) => t - times[i]).sort((a, b) => a - b);
        const at = (q: number) => deltas[Math.min(deltas.length - 1, Math.floor(q * deltas.length))];
        const round = (x: number) => Math.round(x * 10) / 10;
        return { frames: deltas.length, seconds: round((times.at(-1)! - times[0]) / 1000), p50: round(at(0.5)), p95: round(at(0.95)), max: round(deltas.at(-1)!), over50ms: deltas.filter((d) => d > 50).length };
      };
      const times: number[] = [await frame()];
      if (name === 'idle') {
        for (let i = 0; i < 120; i++) times.push(await frame());
      } else if (name === 'scroll') {
        // 240 px per frame, from the top to the end.
        while (el.scrollTop + el.clientHeight < el.scrollHeight - 1) {
          el.scrollTop += 240;
          times.push(await frame());
        }
      } else {
        // ↓ once a frame, from the selected (newest) checkpoint.
        for (let i = 0; i < 200; i++) {
          el.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
          times.push(await frame());
        }
      }
      return stats(times);
    }, name);
    return { ...frames, cpuSeconds: Math.round(((await cpu()) - before) * 100) / 100 };
  };
  const idle = await phase('idle');
  const scroll = await phase('scroll');
  await list.evaluate(async (el) => {
    el.scrollTop = 0;
    await new Promise((r) => setTimeout(r, 200));
    (el.querySelector('[data-testid="checkpoint-row"]') as HTMLElement).click();
    el.focus();
    await new Promise((r) => setTimeout(r, 200));
  });
  const keyboard = await phase('keyboard');
  const selected = await list.locator('[aria-selected="true"]').getAttribute('data-checkpoint-id');
  const result = { idle, scroll, keyboard, selected };
  writeFileSync(testInfo.outputPath('frames.json'), JSON.stringify(result, null, 2));
  console.log(JSON.stringify(result, null, 1));
  // 200 ↓ from the newest one: the selection went down 200 checkpoints and stayed in view.
  expect(result.selected).toBe(`bulk${String(COUNT - 2 - 199).padStart(5, '0')}`);
  await expect(page.locator(`[data-checkpoint-id="${result.selected}"]`)).toBeInViewport();
});
