import { existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { reply } from '../src/testing/openaiTestServer';
import { realSandbox } from '../src/testing/sandboxKit';
import { serveWithModelEachTest } from './support/agentServe';
import { plan, verdict } from './support/agentScripts';
import { makeFixtureRepo } from './support/fixtureRepo';
import { SIZES } from './support/screenSizes';

// Issue 26, "Telling the model and the user" (the read-only first step): an agent command that ran in the OS sandbox
// shows a "sandboxed" badge on its terminal card, and what the sandbox refused as a "Blocked by the sandbox:" list, in
// the UI's language. The session, against the real `akira serve` and real bubblewrap, fetches a server on this
// machine's loopback and writes outside the workspace (under /var/tmp: the sandbox's /tmp is private, so a write
// there would "succeed" unseen); both are refused, and the file is not created. The card is shot at 1400×860 and
// 1100×700 in English (dark) and Chinese (light).

const serveForTest = serveWithModelEachTest();
let local: Server | null = null;
let outside: string | null = null;
test.afterEach(async () => {
  await new Promise<void>((done) => (local ? local.close(() => done()) : done()));
  local = null;
  if (outside) rmSync(outside, { recursive: true, force: true });
  outside = null;
});

const VARIANTS = [
  { language: 'en', theme: 'dark', heading: 'Blocked by the sandbox:', badge: 'sandboxed', connection: 'a connection to', local: 'a server on this machine', writing: 'writing' },
  { language: 'zh-CN', theme: 'light', heading: '被沙箱阻止：', badge: '沙箱内', connection: '连接', local: '本机上的服务器', writing: '写入' },
] as const;

async function shoot(page: Page, card: Locator, name: string, outputPath: (name: string) => string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await card.scrollIntoViewIfNeeded();
    // The card fits the activity's width: no horizontal scrolling inside it, whatever the window.
    expect(await card.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    await page.screenshot({ path: outputPath(`${name}-${size.width}x${size.height}.png`) });
    await card.screenshot({ path: outputPath(`${name}-card-${size.width}x${size.height}.png`) });
  }
}

for (const v of VARIANTS) {
  test(`the terminal card says the command was sandboxed and what the sandbox blocked (${v.language}, ${v.theme})`, async ({ page }, testInfo) => {
    const { skip } = await realSandbox();
    if (skip) console.log(`sandboxCard.spec.ts skipped: ${skip}`);
    test.skip(skip !== null, skip ?? '');

    local = createServer((_req, res) => res.end('LOCAL-SERVER-SECRET\n'));
    await new Promise<void>((done) => local!.listen(0, '127.0.0.1', done));
    const port = (local.address() as AddressInfo).port;
    outside = realpathSync(mkdtempSync(join('/var/tmp', 'akira-e2e-sbx-')));
    const planted = join(outside, 'planted.txt');
    const command = `curl -s --max-time 5 http://127.0.0.1:${port}/ ; echo x > ${planted}`;

    const app = await serveForTest(makeFixtureRepo(), {
      globalSettings: { ui: { language: v.language, theme: v.theme }, agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: true } } } },
    });
    app.model.enqueue(
      plan([{ id: 't1', description: 'Fetch the local server and leave a note outside', expectedResult: 'tried both' }]),
      reply.toolCall('run_command', { command }),
      reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'both were blocked' }),
      verdict('t1', true, 'tried'),
      verdict('task', true, 'done'),
    );
    await page.goto(app.served.url);
    await page.getByTestId('view-agent').click();
    await page.getByTestId('start-task').fill('Fetch the local server and leave a note outside the workspace');
    await page.getByTestId('start-submit').click();
    await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
    app.model.assertDone();

    const card = page.getByTestId('activity').getByTestId('card-terminal');
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('terminal-command')).toContainText('curl -s');
    await expect(card.getByTestId('sandboxed-badge')).toHaveText(v.badge);
    const blocked = card.getByTestId('sandbox-blocked');
    await expect(blocked).toContainText(v.heading);
    const lines = blocked.locator('li');
    await expect(lines).toHaveCount(2);
    await expect(blocked.locator('li[data-kind="network"]')).toHaveText(`${v.connection} 127.0.0.1:${port} — ${v.local}`);
    await expect(blocked.locator('li[data-kind="write"]')).toHaveText(`${v.writing} ${planted}`);
    // Nothing got through: the file is not there, and the server's answer is not in the card.
    expect(existsSync(planted)).toBe(false);
    await expect(card).not.toContainText('LOCAL-SERVER-SECRET');

    await shoot(page, card, `sandbox-card-${v.theme}-${v.language}`, (name) => testInfo.outputPath(name));
  });
}
