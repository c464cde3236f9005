import { expect, test, type Page } from '@playwright/test';
import { serveWithModel, type ServedWithModel } from './support/agentServe';
import { alphaBetaSession } from './support/agentScripts';
import { makeFixtureRepo } from './support/fixtureRepo';
import { shootBoth } from './support/sessionsModel';

// Issue 14, defect 3: the Timeline showed one "Session: … completed" group per TODO, numbered agent and manual /
// before-restore checkpoints separately (two "#3"), labelled restores with internal ids ("Before restoring Before
// restoring TODO t1: … (0mwud4dnkdf8a0e) (0mwud78bua6796e)") and squeezed the selected checkpoint's detail into the
// 280-px sidebar while the main area kept an old diff. Now: one group per session with its TODOs inside, one
// numbering, labels in words, and the detail with its diff in the main area.

let app: ServedWithModel | null = null;

test.afterEach(async () => {
  await app?.stop();
  app = null;
});

const row = (page: Page, label: string) => page.getByTestId('checkpoint-row').filter({ hasText: label });
const agentRow = (page: Page, label: string) => page.locator('[data-testid="checkpoint-row"][data-origin="agent"]').filter({ hasText: label });
const modifiedSide = (page: Page) => page.locator('.editor-area [data-testid="diff-viewer"] .editor.modified');

test('one group per session with its TODOs, one numbering, labels in words, the detail and its diff in the main area', async ({ page }, testInfo) => {
  const repo = makeFixtureRepo();
  app = await serveWithModel(repo, { globalSettings: { agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: true } } } } });
  app.model.enqueue(...alphaBetaSession());
  await page.goto(app.served.url);

  // A checkpoint by hand, then a whole session (its start, each TODO's start and write).
  await page.getByTestId('view-timeline').click();
  await page.getByTestId('checkpoint-label').fill('by hand');
  await page.getByTestId('checkpoint-create').click();
  await expect(row(page, 'by hand')).toHaveCount(1);
  await page.getByTestId('view-agent').click();
  await page.getByTestId('start-task').fill('Write alpha.txt and beta.txt');
  await page.getByTestId('start-submit').click();
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });

  // Restore t1's write (files only), then undo it from the banner: two before-restore checkpoints.
  await page.getByTestId('view-timeline').click();
  await expect(row(page, 'TODO t2: beta.txt')).toHaveCount(1);
  const t1Write = agentRow(page, 'TODO t1: alpha.txt');
  await t1Write.hover();
  await t1Write.getByTestId('checkpoint-restore').click();
  await page.getByTestId('restore-dialog').getByTestId('restore-confirm').click();
  await expect(page.getByTestId('restore-toast')).toContainText('Restored the workspace');
  await page.getByTestId('undo-restore').click();
  await expect(page.getByTestId('restore-toast')).toContainText('Restore undone');
  await expect(page.getByTestId('checkpoint-row')).toHaveCount(8);

  // One group for the session, its TODOs inside it (newest first).
  const groups = page.getByTestId('agent-group');
  await expect(groups).toHaveCount(1);
  await expect(groups).toContainText('Session: Write alpha.txt and beta.txt');
  await expect(groups.locator('.tl-group-count')).toHaveText('5');
  const todos = page.getByTestId('agent-group-todo');
  await expect(todos).toHaveCount(3);
  expect(await todos.evaluateAll((els) => els.map((e) => e.getAttribute('data-todo-id')))).toEqual(['t2', 't1', '']);
  await expect(todos.nth(0)).toContainText('TODO t2 Create beta.txt saying beta');
  await expect(todos.nth(2)).toContainText('start of the session');

  // One numbering: #1 … #8, each once, newest first.
  const numbers = await page.locator('[data-testid="checkpoint-row"] .tl-n').allTextContents();
  expect(numbers).toEqual(['#8', '#7', '#6', '#5', '#4', '#3', '#2', '#1']);

  // Labels in words, no ids.
  const labels = await page.locator('[data-testid="checkpoint-row"] .tl-label').allTextContents();
  expect(labels.slice(0, 2)).toEqual(['Before undoing the restore of TODO t1: alpha.txt', 'Before restoring TODO t1: alpha.txt']);
  for (const label of labels) expect(label).not.toMatch(/\([0-9a-z]{12,}\)|Before restoring Before/);
  await shootBoth(page, testInfo, 'timeline-groups');

  // The selected checkpoint's detail and its diff are in the main area, not in the sidebar.
  await agentRow(page, 'TODO t2: beta.txt').click();
  const detail = page.locator('.editor-area [data-testid="checkpoint-detail"]');
  await expect(detail).toBeVisible();
  await expect(page.locator('.sidebar [data-testid="checkpoint-detail"]')).toHaveCount(0);
  await expect(detail.getByTestId('checkpoint-detail-label')).toHaveText('TODO t2: beta.txt');
  await expect(detail).toContainText('Session: Write alpha.txt and beta.txt · TODO t2 Create beta.txt saying beta');
  await expect(detail.locator('[data-testid="checkpoint-file"][data-path="beta.txt"]')).toHaveClass(/selected/);
  await expect(modifiedSide(page)).toContainText('beta');
  await expect(detail.getByTestId('checkpoint-diff-sides')).toHaveText('#5 “start of TODO t2” ↔ #6 “TODO t2: beta.txt”');
  await shootBoth(page, testInfo, 'timeline-detail');
  expect((await detail.boundingBox())!.width).toBeGreaterThan(800);

  // Another checkpoint: the main area follows (no old diff stays).
  await agentRow(page, 'TODO t1: alpha.txt').click();
  await expect(detail.getByTestId('checkpoint-detail-label')).toHaveText('TODO t1: alpha.txt');
  await expect(page.locator('.editor-area [data-testid="diff-viewer"]')).toHaveAttribute('data-path', 'alpha.txt');
  await expect(modifiedSide(page)).toContainText('alpha');
  // At 1100×700 it still has the room the sidebar never had.
  await page.setViewportSize({ width: 1100, height: 700 });
  expect((await detail.boundingBox())!.width).toBeGreaterThan(700);
  await page.setViewportSize({ width: 1400, height: 860 });

  // Closing it gives the main area back to the editor.
  await detail.getByTestId('checkpoint-detail-close').click();
  await expect(page.getByTestId('checkpoint-detail')).toHaveCount(0);
  await expect(page.getByTestId('editor-empty')).toBeVisible();
});
