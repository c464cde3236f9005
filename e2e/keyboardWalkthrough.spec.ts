import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { reply } from '../src/testing/openaiTestServer';
import { serveWithModelEachTest } from './support/agentServe';
import { plan, verdict } from './support/agentScripts';
import { makeFixtureRepo } from './support/fixtureRepo';

// Issue 27, defects 1, 5 and 9, and "the whole walkthrough with the keyboard alone": every "View: Show …" command
// hands the keyboard to its view; the agent views have keys (Ctrl+Shift+D/M/H/S) and so has "Approve Plan"
// (Ctrl+Shift+Enter); the session list is one tab stop; the folder picker starts in its path box, opens no folder
// the person did not choose and asks before stopping running sessions; discard dialogs start on Cancel.

const serveForTest = serveWithModelEachTest();
const PLAN_WAITS = { agent: { mode: 'autonomous', policy: { requirePlanApproval: true, autoApprove: { write: false, command: true } } } };

/** The focused element's data-testid (or its tag when it has none). */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? null);

/** Runs a palette command by typing its title, from the keyboard. */
async function command(page: Page, title: string): Promise<void> {
  await page.keyboard.press('Control+Shift+P');
  await expect(page.getByTestId('palette-input')).toBeFocused();
  await page.keyboard.type(title);
  await expect(page.getByTestId('palette-option').first()).toContainText(title);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('command-palette')).toHaveCount(0);
}

/** Presses Tab until `target` has the focus (at most `limit` times). */
async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('the whole walkthrough with the keyboard alone: start a task, approve the plan, review and accept, restore a checkpoint and undo it', async ({ page }) => {
  test.setTimeout(120_000);
  const repo = makeFixtureRepo();
  const greet = join(repo, 'greet.txt');
  const app = await serveForTest(repo, { globalSettings: PLAN_WAITS });
  app.model.enqueue(
    plan([{ id: 't1', description: 'Create greet.txt saying hello world', expectedResult: 'greet.txt contains "hello world"' }]),
    reply.message({ text: 'Writing greet.txt.', toolCalls: [{ name: 'write_file', arguments: { path: 'greet.txt', content: 'hello world\n' } }] }),
    reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'wrote greet.txt' }),
    verdict('t1', true, 'greet.txt says hello world'),
    verdict('task', true, 'all done'),
  );
  await page.goto(app.served.url);
  await expect(page.getByTestId('view-agent')).toBeVisible();

  // Start a task: Ctrl+Shift+D shows the Agent view with the focus in the task box.
  await page.keyboard.press('Control+Shift+D');
  await expect(page.getByTestId('start-task')).toBeFocused();
  await page.keyboard.type('Greet the world in greet.txt');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('session-view')).toBeVisible();

  // Approve the plan: Ctrl+Shift+Enter.
  await expect(page.getByTestId('plan-approval').getByTestId('plan-row')).toHaveCount(1);
  await page.keyboard.press('Control+Shift+Enter');
  await expect(page.getByTestId('plan-approval')).toHaveCount(0);

  // Review and accept: Ctrl+Shift+M puts the focus in the Review pane, where `a` accepts.
  await expect(page.getByTestId('review-badge')).toHaveText('1');
  await page.keyboard.press('Control+Shift+M');
  await expect(page.getByTestId('review-pane')).toBeFocused();
  await expect(page.getByTestId('review-title')).toContainText('greet.txt');
  await page.keyboard.press('a');
  await expect(page.getByTestId('review-empty')).toBeVisible();
  await expect.poll(() => existsSync(greet) && readFileSync(greet, 'utf8')).toBe('hello world\n');
  await expect(page.getByTestId('status-agent')).toContainText('Completed');
  app.model.assertDone();

  // Open the timeline (Ctrl+Shift+H: its list has the focus), select the start of TODO t1 with the arrows.
  await page.keyboard.press('Control+Shift+H');
  const list = page.getByTestId('timeline-list');
  await expect(list).toBeFocused();
  const start = page.getByTestId('checkpoint-row').filter({ hasText: 'start of TODO t1' });
  await expect(start).toHaveCount(1);
  for (let i = 0; i < 20 && (await start.getAttribute('aria-selected')) !== 'true'; i++) await page.keyboard.press('ArrowDown');
  await expect(start).toHaveAttribute('aria-selected', 'true');

  // Restore it: Tab to the detail's Restore, Enter, Enter in the dialog (files only, the default).
  await tabTo(page, page.getByTestId('checkpoint-restore-button'));
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('restore-dialog');
  await expect(dialog.getByTestId('restore-confirm')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('restore-toast')).toBeVisible();
  await expect.poll(() => existsSync(greet)).toBe(false);

  // Undo it from the palette.
  await command(page, 'Undo the Last Restore');
  await expect(page.getByTestId('restore-toast')).toContainText('Restore undone');
  await expect.poll(() => existsSync(greet) && readFileSync(greet, 'utf8')).toBe('hello world\n');
});

