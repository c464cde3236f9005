import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { FrameClient } from '../../src/testing/wsClient';
import { reply } from '../../src/testing/openaiReplies';
import { serveWithModel } from '../../e2e/support/agentServe';
import { makeFixtureRepo } from '../../e2e/support/fixtureRepo';

// Review benchmark (issue 5): time from a proposed change arriving on the page (the approval_requested
// notice reaches the review store: mark `akira.review.arrived`) to its diff being on screen (Monaco's
// diff computed and painted: mark `akira.review.diff-visible`), for a 200-line and a 20,000-line file,
// with the diff algorithm the review picks by size ("auto") and with each one forced.
//
// Run: npx electron-vite build && npx playwright test --config bench/review/playwright.config.ts
// Env: ROUNDS (default 5), VARIANTS and SHAPES (comma lists, see below), TRACE=<item index> (a Chrome trace
// of that item), SHOTS=1 (a screenshot per item).

const ROUNDS = Number(process.env.ROUNDS ?? 5);
/** What each variant forces (localStorage 'akira.review.diffOptions', see diffOptions.ts); auto: what the review picks by size. */
const OVERRIDES: Record<string, object | null> = {
  auto: null,
  'advanced': { diffAlgorithm: 'advanced', hideUnchanged: false },
  'legacy': { diffAlgorithm: 'legacy', hideUnchanged: false },
  'advanced+collapse': { diffAlgorithm: 'advanced', hideUnchanged: true },
  'legacy+collapse': { diffAlgorithm: 'legacy', hideUnchanged: true },
  // No time budget: how long each algorithm needs when it is not allowed to give up.
  'advanced-unlimited': { diffAlgorithm: 'advanced', hideUnchanged: true, maxComputationTime: 0 },
  'legacy-unlimited': { diffAlgorithm: 'legacy', hideUnchanged: true, maxComputationTime: 0 },
};
const VARIANTS = (process.env.VARIANTS ?? 'auto,advanced,legacy,advanced+collapse,legacy+collapse').split(',');
/** The proposed changes: a 200-line and a 20,000-line file with ~2% of lines changed, and the big file with 2/3 changed. */
const SHAPES = [
  { name: '200', lines: 200, every: 97 },
  { name: '20000', lines: 20_000, every: 97 },
  { name: '20000-dense', lines: 20_000, every: 3 },
].filter((s) => (process.env.SHAPES ?? '200,20000,20000-dense').split(',').includes(s.name));
type Shape = (typeof SHAPES)[number];

/** Version `r` of a source file: lines with i % every === r % every are tagged (so about 2/every of them change per round), plus a 20-line block that moves. */
function version(shape: Shape, r: number): string {
  const lines: string[] = [];
  for (let i = 0; i < shape.lines; i++) {
    const tag = i % shape.every === r % shape.every ? ` // revised in round ${r}` : '';
    lines.push(`export function handler${i}(input: number): number { return input * ${i % 13} + ${i}; }${tag}`);
    if (i === Math.floor(shape.lines / 2) + (r % 7)) for (let k = 0; k < 20; k++) lines.push(`  // note ${k} added in round ${r}`);
  }
  return lines.join('\n') + '\n';
}

interface Sample {
  variant: string;
  shape: string;
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
  for (const shape of SHAPES) writeFileSync(join(repo, `file${shape.name}.txt`), version(shape, 0));
  const run = await serveWithModel(repo, { globalSettings: { agent: { policy: { limits: { maxToolLoopsPerTodo: 200, maxFileModificationsPerSession: 1000 } } } } });
  const samples: Sample[] = [];
  try {
    // A cold first change (Monaco's chunk and worker load), then rounds that interleave variants and shapes,
    // so that the machine's load (shared with other work) spreads over all of them alike.
    const plan = [{ shape: SHAPES[0], variant: 'auto', cold: true }];
    for (let i = 0; i < ROUNDS; i++) for (const variant of VARIANTS) for (const shape of SHAPES) plan.push({ shape, variant, cold: false });
    const rounds = new Map<string, number>();
    run.model.enqueue(reply.toolCall('todo_write', { todos: [{ id: 't1', description: 'Revise the handlers', expectedResult: 'handlers revised' }] }));
    for (const step of plan) {
      const next = (rounds.get(step.shape.name) ?? 0) + 1;
      rounds.set(step.shape.name, next);
      const content = version(step.shape, next);
      run.model.enqueue(reply.message({ toolCalls: [{ name: 'write_file', arguments: { path: `file${step.shape.name}.txt`, content } }], chunkSize: 1 << 16 }));
    }

    await page.goto(run.served.url);
    await page.getByTestId('view-review').click();
    await expect(page.getByTestId('review-nothing')).toBeVisible();
    const ws = await FrameClient.connect(`${run.served.origin.replace('http', 'ws')}/ws?token=${run.served.token}`, { origin: run.served.origin });
    const started = await ws.request('agent.start', { task: 'Revise the handlers' });
    const sessionId = started.result.sessionId as string;
    let seen = 0;
    for (const [index, step] of plan.entries()) {
      const tracing = process.env.TRACE !== undefined && index === Number(process.env.TRACE);
      if (tracing) await browser.startTracing(page, { path: testInfo.outputPath(`item${index}.trace.json`) });
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
      if (tracing) await browser.stopTracing();
      if (process.env.SHOTS) await page.screenshot({ path: testInfo.outputPath(`item${index}-${step.variant}-${step.shape.name}.png`) });
      samples.push({ variant: step.variant, shape: step.shape.name, ...m, cold: step.cold });
      console.log(
        `#${index} ${step.cold ? 'cold ' : ''}${step.variant} ${step.shape.name}: ${m.ms.toFixed(0)} ms (models set ${m.toModels.toFixed(0)}, diff computed ${m.toComputed.toFixed(0)}; ${m.lineChanges} line changes)`,
      );
      await page.evaluate(() => performance.clearMarks());
      await ws.request('agent.approve', { sessionId, changeId });
    }
    await ws.close();
  } finally {
    await run.stop();
  }

  const median = (variant: string, shape: string) => stats(samples.filter((s) => !s.cold && s.variant === variant && s.shape === shape).map((s) => s.ms));
  const rows = VARIANTS.map((variant) => {
    const row: Record<string, string | number> = { variant };
    for (const shape of SHAPES) {
      const st = median(variant, shape.name);
      row[`${shape.name} ms (median [min–max])`] = `${st.median.toFixed(0)} [${st.min.toFixed(0)}–${st.max.toFixed(0)}]`;
      const changes = samples.filter((s) => s.variant === variant && s.shape === shape.name).map((s) => s.lineChanges);
      row[`${shape.name} line changes`] = [...new Set(changes)].join('/');
    }
    if (SHAPES.some((s) => s.name === '200') && SHAPES.some((s) => s.name === '20000')) row['20000/200'] = +(median(variant, '20000').median / median(variant, '200').median).toFixed(1);
    return row;
  });
  console.log(`cold first change (200 lines, Monaco loading): ${samples.find((s) => s.cold)?.ms.toFixed(0)} ms; ${ROUNDS} rounds`);
  console.table(rows);
  writeFileSync(testInfo.outputPath('review-diff-bench.json'), JSON.stringify({ rows, samples }, null, 2));
});
