import { expect, test } from '@playwright/test';
import { makeFixtureRepo } from './support/fixtureRepo';
import { serve, type Served } from './support/serve';

// Terminal flow control through the served UI (item 6): the page acks what xterm parsed (cumulative
// `upTo`), so a large output reaches the screen to the end; a page that stops reading is told so on the
// tab, and catches up by itself once it reads again.

let served: Served;

test.beforeAll(async () => {
  served = await serve(makeFixtureRepo());
});
test.afterAll(async () => {
  await served?.stop();
});

const FLOOD = `head -c 2000000 /dev/zero | tr '\\0' x; echo; echo flood-$((6*7))`;

test('a 2 MB output reaches the screen to the end, without a pause notice', async ({ page }) => {
  await page.goto(served.url);
  const terminal = page.getByTestId('terminal').first();
  await terminal.click();
  await page.keyboard.type(FLOOD);
  await page.keyboard.press('Enter');
  await expect(terminal.locator('.xterm-rows')).toContainText('flood-42', { timeout: 60_000 });
  await expect(page.getByTestId('terminal-tab-flow')).toHaveCount(0);
});

test('a page that stops reading sees "paused" on the tab, and reads on when it can', async ({ page }) => {
  await page.goto(served.url);
  const terminal = page.getByTestId('terminal').first();
  await terminal.click();
  await page.keyboard.type('echo ready-$((2*3))');
  await page.keyboard.press('Enter');
  await expect(terminal.locator('.xterm-rows')).toContainText('ready-6');
  // Remember what the tab said while it showed "paused" (it may be brief: the page catches up at once).
  await page.evaluate(() => {
    const w = window as unknown as { saw: string[] };
    w.saw = [];
    new MutationObserver(() => {
      const badge = document.querySelector('[data-testid="terminal-tab-flow"]');
      const title = badge?.closest('[data-testid="terminal-tab"]')?.getAttribute('title');
      if (title && !w.saw.includes(title)) w.saw.push(title);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['title'] });
  });
  await page.keyboard.type(FLOOD);
  // The page's script is busy for 4.5 s right after Enter: it reads and acks nothing meanwhile.
  await page.keyboard.press('Enter');
  await page.evaluate(() => {
    const end = Date.now() + 4500;
    while (Date.now() < end);
  });
  await expect(terminal.locator('.xterm-rows')).toContainText('flood-42', { timeout: 60_000 });
  const saw = await page.evaluate(() => (window as unknown as { saw: string[] }).saw);
  expect(saw).toEqual([expect.stringContaining('paused: waiting for the screen'), expect.stringContaining('paused: the screen is not reading')]);
  await expect(page.getByTestId('terminal-tab-flow')).toHaveCount(0);
});
