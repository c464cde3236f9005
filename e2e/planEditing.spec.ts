import { expect, test, type Page } from '@playwright/test';
import { reply } from '../src/testing/openaiTestServer';
import { serveWithModel, type ServedWithModel } from './support/agentServe';
import { plan } from './support/agentScripts';
import { makeFixtureRepo } from './support/fixtureRepo';

// Editing a proposed plan from the keyboard (issue 14, defect 1): "+ Add a TODO" puts the cursor in the new TODO's
// description, Enter in a TODO adds the next one, empty TODOs are not kept (gone when left, never sent), and
// Tab + typing goes into the TODO's fields, never into the Reject feedback.

let app: ServedWithModel | null = null;

test.afterEach(async () => {
  await app?.stop();
  app = null;
});

const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? null);

async function shots(page: Page, name: string, outputPath: (name: string) => string) {
  const size = page.viewportSize()!;
  await page.screenshot({ path: outputPath(`${name}.png`) });
  await page.setViewportSize({ width: 1100, height: 700 });
  await page.screenshot({ path: outputPath(`${name}-1100x700.png`) });
  await page.setViewportSize(size);
}

test('plan editing from the keyboard: focus follows new TODOs, Enter adds the next, empty ones are dropped, typing never reaches Reject', async ({ page }, testInfo) => {
  app = await serveWithModel(makeFixtureRepo(), { globalSettings: { agent: { mode: 'autonomous', policy: { requirePlanApproval: true } } } });
  let prompt = '';
  app.model.enqueue(
    plan([{ id: 't1', description: 'Create greet.txt', expectedResult: 'greet.txt exists' }]),
    (req) => {
      prompt = JSON.stringify(req.body.messages);
      return reply.hang(); // the first TODO's call: what was approved is what the model is told
    },
  );
  await page.goto(app.served.url);
  await page.getByTestId('view-agent').click();
  await page.getByTestId('start-task').fill('Greet and note');
  await page.getByTestId('start-submit').click();

  const approval = page.getByTestId('plan-approval');
  const rows = approval.getByTestId('plan-row');
  const description = (i: number) => approval.getByTestId('plan-description').nth(i);
  const expected = (i: number) => approval.getByTestId('plan-expected').nth(i);
  await expect(rows).toHaveCount(1);

  // "+ Add a TODO": the cursor is in the new TODO's description; spaces are text there, not more TODOs.
  await approval.getByTestId('plan-add').click();
  await expect(rows).toHaveCount(2);
  await expect(description(1)).toBeFocused();
  await page.keyboard.type('   ');
  await expect(rows).toHaveCount(2);
  await page.keyboard.type('Write notes.md');
  await expect(description(1)).toHaveValue('   Write notes.md');

  // Tab + typing: the expected result of that TODO, never the Reject feedback.
  await page.keyboard.press('Tab');
  await page.keyboard.type('notes.md exists and says hello');
  await expect(expected(1)).toHaveValue('notes.md exists and says hello');
  await expect(approval.getByTestId('plan-feedback')).toHaveCount(0);

  // Enter adds the next TODO after this one, with the cursor in it.
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(3);
  await expect(expected(1)).toHaveValue('notes.md exists and says hello'); // no line break added
  await expect(description(2)).toBeFocused();
  // Enter on an empty TODO adds no other empty one.
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(3);
  await expect(description(2)).toBeFocused();
  // Shift+Enter is a line break within a TODO.
  await description(0).click();
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('with a greeting');
  await expect(description(0)).toHaveValue('Create greet.txt\nwith a greeting');
  // Leaving the empty TODO removed it.
  await expect(rows).toHaveCount(2);

  // The path: Add, then Tab and typing, then spaces: all of it lands in the new TODO.
  await approval.getByTestId('plan-add').click();
  await expect(rows).toHaveCount(3);
  await page.keyboard.press('Tab');
  await page.keyboard.type('a result with spaces');
  await expect(expected(2)).toHaveValue('a result with spaces');
  await expect(approval.getByTestId('plan-feedback')).toHaveCount(0);
  await expect(focusedTestId(page)).resolves.toBe('plan-expected');
  await shots(page, 'plan-editing', (n) => testInfo.outputPath(n));

  // Emptied again: not kept when left, and Approve sends only the TODOs with something in them.
  await expected(2).fill('');
  await approval.getByTestId('plan-add').click(); // another empty one, left empty too
  await expect(rows).toHaveCount(3);
  await expect(description(2)).toBeFocused();
  await expect(approval.getByTestId('plan-approve')).toBeEnabled();
  await expect(approval.getByTestId('plan-approve')).toHaveText('Approve edited plan');
  await approval.getByTestId('plan-approve').click();

  await expect(page.getByTestId('board').getByTestId('todo-card')).toHaveCount(2);
  await expect(page.getByTestId('board')).toContainText('Write notes.md');
  await expect.poll(() => prompt).toContain('Write notes.md');
  expect(prompt).toContain('with a greeting');
  await expect(page.getByTestId('board').getByTestId('todo-card').filter({ hasText: /^\s*$/ })).toHaveCount(0);
});
