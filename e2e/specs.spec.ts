import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { makeFixtureRepo, writeFiles } from './support/fixtureRepo';
import { serve, type Served } from './support/serve';

// The Specs view (issue 9): the workspace's specs with their progress, a spec's tasks as a nested checklist,
// ticking and reopening a task by hand (mouse and Space) with tasks.md changing on disk, Open tasks.md.

let served: Served | null = null;
test.afterEach(async () => {
  await served?.stop();
  served = null;
});

const AUTH = [
  '# Implementation plan',
  '',
  '- [x] 1. Set up the project',
  '  - Create the folders and the config',
  '  - _Requirements: 1.1_',
  '',
  '- [ ] 2. Login',
  '  - [ ] 2.1 Login form',
  '    - Email and password fields',
  '    - _Requirements: 2.1, 2.2_',
  '  - [-] 2.2 Session cookie',
  '    - _Requirements: 2.3_',
  '',
  '- [ ] 3. Sign out',
  '  - Clear the session',
  '',
].join('\n');

const BILLING = ['- [x] 1. Invoices', '- [ ] 2. Payments', '- [?] 3. Refunds', ''].join('\n');

const task = (page: Page, id: string) => page.locator(`[data-testid="spec-task"][data-task-id="${id}"]`);
const spec = (page: Page, name: string) => page.locator(`[data-testid="spec-item"][data-spec="${name}"]`);

test('the Specs view: specs with progress, a nested checklist, tick and reopen a task by hand', async ({ page }, testInfo) => {
  const repo = makeFixtureRepo();
  writeFiles(repo, { '.akira/specs/auth/tasks.md': AUTH, '.kiro/specs/billing/tasks.md': BILLING });
  const tasksFile = join(repo, '.akira/specs/auth/tasks.md');
  served = await serve(repo);
  await page.goto(served.url);

  await page.getByTestId('view-specs').click();
  await expect(page.getByTestId('spec-item')).toHaveCount(2);
  await expect(spec(page, 'auth').getByTestId('spec-progress')).toHaveText('1/4');
  await expect(spec(page, 'auth').getByTestId('spec-source')).toHaveCount(0);
  await expect(spec(page, 'billing').getByTestId('spec-progress')).toHaveText('1/2');
  await expect(spec(page, 'billing').getByTestId('spec-source')).toHaveText('.kiro');

  // Billing: its unreadable line shows as a problem.
  await spec(page, 'billing').click();
  await expect(page.getByTestId('spec-view')).toHaveAttribute('data-spec', 'billing');
  await expect(page.getByTestId('spec-problems')).toContainText('line 3');
  await page.screenshot({ path: testInfo.outputPath('specs-billing-problems.png') });

  // Auth: the nested checklist with states, details and requirements.
  await spec(page, 'auth').click();
  await expect(page.getByTestId('spec-view')).toHaveAttribute('data-spec', 'auth');
  await expect(page.getByTestId('spec-problems')).toHaveCount(0);
  await expect(page.getByTestId('spec-task')).toHaveCount(5);
  await expect(task(page, '1')).toHaveAttribute('data-state', 'done');
  await expect(task(page, '2.2')).toHaveAttribute('data-state', 'in_progress');
  await expect(task(page, '2.2').getByTestId('spec-task-state')).toHaveText('in progress');
  await expect(task(page, '2.1').getByTestId('spec-task-details')).toContainText('Email and password fields');
  await expect(task(page, '2.1').getByTestId('spec-task-details')).toContainText('Requirements: 2.1, 2.2');
  await page.screenshot({ path: testInfo.outputPath('specs-auth.png') });

  // Tick 2.1 with the mouse: ticked in the list, `- [x] 2.1` on disk, progress follows.
  await task(page, '2.1').getByTestId('spec-task-check').click();
  await expect(task(page, '2.1')).toHaveAttribute('data-state', 'done');
  await expect(task(page, '2.1').getByTestId('spec-task-check')).toBeChecked();
  expect(readFileSync(tasksFile, 'utf8')).toContain('  - [x] 2.1 Login form');
  await expect(spec(page, 'auth').getByTestId('spec-progress')).toHaveText('2/4');
  await page.screenshot({ path: testInfo.outputPath('specs-ticked.png') });

  // Reopen it from the keyboard: the checklist is focusable, Space toggles the focused task.
  await task(page, '2.1').locator('.spec-task-title').click();
  await page.getByTestId('spec-tasks').focus();
  await page.keyboard.press('Space');
  await expect(task(page, '2.1')).toHaveAttribute('data-state', 'open');
  expect(readFileSync(tasksFile, 'utf8')).toContain('  - [ ] 2.1 Login form');
  await expect(spec(page, 'auth').getByTestId('spec-progress')).toHaveText('1/4');
  expect(readFileSync(tasksFile, 'utf8')).toBe(AUTH);

  // Arrow keys move the focus; Space on task 3 ticks it; Space again reopens it.
  await page.keyboard.press('End');
  await page.keyboard.press('Space');
  await expect(task(page, '3')).toHaveAttribute('data-state', 'done');
  expect(readFileSync(tasksFile, 'utf8')).toContain('- [x] 3. Sign out');
  await page.keyboard.press('Space');
  await expect(task(page, '3')).toHaveAttribute('data-state', 'open');

  // Folding task 2 hides its subtasks.
  await task(page, '2').getByTestId('spec-task-fold').click();
  await expect(task(page, '2.1')).toHaveCount(0);
  await task(page, '2').getByTestId('spec-task-fold').click();
  await expect(task(page, '2.1')).toBeVisible();

  await page.setViewportSize({ width: 1100, height: 700 });
  await page.screenshot({ path: testInfo.outputPath('specs-1100.png') });

  // Open tasks.md: the file in the editor.
  await page.getByTestId('spec-open-tasks').click();
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('Implementation plan');
  await page.screenshot({ path: testInfo.outputPath('specs-open-tasks.png') });
});

test('the Specs view says where specs live when there are none', async ({ page }, testInfo) => {
  served = await serve(makeFixtureRepo());
  await page.goto(served.url);
  await page.getByTestId('view-specs').click();
  await expect(page.getByTestId('specs-empty-list')).toContainText('No specs');
  await expect(page.getByTestId('specs-empty').first()).toContainText('.akira/specs/<name>/tasks.md');
  await expect(page.getByTestId('specs-empty').first()).toContainText('.kiro/specs/<name>/tasks.md');
  await page.screenshot({ path: testInfo.outputPath('specs-empty.png') });
});
