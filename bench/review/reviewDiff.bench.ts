import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { FrameClient } from '../../src/main/server/testClient';
import { reply } from '../../src/testing/openaiReplies';
import { serveWithModel } from '../../e2e/support/agentServe';
import { makeFixtureRepo } from '../../e2e/support/fixtureRepo';

// Review benchmark (issue 5): time from a proposed change arriving on the page (the approval_requested
// notice reaches the review store: mark `akira.review.arrived`) to its diff being on screen (Monaco's
// diff computed and painted: mark `akira.review.diff-visible`), for a 200-line and a 20,000-line file,
// with the diff algorithm the review picks by size ("auto") and with each one forced.
//
// Run: npx electron-vite build && npx playwright test --config bench/review/playwright.config.ts
// Env: ROUNDS (per size and variant, default 5), VARIANTS (default: all below).

const ROUNDS = Number(process.env.ROUNDS ?? 5);
/** What each variant forces (localStorage 'akira.review.diffOptions', see diffOptions.ts); auto: what the review picks by size. */
const OVERRIDES: Record<string, object | null> = {
  auto: null,
  'advanced': { diffAlgorithm: 'advanced', hideUnchanged: false },
  'legacy': { diffAlgorithm: 'legacy', hideUnchanged: false },
  'advanced+collapse': { diffAlgorithm: 'advanced', hideUnchanged: true },
  'legacy+collapse': { diffAlgorithm: 'legacy', hideUnchanged: true },
};
const VARIANTS = (process.env.VARIANTS ?? Object.keys(OVERRIDES).join(',')).split(',');
const SIZES = [200, 20_000];

/** Version `r` of an n-line source file: about 2% of its lines differ from version r-1, plus a 20-line block that moves. */
function version(n: number, r: number): string {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const tag = i % 97 === r % 97 ? ` // revised in round ${r}` : '';
    lines.push(`export function handler${i}(input: number): number { return input * ${i % 13} + ${i}; }${tag}`);
    if (i === Math.floor(n / 2) + (r % 7)) for (let k = 0; k < 20; k++) lines.push(`  // note ${k} added in round ${r}`);
  }
  return lines.join('\n') + '\n';
}

interface Sample {
  variant: string;
  lines: number;
  ms: number;
  /** Of which: from arrival to the diff editor's models being set (store, React, list). */
  toModels: number;
  /** Of which: from arrival to Monaco's diff computed (onDidUpdateDiff); the rest is painting. */
  toComputed: number;
  lineChanges: number | null;
  cold: boolean;
}

/** Waits for the change's diff-visible mark without polling the page (one evaluate, a PerformanceObserver). */
async function measure(page: Page, changeId: string): Promise<{ ms: number; toModels: number; toComputed: number; lineChanges: number | null }> {
  return page.evaluate(
    (id) =>
      new Promise((resolve) => {
        const check = () => {
          const marks = performance.getEntriesByType('mark') as PerformanceMark[];
          const find = (name: string) => marks.find((m) => m.name === name && m.detail?.changeId === id);
          const [arrived, models, shown] = [find('akira.review.arrived'), find('akira.review.models-set'), find('akira.review.diff-visible')];
          if (!arrived || !models || !shown) return false;
          resolve({
            ms: shown.startTime - arrived.startTime,
            toModels: models.startTime - arrived.startTime,
            toComputed: shown.detail.computedAt - arrived.startTime,
            lineChanges: shown.detail.lineChanges,
          });
          return true;
        };
        if (check()) return;
        const observer = new PerformanceObserver(() => check() && observer.disconnect());
        observer.observe({ type: 'mark' });
      }),
    changeId,
  );
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, median: s[Math.floor(s.length / 2)], min: s[0], max: s[s.length - 1] };
};

