import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { reply } from '../src/testing/openaiTestServer';
import { serveWithModel, type ServedWithModel } from './support/agentServe';
import { plan, verdict } from './support/agentScripts';
import { makeFixtureRepo } from './support/fixtureRepo';
import { shootBoth } from './support/sessionsModel';

// Issue 14, defect 2: a session paused with a change waiting. Review said "Nothing waits for review" while the
// session header still offered "Review 1 change" and the activity card said "waits for review" with a button to an
// empty Review. Now every place reads the review store: paused, nothing waits anywhere (the change is held, asked
// again on resume); resumed, it waits everywhere again and is approved from the card's button.

let app: ServedWithModel | null = null;
let repo: string;

test.afterEach(async () => {
  await app?.stop();
  app = null;
});

const read = (path: string) => (existsSync(join(repo, path)) ? readFileSync(join(repo, path), 'utf8') : null);
const changeCard = (page: Page) => page.getByTestId('activity').getByTestId('card-change');
const changeState = (page: Page) => changeCard(page).locator('.ac-state');

test('paused with a change waiting: Review, the session header and the activity card agree, before and after resume', async ({ page }, testInfo) => {
  repo = makeFixtureRepo();
  app = await serveWithModel(repo); // the default policy: file changes ask
  app.model.enqueue(
    plan([{ id: 't1', description: 'Create alpha.txt saying alpha', expectedResult: 'alpha.txt contains alpha' }]),
    reply.toolCall('write_file', { path: 'alpha.txt', content: 'alpha\n' }),
  );
  await page.goto(app.served.url);
  await page.getByTestId('view-agent').click();
  await page.getByTestId('start-task').fill('Write alpha.txt');
  await page.getByTestId('start-submit').click();

  // The change waits: everywhere.
  await expect(page.getByTestId('session-review')).toHaveText('Review 1 change', { timeout: 20_000 });
  await expect(changeState(page)).toHaveText('waits for review');
  await expect(changeCard(page).getByTestId('open-review')).toBeVisible();
  await expect(page.getByTestId('review-badge')).toHaveText('1');

  // Paused: the session takes its question back until it resumes. Nothing offers a review of it any more.
  await page.getByTestId('session-pause').click();
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'paused');
  await expect(page.getByTestId('session-review')).toHaveCount(0);
  await expect(changeState(page)).toHaveText('held: asked again when the session resumes');
  await expect(changeCard(page).getByTestId('change-state')).toHaveAttribute('data-state', 'held');
  await expect(changeCard(page).getByTestId('open-review')).toHaveCount(0);
  await expect(page.getByTestId('activity').getByTestId('card-tool').filter({ hasText: 'write_file' })).toContainText('not finished: the session paused');
  await expect(page.getByTestId('activity')).not.toContainText('running…');
  await expect(page.getByTestId('review-badge')).toHaveCount(0);
  await shootBoth(page, testInfo, 'paused-agent');
  await page.getByTestId('view-review').click();
  await expect(page.getByTestId('review-empty')).toBeVisible();
  await expect(page.locator('[data-testid="review-decided-item"][data-decision="held"]')).toContainText('alpha.txt');
  await expect(page.locator('[data-testid="review-decided-item"][data-decision="held"]')).toContainText('asked again on resume');
  await shootBoth(page, testInfo, 'paused-review');

  // Resumed: the change is asked again, and waits everywhere again; the card's button opens Review on it.
  app.model.enqueue(
    reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'wrote alpha.txt' }),
    verdict('t1'),
    verdict('task', true, 'done'),
  );
  await page.getByTestId('view-agent').click();
  await page.getByTestId('session-resume').click();
  await expect(page.getByTestId('session-review')).toHaveText('Review 1 change');
  await expect(changeState(page)).toHaveText('waits for review');
  await expect(page.getByTestId('review-badge')).toHaveText('1');
  await changeCard(page).getByTestId('open-review').click();
  await expect(page.locator('[data-testid="review-item"][data-path="alpha.txt"]')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('[data-testid="review-decided-item"][data-decision="held"]')).toHaveCount(0);
  await page.getByTestId('review-accept').click();
  await expect(page.getByTestId('review-empty')).toBeVisible();
  await expect.poll(() => read('alpha.txt')).toBe('alpha\n');
  await page.getByTestId('view-agent').click();
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });
  await expect(changeState(page)).toHaveText('approved by you');
  app.model.assertDone();
});
