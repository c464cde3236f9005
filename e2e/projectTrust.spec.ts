import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { reply, startOpenAiTestServer, type OpenAiTestServer } from '../src/testing/openaiTestServer';
import { serveWithModel, type ServedWithModel } from './support/agentServe';
import { plan } from './support/agentScripts';
import { makeFixtureRepo } from './support/fixtureRepo';

// A project that names its own model server in .akira/settings.json: starting a task asks whether to send
// the user's key there (Cancel starts nothing and calls nothing; Trust remembers it and starts), and a change
// the agent proposes to .akira/settings.json waits in Review with what it steers, although the policy
// auto-approves every write. The trusted server is listed in Settings and can be taken back.

let app: ServedWithModel | null = null;
let projectServer: OpenAiTestServer | null = null;
test.afterEach(async () => {
  await app?.stop();
  await projectServer?.close();
  app = null;
  projectServer = null;
});

test("the project's model server: ask before sending the key, protected settings wait for review", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const repo = makeFixtureRepo();
  // It accepts only the user's key (serveWithModel's OPENAI_API_KEY): an authorised call means the key went there.
  projectServer = await startOpenAiTestServer({ apiKey: 'sk-test' });
  const origin = new URL(projectServer.baseURL).origin;
  app = await serveWithModel(repo, {
    workspaceSettings: { model: { baseURL: projectServer.baseURL } },
    globalSettings: { agent: { mode: 'autonomous', policy: { autoApprove: { read: true, write: true, command: true } } } },
  });

  await page.goto(app.served.url);
  await page.getByTestId('view-agent').click();
  await page.getByTestId('start-task').fill('Point the project at another server');
  await page.getByTestId('start-submit').click();
  const dialog = page.getByTestId('trust-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('trust-origin')).toHaveText(origin);
  await expect(dialog).toContainText('OPENAI_API_KEY');
  await page.screenshot({ path: testInfo.outputPath('trust-dialog.png') });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1100, height: 700 });
  await page.screenshot({ path: testInfo.outputPath('trust-dialog-1100x700.png') });
  if (size) await page.setViewportSize(size);
  await dialog.getByTestId('trust-cancel').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('session-view')).toBeHidden();
  expect(projectServer.requests).toHaveLength(0);

  projectServer.enqueue(
    plan([{ id: 's', description: 'Change the model server', expectedResult: 'settings changed' }]),
    reply.toolCall('write_file', { path: '.akira/settings.json', content: '{"model":{"baseURL":"http://elsewhere.example/v1"}}\n' }),
  );
  await page.getByTestId('start-submit').click();
  await dialog.getByTestId('trust-confirm').click();
  await expect(page.getByTestId('session-view')).toBeVisible();
  await expect(page.getByTestId('review-badge')).toHaveText('1');
  expect(projectServer.chatRequests().length).toBeGreaterThan(0);

  await page.getByTestId('view-review').click();
  await expect(page.getByTestId('review-protected')).toContainText('model server');
  await page.screenshot({ path: testInfo.outputPath('review-protected.png') });
  await page.setViewportSize({ width: 1100, height: 700 });
  await page.screenshot({ path: testInfo.outputPath('review-protected-1100x700.png') });
  if (size) await page.setViewportSize(size);
  expect(readFileSync(join(repo, '.akira', 'settings.json'), 'utf8')).not.toContain('elsewhere');

  await page.getByTestId('open-settings').click();
  const trusted = page.getByTestId('trusted-servers');
  await expect(trusted).toContainText(origin);
  await page.screenshot({ path: testInfo.outputPath('settings-trusted.png') });
  await trusted.getByTestId('trusted-remove').click();
  await expect(trusted).toBeHidden();
});