test('review: proposed change → diff visible, 200 vs 20,000 lines', async ({ page, browser }, testInfo) => {
  const repo = makeFixtureRepo();
  for (const n of SIZES) writeFileSync(join(repo, `file${n}.txt`), version(n, 0));
  const run = await serveWithModel(repo, { globalSettings: { agent: { policy: { limits: { maxToolLoopsPerTodo: 200, maxFileModificationsPerSession: 1000 } } } } });
  const samples: Sample[] = [];
  try {
    const plan = [{ n: 200, variant: 'auto', cold: true }];
    let r = 0;
    for (const variant of VARIANTS) for (let i = 0; i < ROUNDS; i++) for (const n of SIZES) plan.push({ n, variant, cold: false });
    const rounds = new Map<number, number>(SIZES.map((n) => [n, 0]));
    run.model.enqueue(reply.toolCall('todo_write', { todos: [{ id: 't1', description: 'Revise the handlers', expectedResult: 'handlers revised' }] }));
    for (const step of plan) {
      const next = (rounds.get(step.n) ?? 0) + 1;
      rounds.set(step.n, next);
      run.model.enqueue(reply.message({ toolCalls: [{ name: 'write_file', arguments: { path: `file${step.n}.txt`, content: version(step.n, next) } }], chunkSize: 1 << 16 }));
    }
    run.model.enqueue(reply.toolCall('complete', { summary: 'benchmark done' }));

    await page.goto(run.served.url);
    await page.getByTestId('view-review').click();
    await expect(page.getByTestId('review-nothing')).toBeVisible();
    const ws = await FrameClient.connect(`${run.served.origin.replace('http', 'ws')}/ws?token=${run.served.token}`, { origin: run.served.origin });
    const started = await ws.request('agent.start', { task: 'Revise the handlers' });
    const sessionId = started.result.sessionId as string;
    let seen = 0;
    const cdp = process.env.PROFILE ? await page.context().newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    }
    for (const [index, step] of plan.entries()) {
      if (cdp && index === Number(process.env.PROFILE)) await cdp.send('Profiler.start');
      if (process.env.TRACE && index === Number(process.env.TRACE)) await browser.startTracing(page, { path: testInfo.outputPath(`item${index}.trace.json`) });
      const override = OVERRIDES[step.variant] ?? null;
      await page.evaluate(([key, v]) => (v ? localStorage.setItem(key, v) : localStorage.removeItem(key)), ['akira.review.diffOptions', override && JSON.stringify(override)] as const);
      // The next approval_requested notice of the session, as the WebSocket face sees it too.
      const frame = await (async () => {
        for (;;) {
          const f = ws.frames.slice(seen).find((x) => x.event === 'agent.onEvent' && x.data?.type === 'approval_requested');
          if (f) {
            seen = ws.frames.indexOf(f) + 1;
            return f;
          }
          await new Promise((res) => setTimeout(res, 20));
        }
      })();
      const changeId = frame.data.changeId as string;
      const m = await measure(page, changeId);
      if (process.env.TRACE && index === Number(process.env.TRACE)) await browser.stopTracing();
      if (cdp && index === Number(process.env.PROFILE)) {
        const { profile } = await cdp.send('Profiler.stop');
        writeFileSync(testInfo.outputPath(`item${index}.cpuprofile`), JSON.stringify(profile));
      }
      samples.push({ variant: step.variant, lines: step.n, ms: m.ms, toModels: m.toModels, toComputed: m.toComputed, lineChanges: m.lineChanges, cold: step.cold });
      r++;
      console.log(`#${r} ${step.cold ? 'cold ' : ''}${step.variant} ${step.n} lines: ${m.ms.toFixed(1)} ms (models set ${m.toModels.toFixed(0)}, diff computed ${m.toComputed.toFixed(0)}; ${m.lineChanges} line changes)`);
      await page.evaluate(() => performance.clearMarks());
      await ws.request('agent.approve', { sessionId, changeId });
    }
    await ws.close();
  } finally {
    await run.stop();
  }

  const report: Record<string, unknown> = { rounds: ROUNDS, cold200: samples.find((s) => s.cold)?.ms };
  for (const variant of VARIANTS) {
    const small = stats(samples.filter((s) => !s.cold && s.variant === variant && s.lines === 200).map((s) => s.ms));
    const big = stats(samples.filter((s) => !s.cold && s.variant === variant && s.lines === 20_000).map((s) => s.ms));
    const changes = samples.filter((s) => s.variant === variant && s.lines === 20_000).map((s) => s.lineChanges);
    report[variant] = { '200 lines ms': small, '20000 lines ms': big, 'ratio of medians': +(big.median / small.median).toFixed(1), '20000-line line changes': changes };
  }
  console.log(JSON.stringify(report, null, 2));
  writeFileSync(testInfo.outputPath('review-diff-bench.json'), JSON.stringify({ report, samples }, null, 2));
});
