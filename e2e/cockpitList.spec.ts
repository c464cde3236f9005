import { expect, test, type Page } from '@playwright/test';
import { reply } from '../src/testing/openaiTestServer';
import { serveWithModel, type ServedWithModel } from './support/agentServe';
import { verdict } from './support/agentScripts';
import { makeFixtureRepo, writeFiles } from './support/fixtureRepo';
import { scriptedSessions, shootBoth } from './support/sessionsModel';

// Issue 27, defects 6, 11, 23 and 24 in the real UI against `akira serve` (and the scripted model server where a
// session runs): one highlighted row in the file tree, Auto save's state in the tab menu, a spec session named by its
// spec and tasks with its tasks' Run in sight, and a queued session's rules files.

let app: ServedWithModel | null = null;
test.afterEach(async () => {
  await app?.stop();
  app = null;
});

const treeRow = (page: Page, path: string) => page.locator(`[data-testid="tree-row"][data-path="${path}"]`);

/** The tree rows with a background of their own (a highlight), not counting the pointer's hover. */
async function highlighted(page: Page): Promise<string[]> {
  await page.mouse.move(0, 0);
  return page.locator('[data-testid="tree-row"]').evaluateAll((rows) =>
    rows.filter((r) => !['rgba(0, 0, 0, 0)', 'transparent'].includes(getComputedStyle(r).backgroundColor)).map((r) => r.getAttribute('data-path') ?? ''),
  );
}

test('the file tree highlights one row at a time; the tab menu shows whether Auto save is on', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  app = await serveWithModel(makeFixtureRepo());
  await page.goto(app.served.url);

  // README.md is open in the editor; the keyboard moves the tree's selection to another row.
  await treeRow(page, 'README.md').click();
  await expect(page.getByTestId('editor-tab').filter({ hasText: 'README.md' })).toBeVisible();
  await treeRow(page, 'README.md').focus();
  await page.keyboard.press('ArrowUp');
  const selected = page.locator('[data-testid="tree-row"][aria-selected="true"]');
  await expect(selected).toHaveCount(1);
  const other = (await selected.getAttribute('data-path'))!;
  expect(other).not.toBe('README.md');
  // In the tree: only the selected row. Elsewhere: only the open file's row.
  expect(await highlighted(page)).toEqual([other]);
  await page.getByTestId('editor-tab').filter({ hasText: 'README.md' }).click();
  expect(await highlighted(page)).toEqual(['README.md']);
  await shootBoth(page, testInfo, 'tree-one-highlight');

  // Auto save: off says so ("Off", no check); turned on, the menu shows the check and the delay.
  await page.getByTestId('editor-tab').filter({ hasText: 'README.md' }).click({ button: 'right' });
  const item = page.getByTestId('tab-menu-autosave');
  await expect(item).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByTestId('tab-menu-autosave-state')).toHaveText('Off');
  await expect(page.getByTestId('tab-menu-autosave-check')).toHaveText('');
  await shootBoth(page, testInfo, 'tab-menu-autosave-off');
  await item.click();
  await page.getByTestId('editor-tab').filter({ hasText: 'README.md' }).click({ button: 'right' });
  await expect(item).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('tab-menu-autosave-check')).toHaveText('✓');
  await expect(page.getByTestId('tab-menu-autosave-state')).toHaveText(/^after /);
  await shootBoth(page, testInfo, 'tab-menu-autosave-on');
});

const TASKS_PATH = '.akira/specs/hello/tasks.md';
const TASKS = ['# Implementation Plan', '', '- [ ] 1. Say hello', '  - A friendly greeting for new users', '', '- [ ] 2. Say goodbye', '  - A polite farewell', ''].join('\n');
const GLOBAL = { agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: true } } } };

test('a spec session is named by its spec and tasks; a task’s Run is in sight without hovering', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const repo = makeFixtureRepo();
  writeFiles(repo, { [TASKS_PATH]: TASKS });
  app = await serveWithModel(repo, { globalSettings: GLOBAL });
  app.model.enqueue(
    reply.toolCall('assess_task', { taskId: '1', detected: false, confidence: 0.2, reasoning: 'Nothing greets new users yet.' }),
    reply.toolCall('write_file', { path: 'greeting.md', content: 'Hello and welcome!\n' }),
    reply.toolCall('update_todo', { id: '1', status: 'done', result: 'wrote greeting.md' }),
    verdict('1'),
    verdict('task'),
  );
  await page.goto(app.served.url);
  await page.getByTestId('view-specs').click();
  await expect(page.getByTestId('spec-view')).toHaveAttribute('data-spec', 'hello');
  await page.mouse.move(0, 0);
  const run = page.locator('[data-testid="spec-task"][data-task-id="2"]').getByTestId('spec-run-task');
  await expect(run).toBeVisible();
  expect(await run.evaluate((el) => getComputedStyle(el.parentElement!).opacity)).toBe('1');
  await shootBoth(page, testInfo, 'specs-run-visible');

  await page.locator('[data-testid="spec-task"][data-task-id="1"]').getByTestId('spec-run-task').click();
  await page.getByTestId('view-agent').click();
  const row = page.getByTestId('session-row');
  await expect(row).toHaveCount(1);
  await expect(row.locator('.session-row-task')).toHaveText('Spec hello · task 1');
  await expect(row).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  await row.click();
  await expect(page.getByTestId('session-task')).toHaveText('Spec hello · task 1');
  await shootBoth(page, testInfo, 'spec-session-named');
});

test('a queued session shows the rules files it will read, not "No rules files"', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const repo = makeFixtureRepo();
  writeFiles(repo, { 'AGENTS.md': '# Agents\n\nRun the tests before you finish.\n' });
  app = await serveWithModel(repo, { globalSettings: { agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: true }, limits: { maxConcurrentTasks: 1 } } } } });
  const TASK = { ALPHA: 'ALPHA: tidy the README', BRAVO: 'BRAVO: add a changelog' };
  const model = scriptedSessions(app, TASK, ['ALPHA', 'BRAVO']);
  await page.goto(app.served.url);
  await page.getByTestId('view-agent').click();
  for (const name of ['ALPHA', 'BRAVO'] as const) {
    await page.getByTestId('start-task').fill(TASK[name]);
    await page.getByTestId('start-submit').click();
    if (name === 'ALPHA') {
      await expect(page.getByTestId('session-view')).toBeVisible();
      await expect.poll(() => model.calls.length).toBe(1); // ALPHA plans behind the gate
      await expect(page.getByTestId('start-task')).toHaveValue('');
    } else {
      const dialog = page.getByTestId('busy-dialog');
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Enter'); // Queue it
    }
  }
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'queued');
  const context = page.getByTestId('session-context');
  await expect(context.getByTestId('session-rules-none')).toHaveCount(0);
  await expect(context.getByTestId('session-rule')).toHaveAttribute('data-path', 'AGENTS.md');
  await expect(context.getByTestId('session-rules-pending')).toHaveText('read when the session starts');
  await shootBoth(page, testInfo, 'queued-rules');
  model.release();
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  await expect(context.getByTestId('session-rule')).toHaveAttribute('data-path', 'AGENTS.md');
  await expect(context.getByTestId('session-rules-pending')).toHaveCount(0);
});
