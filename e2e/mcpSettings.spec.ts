import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { makeFixtureRepo, writeFiles } from './support/fixtureRepo';
import { serve, type Served } from './support/serve';

// MCP servers in Settings (issue 12) against the real `akira serve`: the global settings configure a working stdio
// server (the SDK-written fixture), one that cannot start and one with a mistake; the workspace proposes another in
// .akira/mcp.json. The page shows each with its state in words, the working one's tools, the broken one's error,
// the proposal waiting; approving shows the exact command first; switching a global server off lands in the global
// settings file; Restart restarts; a command that fails says why next to its server; Reload with nothing configured
// says where to configure servers.

const FIXTURE = resolve(__dirname, '..', 'src', 'testing', 'mcp', 'stdioServer.mjs');

let served: Served | null = null;
test.afterEach(async () => {
  await served?.stop();
  served = null;
});

const serverItem = (page: Page, name: string) => page.locator(`[data-testid="mcp-server"][data-name="${name}"]`);

/** At the default size and at 1100×700 (scrolled to `focus`, by default the section). */
async function screenshots(page: Page, name: string, outputPath: (file: string) => string, focus?: Locator): Promise<void> {
  await page.screenshot({ path: outputPath(`${name}.png`) });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1100, height: 700 });
  await (focus ?? page.getByTestId('mcp-section')).scrollIntoViewIfNeeded();
  await page.screenshot({ path: outputPath(`${name}-1100x700.png`) });
  if (size) await page.setViewportSize(size);
}

