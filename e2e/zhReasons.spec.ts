import { expect, test, type Page } from '@playwright/test';
import { reply } from '../src/testing/openaiTestServer';
import { serveWithModel, type ServedWithModel } from './support/agentServe';
import { makeFixtureRepo } from './support/fixtureRepo';

/**
 * Issue 14: the reasons the core writes into a session's events (here: waiting for a file change's approval, then
 * stopped from the app) are shown in Chinese under zh-CN — the session's reason line, the activity's status line
 * and end card — while the log keeps them in English.
 */

let app: ServedWithModel | null = null;

test.afterEach(async () => {
  await app?.stop();
  app = null;
});

const activity = (page: Page) => page.getByTestId('activity');

test('a waiting and a stopped session say why in Chinese', async ({ page }) => {
  test.setTimeout(120_000);
  app = await serveWithModel(makeFixtureRepo(), { globalSettings: { ui: { language: 'zh-CN' } } }); // file changes ask
  app.model.enqueue(
    reply.toolCall('todo_write', { todos: [{ id: 't1', description: 'Create alpha.txt saying alpha', expectedResult: 'alpha.txt contains alpha' }] }),
    reply.toolCall('write_file', { path: 'alpha.txt', content: 'alpha\n' }),
  );
  await page.goto(app.served.url);
  await page.getByTestId('view-agent').click();
  await page.getByTestId('start-task').fill('Write alpha.txt');
  await page.getByTestId('start-submit').click();
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'waiting_approval', { timeout: 30_000 });
  await expect(page.getByTestId('session-reason')).toHaveText('等待批准：创建 alpha.txt');
  await expect(activity(page).getByTestId('card-status').last()).toContainText('等待批准：创建 alpha.txt');

  await page.getByTestId('session-stop').click();
  await page.getByTestId('session-stop-confirm').click();
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'stopped');
  await expect(page.getByTestId('session-reason')).toHaveText('已在应用中停止。');
  await expect(activity(page).getByTestId('card-end-stopped')).toContainText('已在应用中停止。');
  await expect(activity(page).getByTestId('card-end-stopped')).not.toContainText('Stopped from the app.');
});

test('a destructive command waiting for approval says why in Chinese', async ({ page }) => {
  test.setTimeout(120_000);
  app = await serveWithModel(makeFixtureRepo(), { globalSettings: { ui: { language: 'zh-CN' } } });
  app.model.enqueue(
    reply.toolCall('todo_write', { todos: [{ id: 't1', description: 'Clean up', expectedResult: 'src is gone' }] }),
    reply.toolCall('run_command', { command: 'npm test && rm -rf src' }),
  );
  await page.goto(app.served.url);
  await page.getByTestId('view-agent').click();
  await page.getByTestId('start-task').fill('Clean up');
  await page.getByTestId('start-submit').click();
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'waiting_approval', { timeout: 30_000 });
  await expect(page.getByTestId('session-reason')).toHaveText('等待批准命令：npm test && rm -rf src');
  const why = activity(page).getByTestId('approval-destructive');
  await expect(why).toHaveText('rm -rf src：破坏性操作：在构建文件夹之外递归执行 rm（"src"）');
  await expect(why).not.toContainText('destructive');

  await page.getByTestId('session-stop').click();
  await page.getByTestId('session-stop-confirm').click();
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'stopped');
});
