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
  // the wait's reason says the status itself: once, not "等待批准：等待批准：…"
  await expect(activity(page).getByTestId('card-status').last().locator('span').last()).toHaveText('等待批准：创建 alpha.txt');

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

test("a failed tool call's card says its error in Chinese, the English the model read one click away", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  app = await serveWithModel(makeFixtureRepo(), { globalSettings: { ui: { language: 'zh-CN' } } });
  app.model.enqueue(
    reply.toolCall('todo_write', { todos: [{ id: 't1', description: 'Read nope.txt', expectedResult: 'its text is known' }] }),
    reply.toolCall('read_file', { path: 'nope.txt' }),
  );
  await page.goto(app.served.url);
  await page.getByTestId('view-agent').click();
  await page.getByTestId('start-task').fill('Read nope.txt');
  await page.getByTestId('start-submit').click();
  const card = activity(page).getByTestId('card-tool').filter({ hasText: 'read_file' });
  await expect(card.getByTestId('tool-error')).toHaveText('没有这个文件：nope.txt', { timeout: 30_000 });
  await expect(card.getByTestId('tool-error')).toHaveAttribute('title', /^Error: No such file: nope\.txt\nNext step: /);
  const modelSaw = card.getByTestId('tool-model-saw');
  await expect(modelSaw.locator('summary')).toHaveText('模型读到的内容');
  await modelSaw.locator('summary').click();
  await expect(modelSaw).toContainText('Error: No such file: nope.txt');
  await card.screenshot({ path: testInfo.outputPath('zh-tool-error-card.png') });
});

test("an MCP server that cannot start says why in Chinese in Settings", async ({ page }) => {
  test.setTimeout(120_000);
  app = await serveWithModel(makeFixtureRepo(), { globalSettings: { ui: { language: 'zh-CN' }, mcpServers: { broken: { command: 'no-such-program-akira' } } } });
  await page.goto(app.served.url);
  await page.getByTestId('open-settings').click();
  const broken = page.locator('[data-testid="mcp-server"][data-name="broken"]');
  await expect(broken.getByTestId('mcp-message')).toContainText('无法启动：', { timeout: 30_000 });
  await expect(broken.getByTestId('mcp-message')).toContainText('no-such-program-akira');
  await expect(broken.getByTestId('mcp-message')).not.toContainText('It could not start');
});

test('a broken mode file, an MCP configuration problem and the connection test say themselves in Chinese', async ({ page }) => {
  test.setTimeout(120_000);
  const repo = makeFixtureRepo({ '.akira/modes/bad.json': '[1]', '.akira/mcp.json': JSON.stringify({ mcpServers: { web: { url: 'ftp://x' } } }) });
  app = await serveWithModel(repo, { globalSettings: { ui: { language: 'zh-CN' } } });
  await page.goto(app.served.url);
  await page.getByTestId('view-agent').click();
  await expect(page.getByTestId('start-mode-error')).toHaveText('.akira/modes/bad.json：必须是一个包含模式字段（id、name、systemPrompt 等）的对象');

  await page.getByTestId('open-settings').click();
  await expect(page.getByTestId('mcp-problems')).toContainText('.akira/mcp.json：mcpServers.web.url：url 必须是 http:// 或 https:// 的 URL');
  await expect(page.getByTestId('mcp-problems')).not.toContainText('must be');

  app.model.enqueue(reply.text('OK'));
  await page.getByTestId('settings-test').click();
  const result = page.getByTestId('settings-test-result');
  await expect(result).toHaveAttribute('data-ok', 'true');
  await expect(result).toContainText(/已连接到 http:\/\/127\.0\.0\.1:\d+\/v1：.+；test-model 在 \d+ 毫秒内作答：“OK”/);
  await expect(result).not.toContainText('Connected to');
});
