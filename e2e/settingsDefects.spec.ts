import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { reply } from '../src/testing/openaiTestServer';
import { serveWithModel, type ServedWithModel } from './support/agentServe';
import { plan, verdict } from './support/agentScripts';
import { makeFixtureRepo } from './support/fixtureRepo';
import { serve, type Served } from './support/serve';

// Settings as a careful user finds them (issue 14, defect 6): numbers are checked as they are typed, in words (never
// "limits.maxToolLoopsPerTodo"); Revert leaves no "Not saved…" behind and Esc still closes the dialog; the saved API
// key shows its last characters and, saved for the server in use, is the key in use; prices make cost appear.

const KEY = 'sk-e2e-saved-0123456789-wxyz';

let served: Served | null = null;
let app: ServedWithModel | null = null;

test.afterEach(async () => {
  await served?.stop();
  await app?.stop();
  served = null;
  app = null;
});

const fieldError = (page: Page, path: string) => page.locator(`.st-field[data-path="${path}"] [data-testid="field-error"]`);

async function shots(page: Page, testInfo: TestInfo, name: string, scrollTo?: string) {
  const size = page.viewportSize()!;
  if (scrollTo) await page.getByTestId(scrollTo).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
  await page.setViewportSize({ width: 1100, height: 700 });
  if (scrollTo) await page.getByTestId(scrollTo).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath(`${name}-1100x700.png`) });
  await page.setViewportSize(size);
}

