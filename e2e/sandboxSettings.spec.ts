import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { makeFixtureRepo, writeFiles } from './support/fixtureRepo';
import { serve, type Served } from './support/serve';
import { serveWithModel, type ServedWithModel } from './support/agentServe';
import { GREET_TODOS, plan } from './support/agentScripts';

/**
 * Settings → Sandbox and the session header's notice (issue 26) against the real `akira serve` (bubblewrap and socat
 * are installed here): the section says commands run in the OS sandbox; mode `off` saved goes to the global settings
 * file and the section then says they run without one; a workspace's `mode: "off"` under a global `auto` is refused
 * (a workspace can only tighten); with the global mode off, the session header says "Sandbox off". English dark and
 * Chinese light, at 1400×860 and 1100×700.
 */

let served: Served | null = null;
let app: ServedWithModel | null = null;
test.afterEach(async () => {
  await served?.stop();
  await app?.stop();
  served = null;
  app = null;
});

const fieldError = (page: Page, path: string) => page.locator(`.st-field[data-path="${path}"] [data-testid="field-error"]`);

async function shots(page: Page, testInfo: TestInfo, name: string, target: string) {
  await page.setViewportSize({ width: 1400, height: 860 });
  await page.getByTestId(target).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath(`${name}-1400x860.png`) });
  await page.setViewportSize({ width: 1100, height: 700 });
  await page.getByTestId(target).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath(`${name}-1100x700.png`) });
  await page.setViewportSize({ width: 1400, height: 860 });
}

async function serveWith(globalSettings: Record<string, unknown>, workspaceFiles: Record<string, string> = {}) {
  const repo = makeFixtureRepo();
  if (Object.keys(workspaceFiles).length) writeFiles(repo, workspaceFiles);
  const dataDir = mkdtempSync(join(tmpdir(), 'akira-e2e-data-'));
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify(globalSettings));
  served = await serve(repo, { AKIRA_DATA_DIR: dataDir, OPENAI_API_KEY: '', OPENAI_BASE_URL: '', AKIRA_MODEL: '' });
  return { served, dataDir };
}

test('the Sandbox section says commands run in the OS sandbox; mode off is saved to the global file and said', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const { served: s, dataDir } = await serveWith({ ui: { language: 'en', theme: 'dark' }, agent: { mode: 'code-dev' } });
  await page.setViewportSize({ width: 1400, height: 860 });
  await page.goto(s.url);
  await page.getByTestId('open-settings').click();
  const section = page.getByTestId('sandbox-section');
  await section.scrollIntoViewIfNeeded();
  const state = section.getByTestId('sandbox-state');
  await expect(state).toHaveAttribute('data-available', 'true');
  await expect(state).toContainText('Commands run in the OS sandbox (bubblewrap)');
  await expect(section.getByTestId('settings-sandbox-mode')).toHaveValue('');
  await expect(section.getByTestId('settings-sandbox-allow')).toContainText('registry.npmjs.org');
  await expect(section.getByTestId('settings-sandbox-denyRead')).toContainText('~/.ssh');
  await shots(page, testInfo, 'sandbox-on-en-dark', 'sandbox-section');

  await section.getByTestId('settings-sandbox-mode').selectOption('off');
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-notice')).toContainText('Saved');
  const file = JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8'));
  expect(file.agent).toEqual({ mode: 'code-dev', sandbox: { mode: 'off' } });
  expect(file.ui).toEqual({ language: 'en', theme: 'dark' });
  await expect(state).toHaveAttribute('data-available', 'false');
  await expect(state).toContainText('Commands run without a sandbox: the sandbox is off');
  await shots(page, testInfo, 'sandbox-off-en-dark', 'sandbox-section');
});

test('a workspace that turns the sandbox off is refused: a workspace can only tighten it (Chinese)', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const { served: s } = await serveWith(
    { ui: { language: 'zh-CN', theme: 'light' }, agent: { sandbox: { mode: 'auto' } } },
    { '.akira/settings.json': JSON.stringify({ agent: { sandbox: { mode: 'off' } } }) },
  );
  await page.setViewportSize({ width: 1400, height: 860 });
  await page.goto(s.url);
  await page.getByTestId('open-settings').click();
  // The file's value is left out: said at the top, and commands still run in the sandbox.
  await expect(page.getByTestId('settings-problems')).toContainText('工作区只能让沙箱更严格');
  const section = page.getByTestId('sandbox-section');
  await expect(section.getByTestId('sandbox-state')).toHaveAttribute('data-available', 'true');
  await expect(section.getByTestId('sandbox-state')).toContainText('命令在操作系统沙箱（bubblewrap）中运行');
  // In the workspace scope, next to the mode.
  await page.getByTestId('settings-scope-workspace').click();
  await expect(section.getByTestId('settings-sandbox-mode')).toHaveValue('off');
  await expect(fieldError(page, 'agent.sandbox.mode')).toContainText('未生效：工作区只能让沙箱更严格');
  await shots(page, testInfo, 'sandbox-workspace-refused-zh-light', 'sandbox-section');

  // Saving a domain the global list does not allow is refused next to the list.
  await section.getByTestId('settings-sandbox-allow-change').click();
  await section.getByTestId('settings-sandbox-allow-new').fill('evil.test');
  await section.getByTestId('settings-sandbox-allow-add').click();
  await section.getByTestId('settings-sandbox-mode').selectOption('required');
  await page.getByTestId('settings-save').click();
  await expect(fieldError(page, 'agent.sandbox.network.allow')).toContainText('evil.test');
  await expect(fieldError(page, 'agent.sandbox.network.allow')).toContainText('工作区只能缩小沙箱允许的域名');
  await expect(fieldError(page, 'agent.sandbox.mode')).toHaveCount(0);
  await shots(page, testInfo, 'sandbox-workspace-save-refused-zh-light', 'sandbox-section');
});

for (const [language, theme, text] of [
  ['en', 'dark', 'Sandbox off'],
  ['zh-CN', 'light', '沙箱已关闭'],
] as const) {
  test(`the session header says the sandbox is off (${language}, ${theme})`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    app = await serveWithModel(makeFixtureRepo(), {
      globalSettings: { ui: { language, theme }, agent: { sandbox: { mode: 'off' }, policy: { requirePlanApproval: true } } },
    });
    app.model.enqueue(plan(GREET_TODOS));
    await page.setViewportSize({ width: 1400, height: 860 });
    await page.goto(app.served.url);
    await page.getByTestId('view-agent').click();
    await page.getByTestId('start-task').fill('Greet the world');
    await page.getByTestId('start-submit').click();
    await expect(page.getByTestId('plan-approval')).toBeVisible();
    const notice = page.getByTestId('session-no-sandbox');
    await expect(notice).toHaveText(text);
    await expect(notice).toHaveAttribute('data-mode', 'off');
    await expect(notice).toHaveAttribute('title', language === 'en' ? /Commands run without a sandbox: the sandbox is off/ : /命令在沙箱之外运行：沙箱已关闭/);
    await expect(page.getByTestId('session-no-sandbox')).toHaveCount(1);
    await shots(page, testInfo, `session-header-sandbox-off-${language}-${theme}`, 'session-header');
    // At 1100 px it stays on one line with the task and the buttons.
    await page.setViewportSize({ width: 1100, height: 700 });
    const box = await notice.boundingBox();
    const status = await page.getByTestId('session-status').boundingBox();
    expect(box && status && Math.abs(box.y - status.y) < 4).toBe(true);
    // It opens Settings.
    await notice.click();
    await expect(page.getByTestId('settings')).toBeVisible();
  });
}
