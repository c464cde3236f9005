import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
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

// Issue 26, "Telling the model and the user": an agent command that ran in the OS sandbox shows a "sandboxed" badge on
// its terminal card, and a sandbox card says what the sandbox refused, in the UI's language. The session, against the
// real `akira serve` and real bubblewrap, fetches a server on this machine's loopback and writes outside the workspace
// (under /var/tmp: the sandbox's /tmp is private, so a write there would "succeed" unseen); both are refused, the file
// is not created, and the session waits on the card. "Allow for this workspace" runs the command again: the server
// answers, the file is written, the model reads the second run, and the grant is kept in Akira's data folder (not in
// the workspace). The cards are shot at 1400×860 and 1100×700 in English (dark) and Chinese (light).

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
  { language: 'en', theme: 'dark', heading: 'Blocked by the sandbox:', badge: 'sandboxed', connection: 'a connection to', local: 'a server on this machine', writing: 'writing', allow: 'Allow for this workspace', rerun: 'Allowed for this workspace; ran again:' },
  { language: 'zh-CN', theme: 'light', heading: '被沙箱阻止：', badge: '沙箱内', connection: '连接', local: '本机上的服务器', writing: '写入', allow: '为此工作区允许', rerun: '已为此工作区允许；已重新运行：' },
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
  test(`the sandbox card says what was blocked, and "Allow for this workspace" runs the command again (${v.language}, ${v.theme})`, async ({ page }, testInfo) => {
    const { skip } = await realSandbox();
    if (skip) console.log(`sandboxCard.spec.ts skipped: ${skip}`);
    test.skip(skip !== null, skip ?? '');

    local = createServer((_req, res) => res.end('LOCAL-SERVER-SECRET\n'));
    await new Promise<void>((done) => local!.listen(0, '127.0.0.1', done));
    const port = (local.address() as AddressInfo).port;
    outside = realpathSync(mkdtempSync(join('/var/tmp', 'akira-e2e-sbx-')));
    const planted = join(outside, 'planted.txt');
    const command = `curl -s --max-time 5 http://127.0.0.1:${port}/ ; echo x > ${planted}`;

    const repo = makeFixtureRepo();
    const app = await serveForTest(repo, {
      globalSettings: { ui: { language: v.language, theme: v.theme }, agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: true } } } },
    });
    app.model.enqueue(
      plan([{ id: 't1', description: 'Fetch the local server and leave a note outside', expectedResult: 'tried both' }]),
      reply.toolCall('run_command', { command }),
      reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'both worked once allowed' }),
      verdict('t1', true, 'tried'),
      verdict('task', true, 'done'),
    );
    await page.goto(app.served.url);
    await page.getByTestId('view-agent').click();
    await page.getByTestId('start-task').fill('Fetch the local server and leave a note outside the workspace');
    await page.getByTestId('start-submit').click();

    // The session waits on the sandbox card: the command, what was blocked, what allowing lets through.
    const activity = page.getByTestId('activity');
    const sandboxCard = activity.getByTestId('card-sandbox');
    await expect(sandboxCard).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'waiting_approval');
    const blocked = sandboxCard.getByTestId('sandbox-blocked');
    await expect(blocked).toContainText(v.heading);
    await expect(blocked.locator('li')).toHaveCount(2);
    await expect(blocked.locator('li[data-kind="network"]')).toHaveText(`${v.connection} 127.0.0.1:${port} — ${v.local}`);
    await expect(blocked.locator('li[data-kind="write"]')).toHaveText(`${v.writing} ${planted}`);
    await expect(sandboxCard.getByTestId('sandbox-grant')).toContainText('127.0.0.1');
    await expect(sandboxCard.getByTestId('sandbox-grant')).toContainText(outside);
    expect(existsSync(planted)).toBe(false);
    const terminal = activity.getByTestId('card-terminal');
    await expect(terminal.getByTestId('sandboxed-badge')).toHaveText(v.badge);
    await expect(terminal).not.toContainText('LOCAL-SERVER-SECRET');
    await shoot(page, sandboxCard, `sandbox-card-${v.theme}-${v.language}`, (name) => testInfo.outputPath(name));

    const allow = sandboxCard.getByTestId('sandbox-workspace');
    await expect(allow).toHaveText(v.allow);
    await allow.click();
    await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
    app.model.assertDone();

    // It ran again, allowed: the file is there, the server answered, and the model read the second run.
    expect(readFileSync(planted, 'utf8')).toBe('x\n');
    await expect(terminal.getByTestId('terminal-rerun')).toHaveText(v.rerun);
    await expect(terminal.getByTestId('terminal-output')).toContainText('LOCAL-SERVER-SECRET');
    await expect(sandboxCard.getByTestId('sandbox-state')).toBeVisible();
    const requests = app.model.requests.map((r) => JSON.stringify(r.body));
    expect(requests.some((body) => body.includes('for this workspace and it ran again') && body.includes('LOCAL-SERVER-SECRET'))).toBe(true);
    // Kept for this workspace in Akira's data folder, never in the workspace.
    const grants = JSON.parse(readFileSync(join(app.dataDir, 'sandbox-grants.json'), 'utf8'));
    expect(Object.values(grants.workspaces as Record<string, Record<string, string>>).flatMap((w) => Object.keys(w)).sort()).toEqual([`allowWrite:${outside}`, 'network:127.0.0.1']);
    expect(existsSync(join(repo, '.akira', 'settings.json')) ? readFileSync(join(repo, '.akira', 'settings.json'), 'utf8') : '').not.toContain('127.0.0.1');
    await shoot(page, terminal, `sandbox-rerun-${v.theme}-${v.language}`, (name) => testInfo.outputPath(name));

    // Settings → Sandbox lists what was allowed for this workspace; taking the host back removes it from the data folder.
    await page.getByTestId('open-settings').click();
    const kept = page.getByTestId('sandbox-grants');
    await expect(kept.locator('li')).toHaveCount(2);
    await expect(kept.locator('li[data-kind="network"]')).toContainText('127.0.0.1');
    await expect(kept.locator('li[data-kind="allowWrite"]')).toContainText(outside);
    await shoot(page, kept, `sandbox-grants-${v.theme}-${v.language}`, (name) => testInfo.outputPath(name));
    await kept.locator('li[data-kind="network"]').getByTestId('sandbox-grant-revoke').click();
    await expect(kept.locator('li')).toHaveCount(1);
    const after = JSON.parse(readFileSync(join(app.dataDir, 'sandbox-grants.json'), 'utf8'));
    expect(Object.values(after.workspaces as Record<string, Record<string, string>>).flatMap((w) => Object.keys(w))).toEqual([`allowWrite:${outside}`]);
  });
}
