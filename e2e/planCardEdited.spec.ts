import { expect, test } from '@playwright/test';
import { reply } from '../src/testing/openaiTestServer';
import { serveWithModel, type ServedWithModel } from './support/agentServe';
import { plan } from './support/agentScripts';
import { makeFixtureRepo } from './support/fixtureRepo';

// Issue 14: the activity's plan card showed the model's original plan after the user edited it on the board and
// approved. The card shows the plan as approved (edited, and says so), live and after a reload (replayed from the log).

let app: ServedWithModel | null = null;

test.afterEach(async () => {
  await app?.stop();
  app = null;
});

test('the plan card shows the plan as edited before approval, live and after a reload', async ({ page }) => {
  app = await serveWithModel(makeFixtureRepo(), { globalSettings: { agent: { mode: 'autonomous', policy: { requirePlanApproval: true } } } });
  app.model.enqueue(
    plan([
      { id: 't1', description: 'Create greet.txt', expectedResult: 'greet.txt exists' },
      { id: 't2', description: 'Delete the README', expectedResult: 'README.md is gone' },
    ]),
    reply.hang(), // the first TODO's call: the session stays running
  );
  await page.goto(app.served.url);
  await page.getByTestId('view-agent').click();
  await page.getByTestId('start-task').fill('Greet');
  await page.getByTestId('start-submit').click();

  const activity = page.getByTestId('activity');
  const planCard = activity.getByTestId('card-plan');
  await expect(planCard).toContainText('Plan: 2 TODOs');
  await expect(planCard).toContainText('Delete the README');

  // On the board: reword the first TODO, delete the second, add a third; then approve.
  const approval = page.getByTestId('plan-approval');
  await approval.getByTestId('plan-description').nth(0).fill('Create greet.txt saying hello');
  await approval.getByTestId('plan-delete').nth(1).click();
  await approval.getByTestId('plan-add').click();
  await approval.getByTestId('plan-description').nth(1).fill('Write notes.md');
  await approval.getByTestId('plan-expected').nth(1).fill('notes.md exists');
  await expect(approval.getByTestId('plan-approve')).toHaveText('Approve edited plan');
  await approval.getByTestId('plan-approve').click();
  await expect(page.getByTestId('board').getByTestId('todo-card')).toHaveCount(2);

  const checkCard = async () => {
    await expect(planCard).toHaveCount(1);
    await expect(planCard).toContainText('Plan: 2 TODOs');
    await expect(planCard.locator('li')).toHaveText([/Create greet\.txt saying hello/, /Write notes\.md/]);
    await expect(planCard).toContainText('edited before approval');
    await expect(planCard).not.toContainText('Delete the README');
  };
  await checkCard();

  // Replayed from the session's log: the same.
  await page.reload();
  await page.getByTestId('view-agent').click();
  await page.getByTestId('session-row').first().click();
  await checkCard();
});