test('every "Show …" command hands the keyboard to its view, and the keys are in the palette and the tooltips', async ({ page }) => {
  test.setTimeout(240_000);
  const repo = makeFixtureRepo({ '.akira/specs/greet/requirements.md': '# Greet\n', '.akira/specs/greet/tasks.md': '- [ ] 1. Greet\n' });
  const app = await serveForTest(repo);
  await page.goto(app.served.url);
  await expect(page.getByTestId('view-agent')).toHaveAttribute('title', 'Agent (Ctrl+Shift+D)');
  await expect(page.getByTestId('view-review')).toHaveAttribute('title', 'Review (Ctrl+Shift+M)');
  await expect(page.getByTestId('view-timeline')).toHaveAttribute('title', 'Timeline (Ctrl+Shift+H)');
  await expect(page.getByTestId('view-specs')).toHaveAttribute('title', 'Specs (Ctrl+Shift+S)');

  // The terminal had the focus: "Show Review" takes it (Review's `a` went into the terminal).
  await page.locator('.xterm-helper-textarea').first().focus();
  const shows: [string, string][] = [
    ['View: Show Review', 'review-pane'],
    ['View: Show Agent', 'start-task'],
    ['View: Show Timeline', 'checkpoint-label'], // no checkpoints yet: its label box
    ['View: Show Specs', 'spec-item'],
    ['View: Show Files', 'file-tree'],
    ['View: Show Changes', 'commit-message'],
    ['View: Search in Files', 'search-query'],
  ];
  for (const [title, control] of shows) {
    await command(page, title);
    await expect.poll(() => focused(page), { message: title }).toBe(control);
  }
  // The palette lists the keys.
  await page.keyboard.press('Control+Shift+P');
  await page.keyboard.type('Show Agent');
  await expect(page.getByTestId('palette-option').first()).toContainText('Ctrl+Shift+D');
  await page.keyboard.press('Escape');

  // Typing a task after "Show Agent" goes into the task box: no folder picker opens at the first space.
  await command(page, 'View: Show Agent');
  await expect(page.getByTestId('start-task')).toBeFocused();
  await page.keyboard.type('fix the bug in src');
  await expect(page.getByTestId('start-task')).toHaveValue('fix the bug in src');
  await expect(page.getByTestId('open-folder-dialog')).toHaveCount(0);
});

test('the folder picker starts in its path box, opens no folder unasked, and asks before stopping running sessions; the session list is one tab stop', async ({ page }) => {
  test.setTimeout(120_000);
  const repo = makeFixtureRepo();
  const app = await serveForTest(repo, { globalSettings: PLAN_WAITS });
  app.model.enqueue(plan([{ id: 't1', description: 'Do one thing', expectedResult: 'done' }]), plan([{ id: 't1', description: 'Do another', expectedResult: 'done' }]));
  await page.goto(app.served.url);
  const folder = page.getByTestId('status-folder');
  await expect(folder).not.toHaveText('');
  const name = (await folder.textContent())!;

  // Two sessions waiting for their plans (the second in parallel).
  await page.getByTestId('view-agent').click(); // setup, not under test here
  for (const task of ['first task', 'second task']) {
    await page.getByTestId('start-task').fill(task);
    await page.getByTestId('start-task').press('Control+Enter');
    if (task === 'second task') {
      await expect(page.getByTestId('busy-dialog')).toBeVisible();
      await page.getByTestId('busy-parallel').focus();
      await page.keyboard.press('Enter');
    }
    await expect(page.locator(`[data-testid="session-row"][data-status="awaiting_plan_approval"]`).filter({ hasText: task })).toHaveCount(1);
  }

  // One tab stop: Tab reaches one row, the arrows move between them, Tab leaves the list.
  const rows = page.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  await expect(page.locator('[data-testid="session-row"][tabindex="0"]')).toHaveCount(1);
  await page.locator('[data-testid="session-row"][tabindex="0"]').focus();
  const first = await page.evaluate(() => document.activeElement?.getAttribute('data-session-id'));
  await page.keyboard.press(first === (await rows.nth(0).getAttribute('data-session-id')) ? 'ArrowDown' : 'ArrowUp');
  const second = await page.evaluate(() => document.activeElement?.getAttribute('data-session-id'));
  expect(second).not.toBe(first);
  expect([await rows.nth(0).getAttribute('data-session-id'), await rows.nth(1).getAttribute('data-session-id')]).toContain(second);
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).not.toBe('session-row');

  // The picker: the focus in the path box; a typed task and Ctrl+Enter there open nothing.
  await folder.focus();
  await page.keyboard.press('Enter');
  const picker = page.getByTestId('open-folder-dialog');
  await expect(picker.getByTestId('folder-path')).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('refactor the parser please');
  await page.keyboard.press('Control+Enter');
  // Ctrl+Enter in the list with nothing selected opens nothing either.
  await picker.getByTestId('folder-list').focus();
  await page.keyboard.press('Control+Enter');
  await expect(picker).toBeVisible();
  await expect(page.getByTestId('folder-stop-sessions')).toHaveCount(0);
  await expect(folder).toHaveText(name);

  // Choosing a folder with sessions running asks first, Cancel focused: Enter keeps the workspace.
  await picker.getByTestId('folder-list').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Control+Enter');
  const ask = page.getByTestId('folder-stop-sessions');
  await expect(ask).toBeVisible();
  await expect(ask.getByTestId('folder-stop-cancel')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(ask).toHaveCount(0);
  await expect(picker.getByTestId('folder-path')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(picker).toHaveCount(0);
  await expect(folder).toHaveText(name);
  await expect(page.locator(`[data-testid="session-row"][data-status="awaiting_plan_approval"]`)).toHaveCount(2);
});

test('a discard dialog starts on Cancel: Enter does not discard', async ({ page }) => {
  const repo = makeFixtureRepo();
  const app = await serveForTest(repo);
  writeFileSync(join(repo, 'README.md'), '# Demo project\n\nEdited by hand.\n');
  await page.goto(app.served.url);
  await expect(page.getByTestId('view-changes')).toBeVisible();
  await page.keyboard.press('Control+Shift+G');
  const row = page.locator('[data-testid="change-row"][data-path="README.md"]');
  await expect(row).toHaveCount(1);
  await row.hover();
  await row.getByTestId('change-discard').click();
  const dialog = page.getByTestId('discard-dialog');
  await expect(dialog.getByTestId('discard-cancel')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  expect(readFileSync(join(repo, 'README.md'), 'utf8')).toBe('# Demo project\n\nEdited by hand.\n');
});
