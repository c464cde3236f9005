import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { serveWithModel, type ServedWithModel } from './support/agentServe';
import { makeFixtureRepo } from './support/fixtureRepo';
import { shootBoth } from './support/sessionsModel';

// Settings → MCP servers edits the global settings (issue 24), against `akira serve`: Add server starts the official
// server-everything; a wrong configuration is refused in words and the dialog keeps the text; Edit renames a server
// whose env value is shown hidden and kept in the file; Open settings file shows the whole mcpServers as JSON;
// Remove asks, then the server is gone from the list and the file.

const EVERYTHING = resolve(__dirname, '..', 'node_modules', '.bin', 'mcp-server-everything');
const FIXTURE = resolve(__dirname, '..', 'src', 'testing', 'mcp', 'stdioServer.mjs');

let app: ServedWithModel | null = null;
test.afterEach(async () => {
  await app?.stop();
  app = null;
});

const serverItem = (page: Page, name: string) => page.locator(`[data-testid="mcp-server"][data-name="${name}"]`);

test('add, refuse, edit, open the settings file and remove MCP servers in Settings', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  app = await serveWithModel(makeFixtureRepo(), {
    globalSettings: { ui: { theme: 'light' }, mcpServers: { notes: { command: process.execPath, args: [FIXTURE], env: { TOKEN: 's3cret-value' } } } },
  });
  const onDisk = () => JSON.parse(readFileSync(join(app!.dataDir, 'settings.json'), 'utf8')) as { ui?: unknown; mcpServers: Record<string, Record<string, unknown>> };

  await page.goto(app.served.url);
  await page.getByTestId('open-settings').click();
  const section = page.getByTestId('mcp-section');
  await section.scrollIntoViewIfNeeded();
  await expect(serverItem(page, 'notes').getByTestId('mcp-state')).toHaveText(/^ready with/);

  // Add server: the official server-everything, as Claude Desktop writes it.
  await section.getByTestId('mcp-add').click();
  const dialog = page.getByTestId('mcp-edit-dialog');
  await expect(dialog.getByTestId('mcp-edit-name')).toBeFocused();
  await dialog.getByTestId('mcp-edit-name').fill('everything');
  await dialog.getByTestId('mcp-edit-json').fill(JSON.stringify({ command: EVERYTHING, args: ['stdio'] }, null, 2));
  await shootBoth(page, testInfo, 'mcp-add-server');
  await dialog.getByTestId('mcp-edit-save').click();
  await expect(dialog).toBeHidden();
  await expect(serverItem(page, 'everything').getByTestId('mcp-state')).toHaveText(/^ready with \d+ tools$/, { timeout: 30_000 });

  // A wrong one is refused in words; the dialog keeps the text; the file is unchanged.
  const before = onDisk();
  await section.getByTestId('mcp-add').click();
  await dialog.getByTestId('mcp-edit-name').fill('broken');
  await dialog.getByTestId('mcp-edit-json').fill('{"args": ["--no-command"]}');
  await dialog.getByTestId('mcp-edit-save').click();
  await expect(dialog.getByTestId('mcp-edit-error')).toContainText('mcpServers.broken: an MCP server needs either "command"');
  await expect(dialog.getByTestId('mcp-edit-json')).toHaveValue('{"args": ["--no-command"]}');
  await dialog.getByTestId('mcp-edit-json').fill('{"args": ');
  await dialog.getByTestId('mcp-edit-save').click();
  await expect(dialog.getByTestId('mcp-edit-error')).toContainText('This is not JSON');
  await shootBoth(page, testInfo, 'mcp-add-refused');
  await dialog.getByTestId('mcp-edit-cancel').click();
  expect(onDisk()).toEqual(before);

  // Edit: the env value is hidden; renamed, the secret stays in the file.
  await serverItem(page, 'notes').getByTestId('mcp-edit').click();
  await expect(dialog.getByTestId('mcp-edit-json')).toHaveValue(/"TOKEN": "<hidden>"/);
  await expect(dialog.getByTestId('mcp-edit-json')).not.toHaveValue(/s3cret/);
  await dialog.getByTestId('mcp-edit-name').fill('notes2');
  await dialog.getByTestId('mcp-edit-save').click();
  await expect(serverItem(page, 'notes2').getByTestId('mcp-state')).toHaveText(/^ready with/, { timeout: 30_000 });
  await expect(serverItem(page, 'notes')).toHaveCount(0);
  expect(onDisk().mcpServers.notes2).toEqual({ command: process.execPath, args: [FIXTURE], env: { TOKEN: 's3cret-value' } });
  expect(onDisk().ui).toEqual({ theme: 'light' });

  // Open settings file: the whole mcpServers as JSON.
  await section.getByTestId('mcp-open-file').click();
  await expect(dialog.getByTestId('mcp-edit-file')).toContainText(join(app.dataDir, 'settings.json'));
  const json = JSON.parse(await dialog.getByTestId('mcp-edit-json').inputValue()) as Record<string, unknown>;
  expect(Object.keys(json)).toEqual(['notes2', 'everything']); // renamed in place
  await shootBoth(page, testInfo, 'mcp-settings-file');
  await dialog.getByTestId('mcp-edit-cancel').click();

  // Remove asks first; then the server is gone.
  await serverItem(page, 'everything').getByTestId('mcp-remove').click();
  await expect(page.getByTestId('mcp-remove-dialog')).toContainText('Remove “everything”?');
  await page.getByTestId('mcp-remove-confirm').click();
  await expect(serverItem(page, 'everything')).toHaveCount(0);
  expect(Object.keys(onDisk().mcpServers)).toEqual(['notes2']);
});
