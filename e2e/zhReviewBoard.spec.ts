import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { reply } from '../src/testing/openaiTestServer';
import { serveWithModelEachTest } from './support/agentServe';
import { plan } from './support/agentScripts';
import { makeFixtureRepo } from './support/fixtureRepo';
import { SIZES } from './support/screenSizes';

// Issue 14: the Review view, the TODO board and the context chips in Chinese (ui.language zh-CN), at 1400×860 and
// 1100×700: their words come from the catalogs, and no button, chip or column title is clipped. Screenshots go to
// this test's output folder (test-results/e2e/…).

const serveForTest = serveWithModelEachTest();

/** Elements of `scope` (matching `selector`) whose text does not fit their box. */
async function clipped(scope: Locator, selector: string): Promise<string[]> {
  return scope.locator(selector).evaluateAll((els) =>
    els
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
      .map((el) => `${el.className}: "${(el.textContent ?? '').trim()}" ${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight}`),
  );
}

async function atBothSizes(page: Page, name: string, check: () => Promise<void>) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await check();
    await page.screenshot({ path: test.info().outputPath(`${name}-${size.width}x${size.height}.png`) });
  }
}

test('Review, the board and the context chips in Chinese fit at 1400×860 and 1100×700', async ({ page }) => {
  test.setTimeout(120_000);
  const repo = makeFixtureRepo();
  writeFileSync(join(repo, 'config.txt'), ['name = demo', 'port = 8080', 'host = localhost', ''].join('\n'));
  const app = await serveForTest(repo, { globalSettings: { ui: { language: 'zh-CN' } } });
  app.model.enqueue(
    plan([
      { id: 't1', description: 'Move the port to 9090', expectedResult: 'config.txt says port = 9090' },
      { id: 't2', description: 'Write notes.md about the port', expectedResult: 'notes.md explains the move' },
    ]),
    reply.message({
      toolCalls: [
        { name: 'edit_file', arguments: { path: 'config.txt', edits: [{ search: 'port = 8080', replace: 'port = 9090' }] } },
        { name: 'write_file', arguments: { path: 'notes.md', content: '# Notes\n\nPort moved to 9090.\n' } },
      ],
    }),
  );
  await page.setViewportSize(SIZES[0]);
  await page.goto(app.served.url);
  await page.getByTestId('view-agent').click();

  // The task box's chips.
  const box = page.getByTestId('start-task');
  await box.click();
  await page.keyboard.type('Move the port @src/index.ts @diff @nope.ts ');
  const chips = page.getByTestId('start-chips');
  await expect(chips).toHaveAttribute('aria-label', '附加的上下文');
  await expect(chips.locator('[data-ref="src/index.ts"]').getByTestId('context-chip-size')).toHaveText(/^约 \d+ 令牌$/);
  await expect(chips.locator('[data-ref="src/index.ts"] .ctx-chip-remove')).toHaveAttribute('aria-label', '移除 @src/index.ts');
  await atBothSizes(page, 'zh-chips', async () => expect(await clipped(chips, '.ctx-chip-ref, .ctx-chip-size')).toEqual([]));
  await page.getByTestId('start-submit').click();

  // The board, with the session's Context band.
  const board = page.getByTestId('board');
  await expect(board.locator('.board-column-name')).toHaveText(['待办', '进行中', '已完成', '失败'], { timeout: 20_000 });
  await expect(board.getByTestId('todo-status').first()).toHaveText(/^(待办|进行中)$/);
  await expect(board.locator('.todo-label').first()).toHaveText('预期');
  await expect(page.getByTestId('session-context').locator('.session-context-title')).toHaveText('上下文');
  await atBothSizes(page, 'zh-board', async () => {
    expect(await clipped(board, '.board-column-title, .todo-status, .todo-foot-item, .board-toolbar button')).toEqual([]);
  });

  // Review, with two changes waiting.
  await expect(page.getByTestId('review-badge')).toHaveText('2', { timeout: 20_000 });
  await page.getByTestId('view-review').click();
  await page.locator('[data-testid="review-item"][data-path="config.txt"]').click();
  await expect(page.getByTestId('review-accept')).toHaveText('接受文件');
  await expect(page.getByTestId('review-accept-all')).toHaveText('全部接受（2）');
  await expect(page.getByTestId('review-hunks').locator('.review-hunks-head')).toContainText('1 个更改块');
  await expect(page.getByTestId('review-hints')).toContainText('下一个 / 上一个');
  await expect(page.getByTestId('review-diff-host')).toHaveAttribute('data-diff-ready', /.+/);
  const header = page.locator('.review-header');
  await atBothSizes(page, 'zh-review', async () => {
    expect(await clipped(header, '.review-button')).toEqual([]);
    expect(await clipped(page.locator('.review-hunks'), '.review-hunks-head > span, .review-hunk-where')).toEqual([]);
    const h = await header.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(h.scroll, 'the header fits its width').toBeLessThanOrEqual(h.client + 1);
  });
  // The reason dialog.
  await page.getByTestId('review-reject').click();
  await expect(page.getByTestId('review-reason-dialog')).toContainText('为什么？');
  await atBothSizes(page, 'zh-review-reject', async () => expect(await clipped(page.getByTestId('review-reason-dialog'), '.review-chip, .review-button')).toEqual([]));
});
