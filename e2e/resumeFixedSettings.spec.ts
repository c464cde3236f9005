import { expect, test, type Page } from '@playwright/test';
import { serveWithModelEachTest } from './support/agentServe';
import { plan, verdict } from './support/agentScripts';
import { reply } from '../src/testing/openaiTestServer';
import { makeFixtureRepo } from './support/fixtureRepo';
import { SIZES } from './support/screenSizes';

// Issue 25, "Resume reads the settings as they are now": the model server refuses the key (401), the session pauses
// and offers Open Settings; the user saves the right key there and presses Resume; the session completes with it, and
// the activity says what changed. Against the real `akira serve`; shot at 1400×860 and 1100×700, English (dark) and
// Chinese (light).

const KEY = 'sk-right-key-wxyz';
const serveForTest = serveWithModelEachTest();

const VARIANTS = [
  { language: 'en', theme: 'dark', fix: 'Open Settings to fix it, then Resume', resumed: 'Resumed with what changed in the settings: the API key' },
  { language: 'zh-CN', theme: 'light', fix: '打开设置修复它，然后恢复', resumed: '已按设置中的更改恢复：API 密钥' },
] as const;

async function shoot(page: Page, name: string, outputPath: (name: string) => string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: outputPath(`${name}-${size.width}x${size.height}.png`) });
  }
}

for (const v of VARIANTS) {
  test(`a 401 fixed in Settings, then Resume completes (${v.language}, ${v.theme})`, async ({ page }, testInfo) => {
    const app = await serveForTest(makeFixtureRepo(), {
      server: { apiKey: KEY },
      globalSettings: { ui: { language: v.language, theme: v.theme }, agent: { mode: 'autonomous' } },
    });
    await page.setViewportSize(SIZES[0]);
    await page.goto(app.served.url);
    await page.getByTestId('view-agent').click();
    await page.getByTestId('start-task').fill('Read the README');
    await page.getByTestId('start-submit').click();

    // The server refuses the key the session has: it pauses, saying so, with the way to fix it.
    await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'paused', { timeout: 30_000 });
    const fix = page.getByTestId('reason-open-settings');
    await expect(fix).toHaveText(v.fix);
    await expect(page.getByTestId('session-reason')).toContainText('401');
    await shoot(page, `resume-401-${v.theme}-${v.language}`, (n) => testInfo.outputPath(n));

    await fix.click();
    await page.getByTestId('api-key-input').fill(KEY);
    await page.getByTestId('api-key-save').click();
    await expect(page.getByTestId('api-key-input')).toHaveCount(0);
    await page.keyboard.press('Escape');

    app.model.enqueue(
      plan([{ id: 't1', description: 'Read the README', expectedResult: 'read' }]),
      reply.toolCall('read_file', { path: 'README.md' }),
      reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'read' }),
      verdict('t1', true, 'ok'),
      verdict('task', true, 'done'),
    );
    await page.getByTestId('session-resume').click();
    await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
    app.model.assertDone();
    await expect(page.getByTestId('activity').getByTestId('card-resumed')).toContainText(v.resumed);
    await shoot(page, `resume-fixed-${v.theme}-${v.language}`, (n) => testInfo.outputPath(n));
  });
}
