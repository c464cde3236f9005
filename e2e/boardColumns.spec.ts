import { expect, test, type Page } from '@playwright/test';
import { reply } from '../src/testing/openaiTestServer';
import { serveWithModel, type ServedWithModel } from './support/agentServe';
import { plan, verdict } from './support/agentScripts';
import { makeFixtureRepo } from './support/fixtureRepo';

// The TODO board keeps its columns in one row (issue 14, defect 5): at 1600 px "Failed" used to drop alone below the
// other three, and at 1100 px the board was 2×2. Now the columns share one row and scroll sideways when they do not
// fit; an empty column is a narrow strip.

let app: ServedWithModel | null = null;

test.afterEach(async () => {
  await app?.stop();
  app = null;
});

/** Every column header's top and left, in the board's order. */
async function headers(page: Page) {
  return page.locator('.board-column-title').evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { text: (el.textContent ?? '').trim(), top: Math.round(r.top), left: Math.round(r.left), width: Math.round(r.width) };
    }),
  );
}

async function expectOneRow(page: Page) {
  const hs = await headers(page);
  expect(hs.map((h) => h.text.replace(/\s*\d+$/, ''))).toEqual(['Pending', 'In progress', 'Done', 'Failed']);
  // All on one line, left to right.
  expect(new Set(hs.map((h) => h.top)).size, JSON.stringify(hs)).toBe(1);
  for (let i = 1; i < hs.length; i++) expect(hs[i].left, JSON.stringify(hs)).toBeGreaterThan(hs[i - 1].left);
  // What does not fit scrolls sideways inside the columns' row; the rest of the board does not.
  const row = await page.getByTestId('board').locator('.board-columns').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, overflowX: getComputedStyle(el).overflowX }));
  expect(['auto', 'scroll']).toContain(row.overflowX);
  const board = await page.locator('.session-board').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(board.scroll).toBeLessThanOrEqual(board.client + 1);
  return row;
}

/** A scripted reply the test lets go of when it wants (the session waits in that model call meanwhile). */
function held(next: ReturnType<typeof reply.toolCall>) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { release, script: async () => (await gate, next) };
}

test('board columns stay in one row at 1600×900 and 1100×700, scrolling sideways; an empty column is a strip', async ({ page }, testInfo) => {
  app = await serveWithModel(makeFixtureRepo(), {
    globalSettings: { agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: true }, limits: { maxRetriesPerTodo: 0 } } } },
  });
  const writeNotes = held(reply.toolCall('write_file', { path: 'notes.md', content: '# notes\n' }));
  const testGreet = held(reply.toolCall('read_file', { path: 'src/index.ts' }));
  app.model.enqueue(
    plan([
      { id: 'a', description: 'Fix missing.js', expectedResult: 'missing.js exports fix' },
      { id: 'b', description: 'Write notes.md with a short list of what the project does', expectedResult: 'notes.md exists' },
      { id: 'c', description: 'Add a test for greet', expectedResult: 'npm test runs it' },
      { id: 'd', description: 'Document the greeting in the README', expectedResult: 'README mentions greet' },
    ]),
    reply.toolCall('read_file', { path: 'missing.js' }),
    reply.toolCall('update_todo', { id: 'a', status: 'done', result: 'nothing to fix' }),
    verdict('a', false, 'missing.js does not exist'),
    writeNotes.script,
    reply.toolCall('update_todo', { id: 'b', status: 'done', result: 'wrote notes.md' }),
    verdict('b', true, 'notes.md is there'),
    testGreet.script,
  );
  await page.setViewportSize({ width: 1600, height: 900 });
  await page.goto(app.served.url);
  await page.getByTestId('view-agent').click();
  await page.getByTestId('start-task').fill('A fix, notes, a test and docs');
  await page.getByTestId('start-submit').click();

  // a failed, b in progress (its model call held), c and d pending, nothing done yet: Done is a strip.
  const cards = (column: string) => page.getByTestId(`column-${column}`).getByTestId('todo-card');
  await expect(cards('failed')).toHaveCount(1);
  await expect(cards('in_progress')).toHaveCount(1);
  await expect(cards('pending')).toHaveCount(2);
  await expectOneRow(page);
  await expect(page.getByTestId('column-done')).toHaveAttribute('data-empty', 'true');
  let hs = await headers(page);
  expect(hs[2].width).toBeLessThan(60);
  expect(hs[0].width).toBeGreaterThan(150);
  await page.screenshot({ path: testInfo.outputPath('board-strip-1600x900.png') });
  await page.setViewportSize({ width: 1100, height: 700 });
  await expectOneRow(page);
  await page.screenshot({ path: testInfo.outputPath('board-strip-1100x700.png') });

  // b done, c in progress: all four columns hold a card.
  writeNotes.release();
  await expect(cards('done')).toHaveCount(1);
  await expect(cards('in_progress')).toHaveCount(1);
  await expect(cards('pending')).toHaveCount(1);
  await expect(page.getByTestId('column-done')).toHaveAttribute('data-empty', 'false');
  const row = await expectOneRow(page);
  expect(row.scroll, 'four columns do not fit at 1100 px: they scroll').toBeGreaterThan(row.client);
  await page.screenshot({ path: testInfo.outputPath('board-1100x700.png') });
  // Scrolled to the end: the Failed column and its card.
  await page.getByTestId('board').locator('.board-columns').evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(cards('failed')).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('board-1100x700-scrolled.png') });

  await page.setViewportSize({ width: 1600, height: 900 });
  const at1600 = await expectOneRow(page);
  hs = await headers(page);
  expect(Math.min(...hs.map((h) => h.width))).toBeGreaterThan(150);
  expect(at1600.scroll, 'at 1600 px the four columns fit without scrolling').toBeLessThanOrEqual(at1600.client);
  await page.screenshot({ path: testInfo.outputPath('board-1600x900.png') });
  await page.setViewportSize({ width: 1400, height: 860 });
  await page.getByTestId('board').locator('.board-columns').evaluate((el) => el.scrollTo({ left: 0 }));
  await expectOneRow(page);
  await page.screenshot({ path: testInfo.outputPath('board-default.png') });
  testGreet.release();
});
