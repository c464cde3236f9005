import { expect, test } from '@playwright/test';
import { reply } from '../src/testing/openaiTestServer';
import { serveWithModel, type ServedWithModel } from './support/agentServe';
import { plan, verdict } from './support/agentScripts';
import { makeFixtureRepo } from './support/fixtureRepo';

// The activity's windowed list (WindowedList, @tanstack/react-virtual): only the cards near the viewport are in
// the DOM; it follows the end while the user is at the bottom, offers "↓ Latest" once they scrolled up, and
// follows again after the jump or a scroll back to the end.

let app: ServedWithModel | null = null;
test.afterEach(async () => {
  await app?.stop();
  app = null;
});

test('the activity renders the cards in view, follows the end, and jumps back to it', async ({ page }) => {
  const repo = makeFixtureRepo();
  app = await serveWithModel(repo, { globalSettings: { agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: true } } } } });
  // 20 turns of text and a tool: over 40 cards, several screens of them.
  const turns = Array.from({ length: 20 }, (_, i) =>
    reply.message({ text: `Step ${i}: looking again at the files.\nline two\nline three`, toolCalls: [{ name: 'list_files', arguments: { path: '.' } }] }),
  );
  app.model.enqueue(
    plan([{ id: 't1', description: 'Look around', expectedResult: 'looked' }]),
    ...turns,
    reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'looked' }),
    verdict('t1', true, 'ok'),
    verdict('task', true, 'ok'),
  );
  await page.goto(app.served.url);
  await page.getByTestId('view-agent').click();
  await page.getByTestId('start-task').fill('Look around a lot');
  await page.getByTestId('start-submit').click();
  const activity = page.getByTestId('activity');
  const jump = page.getByTestId('activity-jump');

  // Followed to the end while the cards arrived; only some of them are drawn.
  await expect(activity.getByTestId('card-end-completed')).toBeInViewport();
  expect(await activity.evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop)).toBeLessThanOrEqual(2);
  expect(await activity.locator('.windowed-item').count()).toBeLessThan(25);
  await expect(jump).toHaveCount(0);

  // Scrolled to the top: the first cards are drawn, "↓ Latest" is offered and brings the end back.
  await activity.evaluate((el) => (el.scrollTop = 0));
  await expect(activity.getByText('Step 0:')).toBeInViewport();
  await expect(activity.getByTestId('card-end-completed')).toHaveCount(0);
  await jump.click();
  await expect(activity.getByTestId('card-end-completed')).toBeInViewport();
  await expect(jump).toHaveCount(0);

  // The wheel: up a little offers the jump, back down to the end follows again.
  await activity.hover();
  await page.mouse.wheel(0, -400);
  await expect(jump).toBeVisible();
  await page.mouse.wheel(0, 2000);
  await expect(jump).toHaveCount(0);
});
