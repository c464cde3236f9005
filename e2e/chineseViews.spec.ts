import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { serveWithModelEachTest } from './support/agentServe';
import { makeFixtureRepo, writeFiles } from './support/fixtureRepo';
import { SIZES } from './support/screenSizes';

// The Chinese UI (issue 14) of Settings, the command palette, quick open, the Keyboard Shortcuts page, the file tree
// and the terminal, against the real `akira serve`: the language and the theme switch live from Settings (Appearance)
// and from the palette (Preferences), are saved in the global settings.json, and every view then speaks Chinese.
// Screenshots of each in zh-CN, dark and light, at 1400×860 and 1100×700, for looking at truncation and overflow.

const FIXTURE = resolve(__dirname, '..', 'src', 'testing', 'mcp', 'stdioServer.mjs');

const serveForTest = serveWithModelEachTest();

/** The page at both sizes (after `prepare`, which may scroll or open what is shown at that size). */
async function shoot(page: Page, testInfo: TestInfo, name: string, prepare?: () => Promise<void>): Promise<void> {
  const theme = await page.evaluate(() => document.documentElement.dataset.theme);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await prepare?.();
    await page.screenshot({ path: testInfo.outputPath(`${name}-${theme}-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize(SIZES[0]);
}

async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('Control+Shift+P');
  await page.getByRole('combobox').fill(title);
  await expect(page.getByRole('option').first()).toContainText(title);
  await page.keyboard.press('Enter');
}

test('switch to Chinese and back live, and every view of settings, palette, tree and terminal in zh-CN', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const repo = makeFixtureRepo();
  writeFiles(repo, {
    '.akira/mcp.json': `${JSON.stringify({ mcpServers: { proposed: { command: process.execPath, args: [FIXTURE, '--name', 'proposed'] } } }, null, 2)}\n`,
    'src/components/VeryLongComponentNameForTheTreeToShowOverflow.tsx': 'export {};\n',
  });
  const app = await serveForTest(repo, { globalSettings: { ui: { language: 'en', theme: 'dark' } } });
  const settingsFile = join(app.dataDir, 'settings.json');
  const savedUi = () => (JSON.parse(readFileSync(settingsFile, 'utf8')) as { ui?: unknown }).ui;
  await page.goto(app.served.url);
  await expect(page.getByTestId('terminal-tab')).toHaveCount(1);

  // English first; Settings → Appearance switches to Chinese at once, without Save, and it is kept.
  await page.getByTestId('open-settings').click();
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
  await page.getByTestId('settings-language').selectOption('zh-CN');
  await expect(page.getByRole('heading', { name: '设置', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByTestId('settings-appearance')).toContainText('外观');
  await expect(page.getByTestId('settings-save')).toHaveText('保存');
  expect(savedUi()).toEqual({ language: 'zh-CN', theme: 'dark' });
  // Checked as typed, in Chinese.
  await page.getByTestId('settings-timeout').fill('0');
  await expect(page.locator('[data-testid="field-error"][data-path="model.timeoutSeconds"]')).toHaveText(/^超时必须是 1 到 3,600 之间的数字（秒）$/);
  await page.getByTestId('settings-timeout').fill('');

  for (const theme of ['dark', 'light'] as const) {
    await page.getByTestId('settings-theme').selectOption(theme);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    // Each section of the page, scrolled into view.
    const sections = page.locator('[data-testid="settings"] .st-section');
    const count = await sections.count();
    expect(count).toBeGreaterThanOrEqual(7);
    for (let i = 0; i < count; i++) {
      await shoot(page, testInfo, `settings-${i + 1}`, () => sections.nth(i).scrollIntoViewIfNeeded());
    }
    await expect(page.getByTestId('mcp-server')).toContainText('等待你的批准');
  }
  await page.getByTestId('settings-close').click();
  await expect(page.getByTestId('settings')).toHaveCount(0);

  // The tree with a long name shown; a shell that ended, its tab marked with its exit code.
  await page.locator('[data-testid="tree-row"][data-path="src"]').click();
  await page.locator('[data-testid="tree-row"][data-path="src/components"]').click();
  await expect(page.locator('[data-testid="tree-row"][data-path^="src/components/"]')).toHaveCount(1);
  await page.getByTestId('terminal-new').click();
  await expect(page.getByTestId('terminal-tab')).toHaveCount(2);
  await page.getByTestId('terminal').click();
  await page.keyboard.type('exit 3');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('terminal-tab').nth(1)).toHaveAttribute('title', /已退出，退出码 3/);
  await expect(page.getByTestId('terminal').locator('.xterm-rows')).toContainText('[进程已退出，退出码 3]');

  for (const theme of ['light', 'dark'] as const) {
    if (theme === 'dark') {
      // From the palette this time, in Chinese.
      await runCommand(page, '颜色主题：深色');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    }
    // The tree and the terminal.
    await page.getByTestId('terminal-new').click();
    await expect(page.getByTestId('terminal-tab')).toHaveCount(theme === 'light' ? 3 : 4);
    await expect(page.getByRole('tree', { name: '文件' })).toBeVisible();
    await expect(page.getByRole('button', { name: '新建终端' })).toBeVisible();
    await shoot(page, testInfo, 'tree-terminal');

    // The command palette, quick open and the Keyboard Shortcuts page.
    await page.keyboard.press('Control+Shift+P');
    await expect(page.getByRole('combobox')).toHaveAttribute('placeholder', '输入命令名称');
    await expect(page.getByRole('option').filter({ hasText: '终端: 切换终端' })).toHaveCount(1);
    await shoot(page, testInfo, 'palette');
    await page.getByRole('combobox').fill('快捷键');
    await shoot(page, testInfo, 'palette-query');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+p');
    await expect(page.getByTestId('quick-open')).toBeVisible();
    await shoot(page, testInfo, 'quick-open');
    await page.getByRole('combobox').fill('zzzz-nothing');
    await expect(page.getByTestId('quick-open')).toContainText('没有与“zzzz-nothing”匹配的文件。');
    await shoot(page, testInfo, 'quick-open-none');
    await page.keyboard.press('Escape');
    await runCommand(page, '键盘快捷键');
    const shortcuts = page.getByTestId('shortcuts-dialog');
    await expect(shortcuts.getByRole('columnheader', { name: '适用范围' })).toBeVisible();
    await shoot(page, testInfo, 'shortcuts');
    await shortcuts.getByTestId('shortcuts-close').click();
  }

  // Back to English from the palette: the words come back as they were.
  await runCommand(page, '语言：English');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: 'New terminal' })).toBeVisible();
  expect(savedUi()).toEqual({ language: 'en', theme: 'dark' });
  writeFileSync(testInfo.outputPath('done.txt'), 'ok\n');
});