test('numbers are checked as typed in words; Revert clears “Not saved…”; Esc still closes', async ({ page }, testInfo) => {
  const repo = makeFixtureRepo();
  const dataDir = mkdtempSync(join(tmpdir(), 'akira-e2e-data-'));
  const file = join(dataDir, 'settings.json');
  writeFileSync(file, JSON.stringify({ agent: { policy: { limits: { maxRetriesPerTodo: 2 } } } }, null, 2));
  const before = () => JSON.parse(readFileSync(file, 'utf8')).agent;
  served = await serve(repo, { AKIRA_DATA_DIR: dataDir, OPENAI_API_KEY: '', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', AKIRA_MODEL: 'mock' });
  await page.goto(served.url);
  await page.getByTestId('open-settings').click();
  const settings = page.getByTestId('settings');
  await expect(settings).toBeVisible();

  // The per-model settings are for the model in effect (this part of the issue was fixed before): JSON mode is offered.
  await expect(page.getByTestId('settings-per-model-title')).toHaveText('Settings of mock (environment)');
  await expect(page.getByTestId('settings-json-mode')).toBeEnabled();
  await expect(settings).not.toContainText('name a model first');

  // Out of range: said at once, before any Save, in the words of the form.
  await page.getByTestId('settings-limit-maxToolLoopsPerTodo').fill('500');
  await expect(fieldError(page, 'agent.policy.limits.maxToolLoopsPerTodo')).toHaveText('Max tool loops per TODO must be a whole number from 1 to 200');
  await page.getByTestId('settings-timeout').fill('0');
  await expect(fieldError(page, 'model.timeoutSeconds')).toHaveText('Timeout must be a number from 1 to 3,600 seconds');
  await page.getByTestId('settings-input-price').fill('lots');
  await expect(fieldError(page, 'model.inputPricePer1M')).toHaveText('Input price must be a number from 0 to 1,000,000 USD per 1M tokens');
  await page.getByTestId('settings-retention-days').fill('5000');
  await expect(fieldError(page, 'checkpoints.retentionDays')).toHaveText('Checkpoint retention must be a whole number from 1 to 3,650 days');
  // Never a key of the file.
  for (const text of await page.getByTestId('field-error').allTextContents()) expect(text).not.toMatch(/[a-z][A-Z]|[a-z]\.[a-z]/);
  await expect(page.getByTestId('settings-notice')).toHaveText('Unsaved changes.');
  await fieldError(page, 'agent.policy.limits.maxToolLoopsPerTodo').scrollIntoViewIfNeeded();
  await shots(page, testInfo, 'settings-typed-errors');

  // Fixed: its message goes away as it is typed.
  await page.getByTestId('settings-limit-maxToolLoopsPerTodo').fill('40');
  await expect(fieldError(page, 'agent.policy.limits.maxToolLoopsPerTodo')).toHaveCount(0);

  // Save refuses the rest; nothing is written.
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-notice')).toHaveText(/^Not saved: (a field above needs|\d+ fields above need) fixing/);
  expect(before()).toEqual({ policy: { limits: { maxRetriesPerTodo: 2 } } });

  // Revert: back to the file, no messages, no "Not saved…".
  await page.getByTestId('settings-revert').click();
  await expect(page.getByTestId('settings-notice')).toHaveText('');
  await expect(page.getByTestId('field-error')).toHaveCount(0);
  await expect(page.getByTestId('settings-timeout')).toHaveValue('');
  await expect(page.getByTestId('settings-limit-maxRetriesPerTodo')).toHaveValue('2');
  await expect(page.getByTestId('settings-revert')).toBeDisabled();
  await shots(page, testInfo, 'settings-reverted', 'settings-notice');

  // Esc still closes the dialog (the Revert button that had the focus disabled itself).
  await page.keyboard.press('Escape');
  await expect(settings).toHaveCount(0);

  // And when the focus is on the page itself.
  await page.getByTestId('open-settings').click();
  await expect(settings).toBeVisible();
  await page.getByTestId('settings-timeout').fill('30');
  await page.getByTestId('settings-revert').click();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Escape');
  await expect(settings).toHaveCount(0);
});

test('the saved key shows its last characters and is the one in use; prices make cost appear', async ({ page }, testInfo) => {
  const repo = makeFixtureRepo();
  // OPENAI_API_KEY is "sk-test" (too short to show any of it) and the model server wants another key.
  app = await serveWithModel(repo, { server: { apiKey: KEY }, globalSettings: { agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: true } } } } });
  const file = join(app.dataDir, 'settings.json');
  await page.goto(app.served.url);
  await page.getByTestId('open-settings').click();
  const status = page.getByTestId('api-key-status');
  await expect(status).toHaveText('set — from OPENAI_API_KEY');

  // Save the right key (for the server in use): it is the one in use, and says so with its last characters.
  await page.getByTestId('api-key-input').fill(KEY);
  await page.getByTestId('api-key-save').click();
  await expect(status).toHaveText(/^set \(…wxyz\) — saved for http:\/\/127\.0\.0\.1:\d+$/);
  await expect(page.getByTestId('api-key-note')).toContainText('is used, for http://127.0.0.1:');
  await expect(page.getByTestId('api-key-note')).toContainText('OPENAI_API_KEY from the environment is not used there while this key is saved');
  // The connection test goes through with it (the environment's key would be refused).
  app.model.enqueue(reply.text('OK'));
  await page.getByTestId('settings-test').click();
  await expect(page.getByTestId('settings-test-result')).toHaveAttribute('data-ok', 'true');
  await shots(page, testInfo, 'settings-api-key', 'api-key-status');

  // Prices: saved in the global model section.
  await page.getByTestId('settings-input-price').fill('3');
  await page.getByTestId('settings-output-price').fill('15');
  await expect(page.getByTestId('field-error')).toHaveCount(0);
  await shots(page, testInfo, 'settings-prices', 'settings-prices');
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-notice')).toHaveText(`Saved to ${file}.`);
  expect(JSON.parse(readFileSync(file, 'utf8')).model).toEqual({ inputPricePer1M: 3, outputPricePer1M: 15 });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings')).toHaveCount(0);

  // A session with that model: cost appears on the TODO and in the session's header.
  app.model.enqueue(
    plan([{ id: 't1', description: 'Say hello', expectedResult: 'hello said' }]),
    reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'said hello' }),
    verdict('t1', true, 'fine'),
    verdict('task', true, 'all done'),
  );
  await page.getByTestId('view-agent').click();
  await page.getByTestId('start-task').fill('Say hello');
  await page.getByTestId('start-submit').click();
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'completed');
  await expect(page.locator('[data-testid="todo-card"][data-todo-id="t1"]').getByTestId('todo-tokens')).toContainText(/tokens · \$\d/);
  await expect(page.getByTestId('session-header')).toContainText(/tokens · \$\d/);
  app.model.assertDone();
  await shots(page, testInfo, 'session-cost');
});