test('MCP servers in Settings: ready with tools, failed with its error, approve a proposal, disable, restart, reload', async ({ page }, testInfo) => {
  // The broken server is given up after 6 restarts with backoff (1 + 2 + 4 + 8 + 16 + 30 s): about 65 s.
  test.setTimeout(180_000);
  const repo = makeFixtureRepo();
  writeFiles(repo, {
    '.akira/mcp.json': `${JSON.stringify({ mcpServers: { proposed: { command: process.execPath, args: [FIXTURE, '--name', 'proposed'] } } }, null, 2)}\n`,
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'akira-e2e-data-'));
  const settingsFile = join(dataDir, 'settings.json');
  writeFileSync(
    settingsFile,
    JSON.stringify({
      mcpServers: {
        working: { command: process.execPath, args: [FIXTURE, '--name', 'working'], alwaysAllow: ['echo'] },
        broken: { command: 'no-such-program-akira', timeoutSeconds: 1 },
        mistaken: { args: ['--no-command'] },
      },
    }),
  );
  const globalSettings = () => JSON.parse(readFileSync(settingsFile, 'utf8')) as { mcpServers?: Record<string, Record<string, unknown>> };
  served = await serve(repo, { AKIRA_DATA_DIR: dataDir, OPENAI_API_KEY: '', OPENAI_BASE_URL: '', AKIRA_MODEL: '' });

  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (frame) => frames.push(String(frame.payload))));

  await page.goto(served.url);
  await page.getByTestId('open-settings').click();
  const section = page.getByTestId('mcp-section');
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('heading', { name: 'MCP servers' })).toBeVisible();

  // The configuration's problems on top, naming the file and the server.
  await expect(section.getByTestId('mcp-problems')).toContainText(`${settingsFile}: mcpServers.mistaken`);

  // The working one: ready, its tools listed (echo runs without asking).
  const working = serverItem(page, 'working');
  await expect(working.getByTestId('mcp-state')).toHaveText('ready with 6 tools');
  await expect(working.getByTestId('mcp-source')).toHaveText('Global');
  await expect(working.getByTestId('mcp-target')).toHaveText(`${process.execPath} ${FIXTURE} --name working`);
  await working.getByTestId('mcp-tools').locator('summary').click();
  const tools = working.getByRole('list', { name: 'Tools of working' }).getByRole('listitem');
  await expect(tools).toHaveCount(6);
  await expect(tools.first()).toContainText('echo');
  await expect(working.locator('[data-tool="echo"]')).toContainText('Echo the text back');
  await expect(working.locator('[data-tool="echo"]').getByTestId('mcp-tool-allowed')).toHaveText('runs without asking');
  await expect(working.locator('[data-tool="write_note"]').getByTestId('mcp-tool-allowed')).toHaveCount(0);
  await expect(working.getByTestId('mcp-tools').locator('summary')).toHaveText('6 tools · 1 resource, 1 prompt · each call times out after 60 s');

  // The broken one: being restarted (then failed), with why it cannot start.
  const broken = serverItem(page, 'broken');
  await expect(broken.getByTestId('mcp-state')).toHaveText(/^(restarting \(attempt \d\)|failed)$/);
  await expect(broken.getByTestId('mcp-message')).toContainText('no-such-program-akira');

  // The proposed one waits; it cannot be restarted before it is approved.
  const proposed = serverItem(page, 'proposed');
  await expect(proposed.getByTestId('mcp-state')).toHaveText('waits for your approval');
  await expect(proposed.getByTestId('mcp-source')).toHaveText('This workspace');
  await expect(proposed.getByTestId('mcp-restart')).toBeDisabled();
  await expect(proposed.getByTestId('mcp-enabled')).not.toBeChecked();
  await section.scrollIntoViewIfNeeded();
  await screenshots(page, 'mcp-servers', (f) => testInfo.outputPath(f));

  // Approving shows exactly what will run and who proposed it; Cancel starts nothing.
  await proposed.getByRole('button', { name: 'Approve and start' }).click();
  const dialog = page.getByTestId('mcp-approve-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('mcp-approve-target')).toHaveText(`${process.execPath} ${FIXTURE} --name proposed`);
  await expect(dialog).toContainText('.akira/mcp.json proposes an MCP server');
  await expect(dialog.getByTestId('mcp-approve-cancel')).toBeFocused();
  await screenshots(page, 'mcp-approve-dialog', (f) => testInfo.outputPath(f));
  await dialog.getByTestId('mcp-approve-cancel').click();
  await expect(dialog).toBeHidden();
  await expect(proposed.getByTestId('mcp-state')).toHaveText('waits for your approval');
  // The switch asks the same question.
  await proposed.getByTestId('mcp-enabled').click();
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('mcp-approve-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(proposed.getByTestId('mcp-state')).toHaveText('ready with 6 tools');
  await expect(proposed.getByTestId('mcp-enabled')).toBeChecked();
  expect(JSON.parse(readFileSync(join(dataDir, 'mcp-approvals.json'), 'utf8')).workspaces[repo]).toHaveProperty('proposed');

  // Switching the working one off is saved in the global settings file.
  await working.getByTestId('mcp-enabled').click();
  await expect(working.getByTestId('mcp-state')).toHaveText('disabled');
  expect(globalSettings().mcpServers?.working.disabled).toBe(true);
  await expect(working.getByTestId('mcp-restart')).toBeDisabled();
  await expect(working.getByTestId('mcp-tools')).toHaveCount(0);
  await screenshots(page, 'mcp-disabled', (f) => testInfo.outputPath(f));
  await working.getByTestId('mcp-enabled').click();
  await expect(working.getByTestId('mcp-state')).toHaveText('ready with 6 tools');
  expect(globalSettings().mcpServers?.working).not.toHaveProperty('disabled');

  // Restart: it goes through starting again and comes back ready.
  const before = frames.length;
  await working.getByRole('button', { name: 'Restart working' }).click();
  await expect
    .poll(() => frames.slice(before).some((f) => f.includes('"mcp.onChanged"') && /"name":"working"[^}]*"state":"starting"/.test(f)))
    .toBe(true);
  await expect(working.getByTestId('mcp-state')).toHaveText('ready with 6 tools');
  await expect(working.getByTestId('mcp-error')).toHaveCount(0);

  // The broken one is given up after its restarts, and says so.
  await expect(broken.getByTestId('mcp-state')).toHaveText('failed', { timeout: 120_000 });
  await expect(broken.getByTestId('mcp-message')).toContainText('gave up after 6 restarts');
  await broken.scrollIntoViewIfNeeded();
  await screenshots(page, 'mcp-failed', (f) => testInfo.outputPath(f), broken);

  // A command that fails says why next to its server: the working one was removed from the file by hand.
  const { working: _removed, ...rest } = globalSettings().mcpServers ?? {};
  writeFileSync(settingsFile, JSON.stringify({ ...globalSettings(), mcpServers: rest }));
  await working.getByTestId('mcp-enabled').click();
  await expect(working.getByTestId('mcp-error')).toHaveText('No MCP server "working" in the global settings.');
  await expect(working.getByTestId('mcp-state')).toHaveText('ready with 6 tools');
  await working.scrollIntoViewIfNeeded();
  await screenshots(page, 'mcp-command-error', (f) => testInfo.outputPath(f), working);

  // Nothing configured any more: Reload stops them all and says where to configure servers.
  writeFileSync(settingsFile, JSON.stringify({ ...globalSettings(), mcpServers: {} }));
  rmSync(join(repo, '.akira', 'mcp.json'));
  await section.getByRole('button', { name: 'Reload the MCP configuration' }).click();
  await expect(section.getByTestId('mcp-empty')).toContainText('No MCP server is configured.');
  await expect(section.getByTestId('mcp-empty')).toContainText(settingsFile);
  await expect(section.getByTestId('mcp-servers')).toHaveCount(0);
  await expect(section.getByTestId('mcp-problems')).toHaveCount(0);
  await expect(section.getByTestId('mcp-reload')).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await screenshots(page, 'mcp-empty', (f) => testInfo.outputPath(f));
});
